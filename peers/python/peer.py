"""Writes rows of every type through every path of GreptimeDB's official Python ingester.

The program is a peer of greptime-jdbc: it writes into a server (normally the embedded one, started by
``io.greptime.jdbc.examples.PeerCheck``) and prints, one tab-separated line each, what it expects the
server to hold afterwards, so that PeerCheck can read the tables back through greptime-jdbc and compare
value by value. Lines:

  TABLE  <table> <path> <col>:<TYPE>:<SEMANTIC>[:<precision>,<scale>] ...
  ROW    <table> <value>...           expected final rows, in time-index order
  WROTE  <table> <path> <affected>    rows the client says the server stored
  ACCEPTED / REFUSED <check> [<message>]   outcome of a request that must succeed / fail
  SKIP   <path> <reason>
  ERROR  <path> <message>             an unexpected failure

Values are canonical text: ``\\N`` for NULL, integers in decimal (dates in days, times and timestamps in
the column's unit), floats as Python's shortest round-trip repr, strings as ``s:`` + UTF-8 hex, binary as
``x:`` + hex, decimals with the column's scale, JSON as compact text with sorted keys (GreptimeDB keeps
JSON as JSONB, whose objects are ordered by key).
"""

import argparse
import datetime
import decimal
import json
import struct
import sys

from greptimedb_ingester import (
    Client,
    Column,
    ColumnDataType as D,
    GreptimeError,
    SemanticType as S,
    WriteOptions,
)

# One field column per ColumnDataType the binding offers; "h" (tag) and "ts" (time index) lead.
FIELDS = [
    ("c_bool", D.BOOLEAN), ("c_i8", D.INT8), ("c_i16", D.INT16), ("c_i32", D.INT32), ("c_i64", D.INT64),
    ("c_u8", D.UINT8), ("c_u16", D.UINT16), ("c_u32", D.UINT32), ("c_u64", D.UINT64),
    ("c_f32", D.FLOAT32), ("c_f64", D.FLOAT64), ("c_str", D.STRING), ("c_bin", D.BINARY), ("c_date", D.DATE),
    ("c_ts_s", D.TIMESTAMP_SECOND), ("c_ts_ms", D.TIMESTAMP_MILLISECOND), ("c_ts_us", D.TIMESTAMP_MICROSECOND),
    ("c_ts_ns", D.TIMESTAMP_NANOSECOND), ("c_time_s", D.TIME_SECOND), ("c_time_ms", D.TIME_MILLISECOND),
    ("c_time_us", D.TIME_MICROSECOND), ("c_time_ns", D.TIME_NANOSECOND), ("c_dec", D.DECIMAL128), ("c_json", D.JSON),
]
DEC_PRECISION, DEC_SCALE = 20, 4


def columns(json_column=True):
    cols = [Column("h", D.STRING, S.TAG), Column("ts", D.TIMESTAMP_MILLISECOND, S.TIMESTAMP)]
    for name, dtype in FIELDS:
        if dtype == D.JSON and not json_column:
            continue
        if dtype == D.DECIMAL128:
            cols.append(Column(name, dtype, S.FIELD, precision=DEC_PRECISION, scale=DEC_SCALE))
        else:
            cols.append(Column(name, dtype, S.FIELD))
    return cols


def rows():
    """Typical values, the extremes of each type, all NULLs, and the small corner values."""
    utc = datetime.timezone.utc
    typical = ["host-a", 1_700_000_000_000, True, 12, 1234, 123456, 1234567890123, 200, 60000, 4_000_000_000,
               10_000_000_000_000_000_000, 1.5, 2.25, "plain text", b"\x01\x02\x03", datetime.date(2024, 2, 29),
               1_700_000_001, 1_700_000_002_003, datetime.datetime(2024, 1, 2, 3, 4, 5, 678901, tzinfo=utc),
               1_700_000_003_004_005_006, 3723, 3_723_004, 3_723_004_005, 3_723_004_005_006,
               decimal.Decimal("12345.6789"), {"b": [1, 2, {"z": None}], "a": "x"}]
    extremes = ["host-b", 1_700_000_000_001, False, -128, -32768, -2**31, -2**63, 255, 65535, 2**32 - 1, 2**64 - 1,
                3.4028234663852886e38, -1.7976931348623157e308, "h\u00e9llo \u2713 \U0001d11e \u4e2d\u6587",
                bytes(range(256)), -1, -1, -1, -1, -1, 86399, 86_399_999, 86_399_999_999, 86_399_999_999_999,
                decimal.Decimal("-9999999999999999.9999"), [1, "two", 3.5, True, None]]
    nulls = ["host-c", 1_700_000_000_002] + [None] * len(FIELDS)
    corners = ["", 1_700_000_000_003, True, 0, 0, 0, 0, 0, 0, 0, 0, 1.401298464324817e-45, -0.0, "", b"", 0, 0, 0, 0,
               0, 0, 0, 0, 0, decimal.Decimal("0.0001"), {"k\u00e9y": "tab\there \"quoted\""}]
    return [typical, extremes, nulls, corners]


