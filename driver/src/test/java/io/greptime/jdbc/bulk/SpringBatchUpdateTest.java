package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeWriteStatistics;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.BatchPreparedStatementSetter;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/** Spring's batch APIs take the DoPut path, nulls included, and store what they were given. */
class SpringBatchUpdateTest {
    private static final Instant T0 = Instant.parse("2024-06-01T00:00:00Z");
    private BulkFixture fixture;
    private Connection conn;
    private JdbcTemplate jdbc;

    @BeforeEach
    void start() throws SQLException {
        fixture = new BulkFixture(ServerProfile.V1_2);
        conn = fixture.connect("bulkFlushRows=64");
        jdbc = new JdbcTemplate(new SingleConnectionDataSource(conn, true));
        jdbc.execute(
                "CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, `usage` DOUBLE, note STRING)");
    }

    @AfterEach
    void stop() throws SQLException {
        conn.close();
        BulkFixture.closeChecked(fixture);
    }

    @Test
    void batchUpdate_withSetter_takesTheDoPutPath() throws SQLException {
        int[] counts = jdbc.batchUpdate(
                "INSERT INTO cpu (ts, host, usage, note) VALUES (?, ?, ?, ?)", new BatchPreparedStatementSetter() {
                    @Override
                    public void setValues(PreparedStatement ps, int i) throws SQLException {
                        ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(i)));
                        ps.setString(2, "h" + (i % 3));
                        ps.setDouble(3, i);
                        ps.setString(4, i % 2 == 0 ? null : "odd");
                    }

                    @Override
                    public int getBatchSize() {
                        return 200;
                    }
                });
        assertThat(counts).hasSize(200).containsOnly(1);
        GreptimeWriteStatistics s = stats(conn);
        assertThat(s.doPutRows()).isEqualTo(200);
        assertThat(s.doPutBatches()).isEqualTo(4);
        assertThat(s.statementBatches()).isZero();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM cpu WHERE note IS NULL", Long.class))
                .isEqualTo(100);
        assertThat(jdbc.queryForObject("SELECT sum(usage) FROM cpu", Double.class))
                .isEqualTo(199 * 200 / 2.0);
    }

    @Test
    void batchUpdate_withObjectArrays_andNulls_takesTheDoPutPath() throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            rows.add(new Object[] {Timestamp.from(T0.plusSeconds(i)), "h", i % 4 == 0 ? null : (double) i, null});
        }
        int[] counts = jdbc.batchUpdate("INSERT INTO cpu (ts, host, usage, note) VALUES (?, ?, ?, ?)", rows);
        assertThat(counts).hasSize(100).containsOnly(1);
        assertThat(stats(conn).doPutRows()).isEqualTo(100);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM cpu WHERE usage IS NULL", Long.class))
                .isEqualTo(25);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM cpu WHERE note IS NULL", Long.class))
                .isEqualTo(100);
    }

    @Test
    void namedParameterBatchUpdate_takesTheDoPutPath() throws SQLException {
        SqlParameterSource[] batch = new SqlParameterSource[50];
        for (int i = 0; i < batch.length; i++) {
            batch[i] = new MapSqlParameterSource(
                    Map.of("ts", Timestamp.from(T0.plusSeconds(i)), "host", "n", "usage", i * 2.0));
        }
        int[] counts = new NamedParameterJdbcTemplate(jdbc)
                .batchUpdate("INSERT INTO cpu (ts, host, usage) VALUES (:ts, :host, :usage)", batch);
        assertThat(counts).hasSize(50).containsOnly(1);
        assertThat(stats(conn).doPutRows()).isEqualTo(50);
        assertThat(jdbc.queryForObject("SELECT max(usage) FROM cpu WHERE host = 'n'", Double.class))
                .isEqualTo(98.0);
    }
}
