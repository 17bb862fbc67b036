// Command peer writes rows of every type through every path of GreptimeDB's official Go ingester
// (github.com/GreptimeTeam/greptimedb-ingester-go) and prints what it expects the server to hold, in the
// line format of peers/python/peer.py, for io.greptime.jdbc.examples.PeerCheck to read back through
// greptime-jdbc and compare. Paths: unary row inserts (Write), streaming row inserts (StreamWrite +
// CloseStream), unary and streaming row deletes, gzip request compression, and with auth on the
// refusals of a wrong password and of missing credentials. The Go ingester has no bulk (DoPut) writer,
// and its table API offers no TIME or DECIMAL columns.
package main

import (
	"context"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	greptime "github.com/GreptimeTeam/greptimedb-ingester-go"
	"github.com/GreptimeTeam/greptimedb-ingester-go/table"
	"github.com/GreptimeTeam/greptimedb-ingester-go/table/types"
	"google.golang.org/grpc"
	"google.golang.org/grpc/encoding/gzip"
)

type column struct {
	name string
	typ  types.ColumnType
	kind string // the ColumnDataType name PeerCheck reads it as
}

var fields = []column{
	{"c_bool", types.BOOLEAN, "BOOLEAN"}, {"c_i8", types.INT8, "INT8"}, {"c_i16", types.INT16, "INT16"},
	{"c_i32", types.INT32, "INT32"}, {"c_i64", types.INT64, "INT64"}, {"c_u8", types.UINT8, "UINT8"},
	{"c_u16", types.UINT16, "UINT16"}, {"c_u32", types.UINT32, "UINT32"}, {"c_u64", types.UINT64, "UINT64"},
	{"c_f32", types.FLOAT32, "FLOAT32"}, {"c_f64", types.FLOAT64, "FLOAT64"}, {"c_str", types.STRING, "STRING"},
	{"c_bin", types.BINARY, "BINARY"}, {"c_date", types.DATE, "DATE"},
	{"c_ts_s", types.TIMESTAMP_SECOND, "TIMESTAMP_SECOND"}, {"c_ts_ms", types.TIMESTAMP_MILLISECOND, "TIMESTAMP_MILLISECOND"},
	{"c_ts_us", types.TIMESTAMP_MICROSECOND, "TIMESTAMP_MICROSECOND"}, {"c_ts_ns", types.TIMESTAMP_NANOSECOND, "TIMESTAMP_NANOSECOND"},
	{"c_json", types.JSON, "JSON"},
}

func allBytes() []byte {
	b := make([]byte, 256)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// rows: typical values, each type's extremes, all NULLs, and the small corner values (h, ts lead).
func rows() [][]any {
	utc := time.Date(2024, 1, 2, 3, 4, 5, 678901000, time.UTC)
	return [][]any{
		{"host-a", int64(1_700_000_000_000), true, int8(12), int16(1234), int32(123456), int64(1234567890123),
			uint8(200), uint16(60000), uint32(4_000_000_000), uint64(10_000_000_000_000_000_000), float32(1.5), 2.25,
			"plain text", []byte{1, 2, 3}, int64(19782), int64(1_700_000_001), int64(1_700_000_002_003), utc,
			int64(1_700_000_003_004_005_006), `{"b":[1,2,{"z":null}],"a":"x"}`},
		{"host-b", int64(1_700_000_000_001), false, int8(math.MinInt8), int16(math.MinInt16), int32(math.MinInt32),
			int64(math.MinInt64), uint8(math.MaxUint8), uint16(math.MaxUint16), uint32(math.MaxUint32),
			uint64(math.MaxUint64), float32(math.MaxFloat32), -math.MaxFloat64, "h\u00e9llo \u2713 \U0001d11e \u4e2d\u6587",
			allBytes(), int64(-1), int64(-1), int64(-1), int64(-1), int64(-1), `[1,"two",3.5,true,null]`},
		{"host-c", int64(1_700_000_000_002), nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil,
			nil, nil, nil, nil},
		{"", int64(1_700_000_000_003), true, int8(0), int16(0), int32(0), int64(0), uint8(0), uint16(0), uint32(0),
			uint64(0), float32(math.SmallestNonzeroFloat32), math.Copysign(0, -1), "", []byte{}, int64(0), int64(0),
			int64(0), int64(0), int64(0), `{"k\u00e9y":"tab\there \"quoted\""}`},
	}
}

func canonical(v any, kind string) string {
	if v == nil {
		return `\N`
	}
	switch x := v.(type) {
	case bool:
		return strconv.FormatBool(x)
	case float32:
		return strconv.FormatFloat(float64(x), 'g', -1, 32)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case []byte:
		return "x:" + hex.EncodeToString(x)
	case time.Time:
		return strconv.FormatInt(x.UnixMicro(), 10)
	case string:
		if kind == "JSON" {
			return sortedJSON(x)
		}
		return "s:" + hex.EncodeToString([]byte(x))
	}
	return fmt.Sprint(v)
}

func emit(f ...any) {
	s := make([]string, len(f))
	for i, x := range f {
		s[i] = fmt.Sprint(x)
	}
	fmt.Println(strings.Join(s, "\t"))
}

func newTable(name string, data [][]any) (*table.Table, error) {
	t, err := table.New(name)
	if err != nil {
		return nil, err
	}
	if err = t.AddTagColumn("h", types.STRING); err != nil {
		return nil, err
	}
	if err = t.AddTimestampColumn("ts", types.TIMESTAMP_MILLISECOND); err != nil {
		return nil, err
	}
	for _, c := range fields {
		if err = t.AddFieldColumn(c.name, c.typ); err != nil {
			return nil, err
		}
	}
	for _, r := range data {
		if err = t.AddRow(r...); err != nil {
			return nil, err
		}
	}
	return t, nil
}

func keyTable(name string, data [][]any) (*table.Table, error) {
	t, _ := table.New(name)
	if err := t.AddTagColumn("h", types.STRING); err != nil {
		return nil, err
	}
	if err := t.AddTimestampColumn("ts", types.TIMESTAMP_MILLISECOND); err != nil {
		return nil, err
	}
	for _, r := range data {
		if err := t.AddRow(r[0], r[1]); err != nil {
			return nil, err
		}
	}
	return t, nil
}

func announce(name, path string, data [][]any) {
	specs := []string{"h:STRING:TAG", "ts:TIMESTAMP_MILLISECOND:TIMESTAMP"}
	for _, c := range fields {
		specs = append(specs, c.name+":"+c.kind+":FIELD")
	}
	emit("TABLE", name, path, strings.Join(specs, " "))
	kinds := []string{"STRING", "TIMESTAMP_MILLISECOND"}
	for _, c := range fields {
		kinds = append(kinds, c.kind)
	}
	for _, r := range data {
		out := []any{"ROW", name}
		for i, v := range r {
			out = append(out, canonical(v, kinds[i]))
		}
		emit(out...)
	}
}

func guarded(path string, f func() error) {
	if err := f(); err != nil {
		emit("ERROR", path, strings.Join(strings.Fields(err.Error()), " "))
	}
}

func mustFail(check string, f func() error) {
	if err := f(); err != nil {
		msg := strings.Join(strings.Fields(err.Error()), " ")
		if len(msg) > 200 {
			msg = msg[:200]
		}
		emit("REFUSED", check, msg)
	} else {
		emit("ACCEPTED", check)
	}
}

func client(endpoint, user, password string, opts ...grpc.DialOption) (*greptime.Client, error) {
	host, portText, _ := strings.Cut(endpoint, ":")
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("bad --endpoint %q", endpoint)
	}
	cfg := greptime.NewConfig(host).WithPort(port).WithDatabase("public").WithInsecure(true)
	if user != "" {
		cfg = cfg.WithAuth(user, password)
	}
	for _, o := range opts {
		cfg = cfg.WithDialOption(o)
	}
	return greptime.NewClient(cfg)
}

