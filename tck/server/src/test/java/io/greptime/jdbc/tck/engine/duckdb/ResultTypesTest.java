package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Query results carry the Arrow types and field metadata GreptimeDB emits (protocol.md §7). */
class ResultTypesTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void tableColumns_haveGreptimeArrowTypes() {
        f.update("CREATE TABLE t (i8 TINYINT, u8 TINYINT UNSIGNED, i16 SMALLINT, u16 SMALLINT UNSIGNED, i32 INT,"
                + " u32 INT UNSIGNED, i64 BIGINT, u64 BIGINT UNSIGNED, f FLOAT, d DOUBLE, b BOOLEAN, s STRING,"
                + " bin VARBINARY, dt DATE, amt DECIMAL(10, 2), t0 TIME(0), iv INTERVAL, v VECTOR(2),"
                + " ts0 TIMESTAMP(0), ts6 DATETIME, ts9 TIMESTAMP(9), ts TIMESTAMP TIME INDEX)");
        f.update("INSERT INTO t VALUES (-1, 255, -2, 65535, -3, 4294967295, -4, 18446744073709551615, 1.5, 2.5,"
                + " true, 'x', 'ab', '2024-01-02', 12.34, '01:02:03', NULL, '[1.0, 2.0]', 1, 2, 3, 4)");
        EngineFixture.Result r = f.query("SELECT * FROM t");
        assertThat(r.schema().getFields())
                .extracting(Field::getType)
                .containsExactly(
                        new ArrowType.Int(8, true),
                        new ArrowType.Int(8, false),
                        new ArrowType.Int(16, true),
                        new ArrowType.Int(16, false),
                        new ArrowType.Int(32, true),
                        new ArrowType.Int(32, false),
                        new ArrowType.Int(64, true),
                        new ArrowType.Int(64, false),
                        new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE),
                        new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE),
                        ArrowType.Bool.INSTANCE,
                        ArrowType.Utf8.INSTANCE,
                        ArrowType.Binary.INSTANCE,
                        new ArrowType.Date(DateUnit.DAY),
                        new ArrowType.Decimal(10, 2, 128),
                        new ArrowType.Time(TimeUnit.SECOND, 32),
                        new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO),
                        ArrowType.Binary.INSTANCE,
                        new ArrowType.Timestamp(TimeUnit.SECOND, null),
                        new ArrowType.Timestamp(TimeUnit.MICROSECOND, null),
                        new ArrowType.Timestamp(TimeUnit.NANOSECOND, null),
                        new ArrowType.Timestamp(TimeUnit.MILLISECOND, null));
        assertThat(r.rows().get(0))
                .containsExactly(
                        "-1",
                        "255",
                        "-2",
                        "65535",
                        "-3",
                        "4294967295",
                        "-4",
                        "18446744073709551615",
                        "1.5",
                        "2.5",
                        "true",
                        "x",
                        "6162",
                        "2024-01-02",
                        "12.34",
                        "01:02:03",
                        null,
                        "0000803f00000040",
                        "1970-01-01T00:00:01",
                        "1970-01-01T00:00:00.000002",
                        "1970-01-01T00:00:00.000000003",
                        "1970-01-01T00:00:00.004");
        assertThat(r.schema().findField("v").getMetadata()).containsEntry("greptime:type", "Vector(2)");
        assertThat(r.schema().findField("ts").getMetadata()).containsEntry("greptime:time_index", "true");
        assertThat(r.schema().findField("ts0").getMetadata()).isEmpty();
    }

    @Test
    void jsonColumn_isBinaryWithJsonMetadata() {
        f.update("CREATE TABLE j (ts TIMESTAMP TIME INDEX, doc JSON)");
        Field doc = f.query("SELECT doc FROM j").schema().findField("doc");
        assertThat(doc.getType()).isEqualTo(ArrowType.Binary.INSTANCE);
        assertThat(doc.getMetadata()).isEqualTo(Map.of("greptime:type", "Json"));
    }

    @Test
    void jsonValues_travelAsJsonb() throws Exception {
        f.update("CREATE TABLE j (ts TIMESTAMP TIME INDEX, doc JSON)");
        f.update("INSERT INTO j VALUES (1, '{\"a\": [1, true, null], \"b\": \"x\"}')");
        io.greptime.jdbc.tck.engine.Output out = f.engine.execute(f.ctx, "SELECT doc FROM j", f.allocator);
        try (org.apache.arrow.vector.ipc.ArrowReader r = ((io.greptime.jdbc.tck.engine.Output.Rows) out).reader()) {
            assertThat(r.loadNextBatch()).isTrue();
            byte[] jsonb = ((org.apache.arrow.vector.VarBinaryVector)
                            r.getVectorSchemaRoot().getVector(0))
                    .get(0);
            assertThat(io.greptime.jdbc.arrow.jsonb.Jsonb.decode(jsonb)).isEqualTo("{\"a\":[1,true,null],\"b\":\"x\"}");
        }
        f.fails(
                "INSERT INTO j VALUES (2, '{not json')",
                io.greptime.jdbc.proto.StatusCode.INVALID_ARGUMENTS,
                "Invalid JSON: {not json");
    }

    @Test
    void sessionFunctions_areUtf8View() {
        f.ctx = f.ctx.withTimeZone(java.time.ZoneId.of("Asia/Tokyo"));
        EngineFixture.Result r = f.query("SELECT version(), database(), timezone()");
        assertThat(r.schema().getFields())
                .extracting(Field::getName)
                .containsExactly("version()", "database()", "timezone()");
        assertThat(r.schema().getFields()).extracting(Field::getType).containsOnly(ArrowType.Utf8View.INSTANCE);
        assertThat(r.rows().get(0)).containsExactly(DuckDbEngine.VERSION, "public", "Asia/Tokyo");
    }

    @Test
    void aggregateNames_followDataFusion() {
        f.update("CREATE TABLE m (host STRING PRIMARY KEY, cpu DOUBLE, ts TIMESTAMP TIME INDEX)");
        f.update("INSERT INTO m VALUES ('a', 1, 1), ('b', 2, 2)");
        EngineFixture.Result r = f.query("SELECT count(*), avg(cpu), max(ts) AS latest, HOST FROM m GROUP BY host");
        assertThat(r.schema().getFields())
                .extracting(Field::getName)
                .containsExactly("count(*)", "avg(m.cpu)", "latest", "host");
        assertThat(r.schema().getFields().get(2).getType())
                .isEqualTo(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null));
    }

    @Test
    void emptyResult_keepsSchema() {
        f.update("CREATE TABLE e (ts TIMESTAMP TIME INDEX, s STRING)");
        EngineFixture.Result r = f.query("SELECT * FROM e");
        assertThat(r.rows()).isEmpty();
        assertThat(r.schema().getFields()).extracting(Field::getName).isEqualTo(List.of("ts", "s"));
    }
}
