package io.greptime.jdbc.typed;

import static io.greptime.jdbc.typed.TypedFixture.count;
import static io.greptime.jdbc.typed.TypedFixture.greptime;
import static io.greptime.jdbc.typed.TypedFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.Decimal;
import io.greptime.jdbc.Field;
import io.greptime.jdbc.GreptimeBulkWriter;
import io.greptime.jdbc.GreptimeRows;
import io.greptime.jdbc.GreptimeTable;
import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.Json;
import io.greptime.jdbc.Tag;
import io.greptime.jdbc.TimeIndex;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Records written with bulkWriter against the embedded server, and read back with GreptimeRows. */
class TypedBulkWriterTest {
    static final Instant T0 = Instant.parse("2024-03-01T00:00:00Z");

    @GreptimeTable("cpu")
    record Cpu(
            @Tag String host,
            @Tag String region,
            @TimeIndex Instant ts,
            @Field(name = "usr") double usageUser,
            Double usageSystem,
            Long requests) {}

    @GreptimeTable("all_types")
    record AllTypes(
            @TimeIndex(unit = TimeUnit.NANOSECONDS) Instant ts,
            boolean flag,
            Boolean boxedFlag,
            byte tiny,
            Byte boxedTiny,
            short small,
            Short boxedSmall,
            int normal,
            Integer boxedNormal,
            long big,
            Long boxedBig,
            float real,
            Float boxedReal,
            double dbl,
            Double boxedDbl,
            String text,
            byte[] bytes,
            @Decimal(precision = 12, scale = 3) BigDecimal price,
            @Field(unit = TimeUnit.MICROSECONDS) LocalDateTime wall,
            @Field(unit = TimeUnit.SECONDS) OffsetDateTime offset,
            LocalDate day,
            LocalTime clock) {}

    @GreptimeTable("events")
    record Event(
            @Tag String source, @TimeIndex Instant ts, @Json String payload, Integer level) {}

    @GreptimeTable("narrow")
    record Narrow(@TimeIndex Instant ts, int v) {}

    @GreptimeTable("partial")
    record Partial(@TimeIndex Instant ts, double a, double b) {}

    @GreptimeTable("never")
    record TwoTimes(@TimeIndex Instant a, @TimeIndex Instant b) {}

    @GreptimeTable("swapped")
    record Swapped(@TimeIndex Instant other, Instant ts) {}

    private TypedFixture fixture;

    @BeforeEach
    void start() {
        fixture = new TypedFixture();
    }

