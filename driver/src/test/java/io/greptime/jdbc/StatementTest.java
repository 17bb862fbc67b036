package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import io.greptime.jdbc.testing.ServerFixture;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StatementTest {
    private static ServerFixture fixture;
    private Connection conn;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @BeforeEach
    void open() throws SQLException {
        conn = fixture.connect();
    }

    @AfterEach
    void close() throws Exception {
        conn.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
        assertThat(fixture.serverMemoryWhenIdle()).isZero();
    }

    @Test
    void executeQuery_streamsEveryRowAcrossBatches() throws Exception {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 2500 BATCH 1000")) {
            long expected = 0;
            while (rs.next()) {
                assertThat(rs.getLong("n")).isEqualTo(expected);
                assertThat(rs.getLong(2)).isEqualTo(expected);
                assertThat(rs.getTimestamp("TS").toInstant()).isEqualTo(Instant.ofEpochSecond(expected));
                String host = rs.getString("host");
                if (expected % 7 == 6) {
                    assertThat(host).isNull();
                    assertThat(rs.wasNull()).isTrue();
                } else {
                    assertThat(host).isEqualTo("host-" + expected % 10);
                    assertThat(rs.wasNull()).isFalse();
                }
                expected++;
            }
            assertThat(expected).isEqualTo(2500);
            assertThat(rs.next()).isFalse();
        }
    }

    @Test
    void metaData_describesTheColumns() throws Exception {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 1 BATCH 1")) {
            ResultSetMetaData md = rs.getMetaData();
            assertThat(md.getColumnCount()).isEqualTo(3);
            assertThat(md.getColumnLabel(1)).isEqualTo("ts");
            assertThat(md.getColumnType(1)).isEqualTo(Types.TIMESTAMP);
            assertThat(md.getColumnType(2)).isEqualTo(Types.BIGINT);
            assertThat(md.getColumnType(3)).isEqualTo(Types.VARCHAR);
            assertThat(md.isNullable(1)).isEqualTo(ResultSetMetaData.columnNoNulls);
            assertThat(io.greptime.jdbc.internal.jdbc.ResultSetMetaDataAccess.isTimeIndex(md, 1))
                    .isTrue();
            assertThat(io.greptime.jdbc.internal.jdbc.ResultSetMetaDataAccess.isTimeIndex(md, 2))
                    .isFalse();
        }
    }

    @Test
    void execute_reportsRowsOrCountExactlyPerJdbc() throws Exception {
        try (Statement st = conn.createStatement()) {
            assertThat(st.execute("SELECT ROWS 3 BATCH 2")).isTrue();
            ResultSet rs = st.getResultSet();
            assertThat(rs).isNotNull();
            assertThat(st.getUpdateCount()).isEqualTo(-1);
            assertThat(st.getMoreResults()).isFalse();
            assertThat(rs.isClosed()).isTrue();
            assertThat(st.getUpdateCount()).isEqualTo(-1);
            assertThat(st.getResultSet()).isNull();

            assertThat(st.execute("INSERT 42")).isFalse();
            assertThat(st.getResultSet()).isNull();
            assertThat(st.getUpdateCount()).isEqualTo(42);
            assertThat(st.getLargeUpdateCount()).isEqualTo(42);
            assertThat(st.getMoreResults()).isFalse();
            assertThat(st.getUpdateCount()).isEqualTo(-1);
        }
    }

    @Test
    void doGetAnsweringACount_isAnUpdateCount() throws Exception {
        try (Statement st = conn.createStatement()) {
            assertThat(st.execute("WITH x AS (SELECT 1) 9")).isFalse();
            assertThat(st.getUpdateCount()).isEqualTo(9);
            assertThat(st.getResultSet()).isNull();
            assertThatThrownBy(() -> st.executeQuery("WITH x AS (SELECT 1) 4"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("02000"));
        }
    }

    @Test
    void executeUpdate_returnsAffectedRows() throws Exception {
        try (Statement st = conn.createStatement()) {
            assertThat(st.executeUpdate("INSERT 7")).isEqualTo(7);
            assertThat(st.executeLargeUpdate("INSERT 4294967295")).isEqualTo(4294967295L);
            assertThat(st.executeUpdate("CREATE TABLE t (ts TIMESTAMP TIME INDEX)"))
                    .isZero();
        }
    }

    @Test
    void wrongExecuteMethod_failsBeforeSending() throws Exception {
        try (Statement st = conn.createStatement()) {
            int before = fixture.engine().statements().size();
            assertThatThrownBy(() -> st.executeQuery("INSERT 1"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("02000"));
            assertThatThrownBy(() -> st.executeUpdate("SELECT ROWS 1 BATCH 1")).isInstanceOf(SQLException.class);
            assertThat(fixture.engine().statements()).hasSize(before);
        }
    }

    @Test
    void severalStatements_areRejectedWith42000BeforeSending() throws Exception {
        try (Statement st = conn.createStatement()) {
            int before = fixture.engine().statements().size();
            assertThatThrownBy(() -> st.execute("INSERT 1; INSERT 2"))
                    .isInstanceOfSatisfying(
                            SQLSyntaxErrorException.class,
                            e -> assertThat(e.getSQLState()).isEqualTo("42000"));
            assertThat(fixture.engine().statements()).hasSize(before);
            assertThat(st.executeUpdate("INSERT 3;")).isEqualTo(3);
            assertThat(fixture.engine().statements()).last().isEqualTo("INSERT 3");
        }
    }

    @Test
    void serverErrors_carrySqlStateAndStatusCode() throws Exception {
        try (Statement st = conn.createStatement()) {
            assertThatThrownBy(() -> st.executeUpdate("FAIL 4001")).isInstanceOfSatisfying(SQLException.class, e -> {
                assertThat(e.getSQLState()).isEqualTo("42S02");
                assertThat(e.getErrorCode()).isEqualTo(4001);
                assertThat(e.getMessage()).contains("boom 4001");
            });
            assertThatThrownBy(() -> st.executeQuery("SELECT ROWS 1 BATCH 1 FAIL AFTER 0"))
                    .isInstanceOfSatisfying(
                            SQLException.class,
                            e -> assertThat(e.getErrorCode()).isEqualTo(3001));
            assertThatThrownBy(() -> st.executeUpdate("FAIL 2000"))
                    .isInstanceOfSatisfying(
                            SQLSyntaxErrorException.class,
                            e -> assertThat(e.getSQLState()).isEqualTo("42000"));
            // the statement stays usable after errors
            assertThat(st.executeUpdate("INSERT 2")).isEqualTo(2);
        }
    }

    @Test
    void midStreamError_surfacesOnNext() throws Exception {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 100 BATCH 10 FAIL AFTER 3")) {
            int rows = 0;
            SQLException failure = null;
            try {
                while (rs.next()) {
                    rows++;
                }
            } catch (SQLException e) {
                failure = e;
            }
            assertThat(rows).isEqualTo(30);
            assertThat((Throwable) failure).isNotNull();
            assertThat(failure.getErrorCode()).isEqualTo(3001);
            assertThat(failure.getMessage()).contains("boom mid-stream");
        }
    }

    @Test
    void maxRows_stopsReadingAndCancelsTheStream() throws Exception {
        try (Statement st = conn.createStatement()) {
            st.setMaxRows(15);
            try (ResultSet rs = st.executeQuery("SELECT ROWS 1000000 BATCH 10")) {
                int rows = 0;
                while (rs.next()) {
                    rows++;
                }
                assertThat(rows).isEqualTo(15);
            }
            st.setLargeMaxRows(0);
            assertThat(st.getLargeMaxRows()).isZero();
        }
    }

    @Test
    void closingEarly_releasesMemory() throws Exception {
        Statement st = conn.createStatement();
        ResultSet rs = st.executeQuery("SELECT ROWS 100000 BATCH 1000");
        assertThat(rs.next()).isTrue();
        rs.close();
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
        // Re-executing closes the previous result too.
        ResultSet first = st.executeQuery("SELECT ROWS 100000 BATCH 1000");
        first.next();
        st.executeQuery("SELECT ROWS 5 BATCH 5").close();
        assertThat(first.isClosed()).isTrue();
        st.close();
    }

    @Test
    void closeOnCompletion_closesTheStatementWithItsResult() throws Exception {
        Statement st = conn.createStatement();
        st.closeOnCompletion();
        ResultSet rs = st.executeQuery("SELECT ROWS 2 BATCH 2");
        // running again closes the previous result but must not close the statement
        rs = st.executeQuery("SELECT ROWS 2 BATCH 2");
        assertThat(st.isClosed()).isFalse();
        rs.close();
        assertThat(st.isClosed()).isTrue();
    }

    @Test
    void batch_runsInOrderAndReportsCountsOnFailure() throws Exception {
        try (Statement st = conn.createStatement()) {
            st.addBatch("INSERT 1");
            st.addBatch("INSERT 2");
            assertThat(st.executeBatch()).containsExactly(1, 2);
            st.addBatch("INSERT 3");
            st.addBatch("FAIL 4001");
            st.addBatch("INSERT 5");
            assertThatThrownBy(st::executeBatch).isInstanceOfSatisfying(BatchUpdateException.class, e -> {
                assertThat(e.getUpdateCounts()).containsExactly(3);
                assertThat(e.getSQLState()).isEqualTo("42S02");
            });
            assertThat(fixture.engine().statements()).doesNotContain("INSERT 5");
        }
    }

    @Test
    void generatedKeys_areEmpty() throws Exception {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("INSERT 1", Statement.RETURN_GENERATED_KEYS);
            try (ResultSet keys = st.getGeneratedKeys()) {
                assertThat(keys.next()).isFalse();
                assertThat(keys.getMetaData().getColumnCount()).isZero();
            }
        }
    }

    @Test
    void closedStatement_rejectsWork() throws Exception {
        Statement st = conn.createStatement();
        st.close();
        assertThatThrownBy(() -> st.execute("INSERT 1"))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("HY010"));
    }

    @Test
    void resultSet_isForwardOnlyAndReadOnly() throws Exception {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 2 BATCH 2")) {
            assertThat(rs.getType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
            assertThat(rs.getConcurrency()).isEqualTo(ResultSet.CONCUR_READ_ONLY);
            assertThatThrownBy(rs::previous).hasMessageContaining("previous");
            assertThatThrownBy(() -> rs.updateInt(1, 2)).hasMessageContaining("updateInt");
            assertThatThrownBy(() -> rs.getLong(1)).hasMessageContaining("next()");
            rs.next();
            assertThatThrownBy(() -> rs.getLong(9))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("07009"));
            assertThatThrownBy(() -> rs.getLong("nope"))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("42S22"));
            assertThat(rs.getRow()).isEqualTo(1);
            assertThat(rs.getStatement()).isSameAs(st);
        }
    }
}
