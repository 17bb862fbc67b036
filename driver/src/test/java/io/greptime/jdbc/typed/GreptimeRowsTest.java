package io.greptime.jdbc.typed;

import static io.greptime.jdbc.typed.TypedFixture.greptime;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.Field;
import io.greptime.jdbc.GreptimeBulkWriter;
import io.greptime.jdbc.GreptimeRows;
import io.greptime.jdbc.Tag;
import io.greptime.jdbc.TimeIndex;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.typed.TypedBulkWriterTest.Cpu;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Result rows read into records by column label, with the result set's own conversions. */
class GreptimeRowsTest {
    private static TypedFixture fixture;
    private static Connection c;

    /** The same rows as Cpu, the columns in another order, a component renamed and a wall-clock time index. */
    record CpuView(
            @Field(name = "usr") double user,
            @TimeIndex LocalDateTime ts,
            @Tag String host) {}

    /** An aggregate's columns: no time index needed for reading. */
    record HostCount(String host, long n) {}

    record PrimitiveSystem(String host, double usageSystem) {}

    record Missing(String host, double nowhere) {}

    record Offsets(String host, OffsetDateTime ts) {}

    @BeforeAll
    static void write() throws SQLException {
        fixture = new TypedFixture();
        c = fixture.connect("");
        try (GreptimeBulkWriter<Cpu> w = greptime(c).bulkWriter(Cpu.class)) {
            for (int i = 0; i < 30; i++) {
                w.write(TypedBulkWriterTest.cpu(i));
            }
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        c.close();
        fixture.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }

    private static ResultSet query(String sql) throws SQLException {
        Statement st = c.createStatement();
        st.closeOnCompletion();
        return st.executeQuery(sql);
    }

    @Test
    void read_matchesColumnsByLabel_inAnyOrder_ignoringExtraColumns() throws Exception {
        List<CpuView> rows;
        try (ResultSet rs = query("SELECT 42 AS extra, host, region, usr, ts FROM cpu WHERE host = 'h3' ORDER BY ts")) {
            rows = GreptimeRows.read(rs, CpuView.class);
        }
        List<CpuView> expected = IntStream.of(3, 13, 23)
                .mapToObj(TypedBulkWriterTest::cpu)
                .map(x -> new CpuView(x.usageUser(), LocalDateTime.ofInstant(x.ts(), ZoneOffset.UTC), x.host()))
                .collect(Collectors.toList());
        assertThat(rows).isEqualTo(expected);
    }

    @Test
    void read_recordWithoutTimeIndex_holdsAnAggregate() throws Exception {
        try (ResultSet rs = query("SELECT host, count(*) AS n FROM cpu GROUP BY host ORDER BY host LIMIT 2")) {
            assertThat(GreptimeRows.read(rs, HostCount.class))
                    .containsExactly(new HostCount("h0", 3), new HostCount("h1", 3));
        }
    }

    @Test
    void read_offsetDateTime_isInTheSessionZone() throws Exception {
        try (ResultSet rs = query("SELECT host, ts FROM cpu WHERE host = 'h1' ORDER BY ts LIMIT 1")) {
            assertThat(GreptimeRows.read(rs, Offsets.class))
                    .containsExactly(new Offsets(
                            "h1", TypedBulkWriterTest.T0.plusMillis(1).atOffset(ZoneOffset.UTC)));
        }
    }

    @Test
    void read_componentWithoutColumn_failsBeforeAnyRow_42S22() throws Exception {
        try (ResultSet rs = query("SELECT host, usr FROM cpu")) {
            assertThatThrownBy(() -> GreptimeRows.read(rs, Missing.class))
                    .hasMessageContaining("The result has no column 'nowhere' for component 'nowhere'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("42S22");
            assertThat(rs.getRow()).as("no row was read").isZero();
        }
    }

    @Test
    void read_nullIntoPrimitive_is22002() throws Exception {
        try (ResultSet rs = query("SELECT host, usage_system FROM cpu WHERE usage_system IS NULL")) {
            assertThatThrownBy(() -> GreptimeRows.read(rs, PrimitiveSystem.class))
                    .isInstanceOf(SQLDataException.class)
                    .hasMessageContaining(
                            "column 'usage_system' is NULL, which primitive component 'usageSystem' cannot hold")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22002");
        }
    }

    @Test
    void stream_isLazy_andClosingItClosesTheResultSet() throws Exception {
        ResultSet rs = query("SELECT * FROM cpu ORDER BY ts");
        try (Stream<Cpu> rows = GreptimeRows.stream(rs, Cpu.class)) {
            List<Cpu> first = rows.limit(2).collect(Collectors.toList());
            assertThat(first).containsExactly(TypedBulkWriterTest.cpu(0), TypedBulkWriterTest.cpu(1));
            assertThat(rs.getRow()).as("only the rows taken were read").isEqualTo(2);
        }
        assertThat(rs.isClosed()).isTrue();
    }
}
