package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.testing.DuckDbFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** PromQL through the driver: TQL statements, prom_range_query over DoGet, and the PrometheusGateway. */
class PromqlTest {
    private static DuckDbFixture fixture;
    private static Connection conn;

    @BeforeAll
    static void start() throws SQLException {
        fixture = new DuckDbFixture();
        conn = fixture.connect();
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE req (v DOUBLE, ts TIMESTAMP TIME INDEX, job STRING PRIMARY KEY)");
            // job a counts 1 per second from 0 at 0s..20s every 10s; job b holds 5
            st.execute("INSERT INTO req VALUES (0, 0, 'a'), (10, 10000, 'a'), (20, 20000, 'a'), (5, 0, 'b'),"
                    + " (5, 10000, 'b'), (5, 20000, 'b')");
        }
    }

    @AfterAll
    static void stop() throws SQLException {
        conn.close();
        fixture.close();
    }

    private static List<String> rows(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        ResultSetMetaData md = rs.getMetaData();
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            names.add(md.getColumnLabel(i));
        }
        out.add(String.join(",", names));
        while (rs.next()) {
            List<String> cells = new ArrayList<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                cells.add(rs.getString(i));
            }
            out.add(String.join(",", cells));
        }
        return out;
    }

    @Test
    void tql_throughExecuteQuery_givesValueLabelsAndTime() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("TQL EVAL (10, 20, '10s') sum by (job) (req) AS total")) {
            assertThat(rows(rs))
                    .containsExactly(
                            "total,job,ts",
                            "10.0,a,1970-01-01T00:00:10.000",
                            "20.0,a,1970-01-01T00:00:20.000",
                            "5.0,b,1970-01-01T00:00:10.000",
                            "5.0,b,1970-01-01T00:00:20.000");
        }
    }

    @Test
    void executePromRange_sendsPromRangeQueryOverDoGet() throws SQLException {
        try (Statement st = conn.createStatement()) {
            GreptimeStatement gs = st.unwrap(GreptimeStatement.class);
            try (ResultSet rs = gs.executePromRange("req{job=\"b\"}", "0", "1970-01-01T00:00:20Z", "10s")) {
                assertThat(rows(rs))
                        .containsExactly(
                                "v,ts,job",
                                "5.0,1970-01-01T00:00:00.000,b",
                                "5.0,1970-01-01T00:00:10.000,b",
                                "5.0,1970-01-01T00:00:20.000,b");
            }
            // lookback 1s: at 25s nothing is within (24s, 25s]
            try (ResultSet rs = gs.executePromRange("req", "25", "25", "1s", "1s")) {
                assertThat(rows(rs)).containsExactly("v,ts,job");
            }
        }
    }

    @Test
    void executePromRange_invalidQuery_isInvalidSyntax() throws SQLException {
        try (Statement st = conn.createStatement()) {
            SQLException e = catchThrowableOfType(
                    SQLException.class,
                    () -> st.unwrap(GreptimeStatement.class).executePromRange("sum(req", "0", "10", "5s"));
            assertThat(e.getErrorCode()).isEqualTo(StatusCode.INVALID_SYNTAX.code());
            assertThat(e.getSQLState()).isNotNull();
            SQLException empty = catchThrowableOfType(
                    SQLException.class,
                    () -> st.unwrap(GreptimeStatement.class).executePromRange("req", "0", "10", " "));
            assertThat(empty.getSQLState()).isEqualTo("22023");
        }
    }

    /**
     * A function GreptimeDB's PromQL parser knows but its planner refuses (mad_over_time): the planner's
     * "Unsupported expr type" is status 1004 (InvalidArguments), which the driver reports as 22023.
     */
    @Test
    void tql_refusedByThePlanner_carriesGreptimeCode() throws SQLException {
        try (Statement st = conn.createStatement()) {
            SQLException e = catchThrowableOfType(
                    SQLException.class, () -> st.executeQuery("TQL EVAL (0, 10, '5s') mad_over_time(req[1m])"));
            assertThat(e.getErrorCode()).isEqualTo(StatusCode.INVALID_ARGUMENTS.code());
            assertThat(e.getSQLState()).isEqualTo("22023");
            assertThat(e.getMessage()).contains("mad_over_time");
        }
    }

    @Test
    void promRangeQuery_throughGateway_parsesMatrix() throws SQLException {
        GreptimeConnection gc = conn.unwrap(GreptimeConnection.class);
        // job a: 0 -> 20 over 20s in (-10s, 20s]; the counter would reach zero right at the first sample, so
        // no extrapolation towards the window start: increase 20, and rate divides by the 30s range: 2/3
        GreptimePromResult r = gc.promRangeQuery("rate(req{job=\"a\"}[30s])", "20", "20", "10s");
        assertThat(r.resultType()).isEqualTo("matrix");
        assertThat(r.series()).hasSize(1);
        assertThat(r.series().get(0).labels()).containsEntry("job", "a").doesNotContainKey("__name__");
        assertThat(r.series().get(0).samples()).hasSize(1);
        assertThat(r.series().get(0).samples().get(0).timestampMillis()).isEqualTo(20_000L);
        assertThat(r.series().get(0).samples().get(0).value()).isCloseTo(20.0 / 30, within(1e-9));
        assertThat(r.json()).startsWith("{\"status\":\"success\"");
    }

    @Test
    void promInstantQuery_throughGateway_parsesVectorAndScalar() throws SQLException {
        GreptimeConnection gc = conn.unwrap(GreptimeConnection.class);
        GreptimePromResult v = gc.promInstantQuery("req > 6", "1970-01-01T00:00:20Z");
        assertThat(v.resultType()).isEqualTo("vector");
        assertThat(v.series()).singleElement().satisfies(s -> {
            assertThat(s.labels()).containsEntry("__name__", "req").containsEntry("job", "a");
            assertThat(s.samples().get(0).value()).isEqualTo(20.0);
        });
        GreptimePromResult s = gc.promInstantQuery("2 * 21", "5", "1m");
        assertThat(s.resultType()).isEqualTo("scalar");
        assertThat(s.series().get(0).samples().get(0).value()).isEqualTo(42.0);
        assertThat(s.series().get(0).samples().get(0).timestampMillis()).isEqualTo(5000L);
    }

    @Test
    void promQuery_inBandError_carriesGreptimeStatusCode() throws SQLException {
        GreptimeConnection gc = conn.unwrap(GreptimeConnection.class);
        SQLException e =
                catchThrowableOfType(SQLException.class, () -> gc.promInstantQuery("req{__field__=\"nope\"}", "10"));
        assertThat(GreptimeSqlException.statusCodeOf(e)).isEqualTo(StatusCode.INVALID_ARGUMENTS);
        assertThat(e.getMessage()).contains("Cannot find column nope");
        SQLException refused = catchThrowableOfType(
                SQLException.class, () -> gc.promRangeQuery("mad_over_time(req[1m])", "0", "10", "5s"));
        assertThat(GreptimeSqlException.statusCodeOf(refused)).isEqualTo(StatusCode.UNSUPPORTED);
        assertThat(refused.getSQLState()).isEqualTo("0A000");
        assertThat(refused.getMessage()).contains("mad_over_time");
    }
}