def canonical(value, dtype):
    if value is None:
        return "\\N"
    if dtype == D.BOOLEAN:
        return "true" if value else "false"
    if dtype == D.FLOAT32:
        return repr(struct.unpack("<f", struct.pack("<f", value))[0])
    if dtype == D.FLOAT64:
        return repr(float(value))
    if dtype == D.STRING:
        return "s:" + value.encode("utf-8").hex()
    if dtype == D.BINARY:
        return "x:" + bytes(value).hex()
    if dtype == D.DATE and isinstance(value, datetime.date):
        return str((value - datetime.date(1970, 1, 1)).days)
    if dtype == D.TIMESTAMP_MICROSECOND and isinstance(value, datetime.datetime):
        delta = value - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
        return str((delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds)
    if dtype == D.DECIMAL128:
        return str(value.quantize(decimal.Decimal(1).scaleb(-DEC_SCALE)))
    if dtype == D.JSON:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return str(int(value))


def announce(table, path, data, cols=None):
    cols = cols or columns()
    specs = []
    for col in cols:
        spec = f"{col.name}:{str(col.data_type).split('.')[-1]}:{str(col.semantic_type).split('.')[-1]}"
        if col.data_type == D.DECIMAL128:
            spec += f":{DEC_PRECISION},{DEC_SCALE}"
        specs.append(spec)
    emit("TABLE", table, path, " ".join(specs))
    for row in sorted(data, key=lambda r: r[1]):
        emit("ROW", table, *(canonical(v, c.data_type) for v, c in zip(row, cols)))


def emit(*fields):
    print("\t".join(str(f) for f in fields), flush=True)


def guarded(path, action):
    try:
        action()
    except Exception as e:  # report and go on with the other paths
        emit("ERROR", path, type(e).__name__ + ": " + " ".join(str(e).split()))


def unary(client, table, path, hints=None):
    data = rows()
    announce(table, path, data)
    emit("WROTE", table, path, client.insert(table, columns(), data, hints=hints))


def without_json(row):
    return [v for v, (_, dtype) in zip(row, [("h", D.STRING), ("ts", D.TIMESTAMP_MILLISECOND)] + FIELDS)
            if dtype != D.JSON]


def bulk(client, table, compression):
    """Bulk DoPut needs an existing table: a unary insert of the first row creates it, DoPut writes the rest.

    The JSON column is left out: the bulk writer sends JSON as Binary holding JSON text, which GreptimeDB's
    DoPut stores unchecked as if it were JSONB (see bulk_json_text), so no server reads it back as JSON."""
    path = f"bulk_{compression}"
    cols = columns(json_column=False)
    data = [without_json(r) for r in rows()]
    announce(table, path, data, cols)
    emit("WROTE", table, "unary", client.insert(table, cols, data[:1]))
    writer = client.bulk_writer(table, cols, WriteOptions(compression=compression, parallelism=2))
    batch = writer.alloc_rows(len(data) - 1)
    batch.add_rows(data[1:])
    writer.write(batch)
    responses = writer.finish_with_responses()
    emit("WROTE", table, path, sum(r.affected_rows for r in responses))


def bulk_json_text(client, table):
    """What the bulk writer sends for a JSON column (Binary of JSON text) into a JSON column."""
    cols = columns()
    client.insert(table, cols, rows()[:1])
    writer = client.bulk_writer(table, cols, WriteOptions(compression="none", parallelism=1))
    batch = writer.alloc_rows(1)
    batch.add_rows([as_bulk_row(rows()[3])])
    writer.write(batch)
    writer.finish()


def as_bulk_row(row):
    """The bulk writer takes a JSON column as bytes of JSON text (it sends Binary; the server parses it)."""
    return [json.dumps(v).encode() if dtype == D.JSON and v is not None else v
            for v, dtype in zip(row, [c.data_type for c in columns()])]


def delete(client, table):
    data = rows()
    announce(table, "delete", [data[0], data[2]])
    emit("WROTE", table, "unary", client.insert(table, columns(), data))
    keys = [Column("h", D.STRING, S.TAG), Column("ts", D.TIMESTAMP_MILLISECOND, S.TIMESTAMP)]
    emit("WROTE", table, "delete", client.delete(table, keys, [[data[1][0], data[1][1]], [data[3][0], data[3][1]]]))


def append_mode(client, table):
    """The append_mode hint creates an append-only table: the same row twice is kept twice."""
    data = rows()[:1]
    emit("TABLE", table, "hint_append_mode", "h:STRING:TAG ts:TIMESTAMP_MILLISECOND:TIMESTAMP c_i64:INT64:FIELD")
    cols = [Column("h", D.STRING, S.TAG), Column("ts", D.TIMESTAMP_MILLISECOND, S.TIMESTAMP),
            Column("c_i64", D.INT64, S.FIELD)]
    for _ in range(2):
        emit("ROW", table, canonical(data[0][0], D.STRING), data[0][1], 42)
        emit("WROTE", table, "hint_append_mode", client.insert(table, cols, [[data[0][0], data[0][1], 42]],
                                                               hints=[("append_mode", "true")]))


def must_fail(check, action):
    try:
        action()
        emit("ACCEPTED", check)
    except GreptimeError as e:
        emit("REFUSED", check, " ".join(str(e).split())[:200])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--endpoint", required=True)
    ap.add_argument("--user")
    ap.add_argument("--password")
    ap.add_argument("--server-version", default="1.2", help="GreptimeDB line the server imitates, e.g. 0.17")
    ap.add_argument("--prefix", default="py")
    a = ap.parse_args()
    creds = dict(username=a.user, password=a.password) if a.user else {}
    client = Client([a.endpoint], database="public", **creds)
    p = a.prefix
    guarded("unary", lambda: unary(client, f"{p}_unary", "unary"))
    for codec in ("gzip", "zstd"):
        c = Client([a.endpoint], database="public", send_compression=codec, accept_compression=codec, **creds)
        guarded(f"unary_{codec}", lambda: unary(c, f"{p}_unary_{codec}", f"unary_{codec}"))
    guarded("delete", lambda: delete(client, f"{p}_delete"))
    guarded("hint_append_mode", lambda: append_mode(client, f"{p}_append"))
    major, minor = (int(x) for x in a.server_version.split(".")[:2])
    if (major, minor) < (0, 15):
        emit("SKIP", "bulk", f"GreptimeDB {a.server_version} has no bulk insert (its DoPut was a stub)")
    else:
        for codec in ("none", "lz4", "zstd"):
            guarded(f"bulk_{codec}", lambda: bulk(client, f"{p}_bulk_{codec}", codec))
        must_fail("bulk_json_text", lambda: bulk_json_text(client, f"{p}_bulk_json"))
    if a.user:
        wrong = Client([a.endpoint], database="public", username=a.user, password=a.password + "-wrong")
        must_fail("unary_wrong_password", lambda: wrong.insert(f"{p}_denied", columns(), rows()[:1]))
        must_fail("unary_no_credentials",
                  lambda: Client([a.endpoint], database="public").insert(f"{p}_denied", columns(), rows()[:1]))
        if (major, minor) >= (0, 15):
            def bulk_wrong():
                w = wrong.bulk_writer(f"{p}_bulk_none", columns(False), WriteOptions(compression="none"))
                b = w.alloc_rows(1)
                b.add_rows([without_json(rows()[0])])
                w.write(b)
                w.finish()
            must_fail("bulk_wrong_password", bulk_wrong)
    return 0


if __name__ == "__main__":
    sys.exit(main())