    @AfterEach
    void stop() {
        fixture.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes())
                .as("driver Arrow memory after close")
                .isZero();
    }

    static Cpu cpu(int i) {
        return new Cpu(
                "h" + (i % 10),
                i % 2 == 0 ? "eu" : "us",
                T0.plusMillis(i),
                i * 0.25,
                i % 7 == 0 ? null : i / 3.0,
                i % 11 == 0 ? null : (long) i * 1_000_003L);
    }

    @Test
    void cpu_tenThousandRecords_goOverDoPut_andReadBackEqual() throws Exception {
        List<Cpu> written = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            written.add(cpu(i));
        }
        try (Connection c = fixture.connect("bulkFlushRows=3000")) {
            try (GreptimeBulkWriter<Cpu> w = greptime(c).bulkWriter(Cpu.class)) {
                w.writeAll(written);
                assertThat(w.pendingRows()).isEqualTo(10_000);
                assertThat(w.flush()).isEqualTo(10_000);
                assertThat(w.pendingRows()).isZero();
            }
            GreptimeWriteStatistics s = stats(c);
            assertThat(s.doPutStreams()).isEqualTo(1);
            assertThat(s.doPutBatches()).as("3000 + 3000 + 3000 + 1000").isEqualTo(4);
            assertThat(s.doPutRows()).isEqualTo(10_000);
            assertThat(s.rowInsertRows()).isZero();
            assertThat(fixture.engine.putBatches.get()).isEqualTo(4);
            assertThat(fixture.engine.rowInsertRequests.get()).isZero();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM cpu ORDER BY ts")) {
                assertThat(GreptimeRows.read(rs, Cpu.class)).isEqualTo(written);
            }
        }
    }

    @Test
    void missingTable_isCreatedFromTheMapping_tagsAsPrimaryKey() throws Exception {
        try (Connection c = fixture.connect("")) {
            try (GreptimeBulkWriter<Cpu> w = greptime(c).bulkWriter(Cpu.class)) {
                w.write(cpu(1));
            }
            Map<String, String> columns = new LinkedHashMap<>();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery(
                            "SELECT column_name, semantic_type, "
                                    + "data_type FROM information_schema.columns WHERE table_name = 'cpu' ORDER BY ordinal_position")) {
                while (rs.next()) {
                    columns.put(rs.getString(1), rs.getString(2) + " " + rs.getString(3));
                }
            }
            assertThat(columns)
                    .containsExactly(
                            Map.entry("host", "TAG string"),
                            Map.entry("region", "TAG string"),
                            Map.entry("ts", "TIMESTAMP timestamp(3)"),
                            Map.entry("usr", "FIELD double"),
                            Map.entry("usage_system", "FIELD double"),
                            Map.entry("requests", "FIELD bigint"));
            assertThat(count(c, "cpu")).as("close() flushed").isEqualTo(1);
        }
    }

    @Test
    void nullsInBoxedComponents_roundTrip() throws Exception {
        List<Cpu> written = List.of(
                new Cpu("a", "eu", T0, 1.0, null, null),
                new Cpu("a", "eu", T0.plusSeconds(1), 2.0, 0.5, null),
                new Cpu("b", "us", T0, 3.0, null, 7L));
        try (Connection c = fixture.connect("")) {
            try (GreptimeBulkWriter<Cpu> w = greptime(c).bulkWriter(Cpu.class)) {
                w.writeAll(written);
                assertThat(w.flush()).isEqualTo(3);
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM cpu ORDER BY host, ts")) {
                assertThat(GreptimeRows.read(rs, Cpu.class)).isEqualTo(written);
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT count(*) FROM cpu WHERE usage_system IS NULL")) {
                rs.next();
                assertThat(rs.getLong(1))
                        .as("nulls are stored as SQL NULL, not 0")
                        .isEqualTo(2);
            }
        }
    }

    static AllTypes extremes() {
        return new AllTypes(
                T0.plusNanos(123_456_789),
                true,
                false,
                Byte.MIN_VALUE,
                Byte.MAX_VALUE,
                Short.MIN_VALUE,
                Short.MAX_VALUE,
                Integer.MIN_VALUE,
                Integer.MAX_VALUE,
                Long.MIN_VALUE,
                Long.MAX_VALUE,
                1.5f,
                -0.25f,
                Math.PI,
                -1e300,
                "grüße ✓",
                new byte[] {0, -1, 127, -128},
                new BigDecimal("-123456789.125"),
                LocalDateTime.parse("2024-02-29T23:59:59.123456"),
                OffsetDateTime.of(2024, 5, 6, 7, 8, 9, 0, ZoneOffset.UTC),
                LocalDate.of(1969, 12, 31),
                LocalTime.parse("13:45:30.123"));
    }

    static AllTypes nulls() {
        return new AllTypes(
                T0, false, null, (byte) 0, null, (short) 0, null, 0, null, 0L, null, 0f, null, 0d, null, null, null,
                null, null, null, null, null);
    }

    @Test
    void everySupportedType_roundTrips_overDoPut() throws Exception {
        try (Connection c = fixture.connect("")) {
            try (GreptimeBulkWriter<AllTypes> w = greptime(c).bulkWriter(AllTypes.class)) {
                w.write(extremes());
                w.write(nulls());
                assertThat(w.flush()).isEqualTo(2);
            }
            assertThat(stats(c).doPutRows()).isEqualTo(2);
            List<AllTypes> read;
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM all_types ORDER BY ts DESC")) {
                read = GreptimeRows.read(rs, AllTypes.class);
            }
            assertThat(read).hasSize(2);
            assertThat(read.get(0)).usingRecursiveComparison().isEqualTo(extremes());
            assertThat(read.get(1)).usingRecursiveComparison().isEqualTo(nulls());
        }
    }

    @Test
    void jsonComponent_goesAsJsonbOverDoPut_andReadsBackAsText() throws Exception {
        List<Event> written = List.of(
                new Event("app", T0, "{\"a\":1,\"b\":[true,null,\"x\"]}", 3),
                new Event("app", T0.plusSeconds(1), null, null),
                new Event("db", T0, "[1,2.5,{\"k\":\"v\"}]", 1));
        try (Connection c = fixture.connect("bulkFlushRows=2")) {
            try (GreptimeBulkWriter<Event> w = greptime(c).bulkWriter(Event.class)) {
                w.write(written.get(0));
                assertThatThrownBy(() -> w.write(new Event("app", T0.plusSeconds(9), "{\"a\" 1}", 0)))
                        .isInstanceOf(SQLDataException.class)
                        .hasMessageContaining("Record 2 since the last flush, component 'payload'")
                        .hasMessageContaining("offset 5")
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("22032");
                w.writeAll(written.subList(1, 3));
                assertThat(w.flush()).isEqualTo(3);
            }
            GreptimeWriteStatistics s = stats(c);
            assertThat(s.doPutRows()).isEqualTo(3);
            assertThat(s.doPutBatches()).as("2 + 1 rows").isEqualTo(2);
            assertThat(s.rowInsertRows()).isZero();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM events ORDER BY source, ts")) {
                assertThat(GreptimeRows.read(rs, Event.class)).isEqualTo(written);
            }
        }
    }

    @Test
    void valueOutOfRangeForExistingColumn_refusesThatRecordOnly() throws Exception {
        try (Connection c = fixture.connect("")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE narrow (ts TIMESTAMP(3) TIME INDEX, v TINYINT)");
            }
            try (GreptimeBulkWriter<Narrow> w = greptime(c).bulkWriter(Narrow.class)) {
                w.write(new Narrow(T0, 1));
                assertThatThrownBy(() -> w.write(new Narrow(T0.plusSeconds(1), 300)))
                        .isInstanceOf(SQLDataException.class)
                        .hasMessageContaining("Record 2 since the last flush, component 'v'")
                        .hasMessageContaining("out of range for column 'v' of type Int8")
                        .hasMessageNotContaining("300") // values never appear in messages (they may be secrets)
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("22003");
                w.write(new Narrow(T0.plusSeconds(2), -128));
                assertThat(w.flush()).isEqualTo(2);
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT v FROM narrow ORDER BY ts")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(1);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(-128);
                assertThat(rs.next()).isFalse();
            }
        }
    }

    @Test
    void nullTimeIndex_isRefusedAtWrite() throws Exception {
        try (Connection c = fixture.connect("")) {
            try (GreptimeBulkWriter<Cpu> w = greptime(c).bulkWriter(Cpu.class)) {
                w.write(cpu(1));
                assertThatThrownBy(() -> w.write(new Cpu("x", "eu", null, 1, null, null)))
                        .isInstanceOf(SQLDataException.class)
                        .hasMessageContaining("Record 2 since the last flush")
                        .hasMessageContaining("time index column 'ts' must not be NULL")
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("22004");
                w.write(cpu(2));
                assertThat(w.flush()).isEqualTo(2);
            }
            assertThat(count(c, "cpu")).isEqualTo(2);
        }
    }

    @Test
    void mappingMistake_failsAtBulkWriter_beforeAnyTableExists() throws Exception {
        try (Connection c = fixture.connect("")) {
            assertThatThrownBy(() -> greptime(c).bulkWriter(TwoTimes.class))
                    .isInstanceOf(SQLSyntaxErrorException.class)
                    .hasMessageContaining("has two @TimeIndex components, 'a' and 'b'");
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery(
                            "SELECT count(*) FROM information_schema.tables WHERE table_name = 'never'")) {
                rs.next();
                assertThat(rs.getLong(1)).isZero();
            }
            assertThat(stats(c).doPutStreams()).isZero();
        }
    }

    @Test
    void existingTableWithoutAComponentsColumn_failsAtBulkWriter_42S22() throws Exception {
        try (Connection c = fixture.connect("")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE partial (ts TIMESTAMP(3) TIME INDEX, a DOUBLE)");
            }
            assertThatThrownBy(() -> greptime(c).bulkWriter(Partial.class))
                    .hasMessageContaining("Table partial has no column 'b' for component 'b'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("42S22");
        }
    }

    @Test
    void timeIndexThatIsNotTheTables_failsAtBulkWriter() throws Exception {
        try (Connection c = fixture.connect("")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE swapped (ts TIMESTAMP(3) TIME INDEX, `other` TIMESTAMP(3))");
            }
            assertThatThrownBy(() -> greptime(c).bulkWriter(Swapped.class))
                    .isInstanceOf(SQLSyntaxErrorException.class)
                    .hasMessageContaining("maps 'other' as its time index, which in table swapped it is not");
        }
    }

    @Test
    void recordWithoutTable_needsOne_andTakesAnExplicitName() throws Exception {
        record Plain(@TimeIndex Instant ts, double v) {}
        try (Connection c = fixture.connect("")) {
            assertThatThrownBy(() -> greptime(c).bulkWriter(Plain.class))
                    .hasMessageContaining("has no @GreptimeTable and no table name was given");
            try (GreptimeBulkWriter<Plain> w = greptime(c).bulkWriter(Plain.class, "plain_rows")) {
                w.write(new Plain(T0, 4.5));
            }
            assertThat(count(c, "plain_rows")).isEqualTo(1);
        }
    }

    @Test
    void serverFailureMidStream_flushSaysWhichRowsAreIn_andTheWriterGoesOn() throws Exception {
        try (Connection c = fixture.connect("bulkFlushRows=100");
                GreptimeBulkWriter<Cpu> w = greptime(c).bulkWriter(Cpu.class)) {
            fixture.engine.failPutAfter(2);
            for (int i = 0; i < 500; i++) {
                w.write(cpu(i));
            }
            assertThatThrownBy(w::flush)
                    .hasMessageContaining("failed after 200 of 500 rows since the last flush were written")
                    .hasMessageContaining("Injected region failure");
            assertThat(count(c, "cpu")).isEqualTo(200);
            for (int i = 1000; i < 1050; i++) {
                w.write(cpu(i));
            }
            assertThat(w.flush()).isEqualTo(50);
            assertThat(count(c, "cpu")).isEqualTo(250);
            assertThat(stats(c).doPutStreams())
                    .as("a new stream after the failed one")
                    .isEqualTo(2);
        }
    }

    @Test
    void writerLeftOpen_isFreedWhenTheConnectionCloses() throws Exception {
        Connection c = fixture.connect("");
        GreptimeBulkWriter<Cpu> w = greptime(c).bulkWriter(Cpu.class);
        w.write(cpu(1));
        c.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
        assertThatThrownBy(() -> w.write(cpu(2))).hasMessageContaining("is closed");
    }
}