func unary(ctx context.Context, c *greptime.Client, name, path string) error {
	data := rows()
	announce(name, path, data)
	t, err := newTable(name, data)
	if err != nil {
		return err
	}
	resp, err := c.Write(ctx, t)
	if err != nil {
		return err
	}
	emit("WROTE", name, path, resp.GetAffectedRows().GetValue())
	return nil
}

func stream(ctx context.Context, c *greptime.Client, name string) error {
	data := rows()
	announce(name, "stream", data)
	for _, r := range data { // one request per row: HandleRequests sums them
		t, err := newTable(name, [][]any{r})
		if err != nil {
			return err
		}
		if err = c.StreamWrite(ctx, t); err != nil {
			return err
		}
	}
	affected, err := c.CloseStream(ctx)
	if err != nil {
		return err
	}
	emit("WROTE", name, "stream", affected.GetValue())
	return nil
}

func deletes(ctx context.Context, c *greptime.Client, name string, streaming bool) error {
	data := rows()
	path := "delete"
	if streaming {
		path = "stream_delete"
	}
	announce(name, path, [][]any{data[0], data[2]})
	t, err := newTable(name, data)
	if err != nil {
		return err
	}
	if _, err = c.Write(ctx, t); err != nil {
		return err
	}
	keys, err := keyTable(name, [][]any{data[1], data[3]})
	if err != nil {
		return err
	}
	if streaming {
		if err = c.StreamDelete(ctx, keys); err != nil {
			return err
		}
		affected, err := c.CloseStream(ctx)
		if err != nil {
			return err
		}
		emit("WROTE", name, path, affected.GetValue())
		return nil
	}
	resp, err := c.Delete(ctx, keys)
	if err != nil {
		return err
	}
	emit("WROTE", name, path, resp.GetAffectedRows().GetValue())
	return nil
}

func main() {
	endpoint := flag.String("endpoint", "127.0.0.1:4001", "GreptimeDB gRPC host:port")
	user := flag.String("user", "", "user name (auth on)")
	password := flag.String("password", "", "password")
	_ = flag.String("server-version", "1.2", "GreptimeDB line the server imitates (unused: no bulk path)")
	prefix := flag.String("prefix", "go", "table name prefix")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := client(*endpoint, *user, *password)
	if err != nil {
		emit("ERROR", "connect", err)
		os.Exit(1)
	}
	p := *prefix
	guarded("unary", func() error { return unary(ctx, c, p+"_unary", "unary") })
	guarded("stream", func() error { return stream(ctx, c, p+"_stream") })
	guarded("delete", func() error { return deletes(ctx, c, p+"_delete", false) })
	guarded("stream_delete", func() error { return deletes(ctx, c, p+"_stream_delete", true) })
	gz, err := client(*endpoint, *user, *password, grpc.WithDefaultCallOptions(grpc.UseCompressor(gzip.Name)))
	if err == nil {
		guarded("unary_gzip", func() error { return unary(ctx, gz, p+"_unary_gzip", "unary_gzip") })
	}
	if *user != "" {
		wrong, _ := client(*endpoint, *user, *password+"-wrong")
		none, _ := client(*endpoint, "", "")
		t, _ := newTable(p+"_denied", rows()[:1])
		mustFail("unary_wrong_password", func() error { _, err := wrong.Write(ctx, t); return err })
		mustFail("unary_no_credentials", func() error { _, err := none.Write(ctx, t); return err })
	}
}
