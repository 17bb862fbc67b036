package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.testing.ServerFixture;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code wasNull()} answers for the last value read, also once that value's batch is gone (the result
 * set answers it lazily, from the vector, and settles the answer when it leaves a batch).
 * Generated rows: {@code host} is NULL where {@code n % 7 == 6}.
 */
class WasNullTest {
    private static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void wasNull_followsEachGetter_andSurvivesTheBatchBoundary() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 10 BATCH 3 FIRST 7")) {
            skip(rs, 7); // n = 6, the last row of the first batch
            assertThat(rs.getString("host")).isNull();
            assertThat(rs.wasNull()).isTrue();
            assertThat(rs.getLong("n")).isEqualTo(6);
            assertThat(rs.wasNull()).isFalse();
            assertThat(rs.getLong("n")).isEqualTo(6);
            assertThat(rs.getString(3)).isNull();
            assertThat(rs.next()).isTrue(); // n = 7, first row of the next batch; nothing read on it yet
            assertThat(rs.wasNull()).isTrue();
            assertThat(rs.getString(3)).isEqualTo("host-7");
            assertThat(rs.wasNull()).isFalse();
        }
    }

    @Test
    void wasNull_answersAfterTheLastRow_whenTheStreamIsReleased() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ROWS 7 BATCH 7")) {
            skip(rs, 7); // n = 6: host is NULL
            assertThat(rs.getString("host")).isNull();
            assertThat(rs.next()).isFalse(); // the stream and its vectors are released here
            assertThat(rs.wasNull()).isTrue();
            assertThatThrownBy(() -> rs.getString(3))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("24000"));
            assertThatThrownBy(() -> rs.getString(4))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("07009"));
        }
    }

    @Test
    void getters_failWithTheRightState_beforeNextAndAfterClose() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT ROWS 3 BATCH 3");
            assertThatThrownBy(() -> rs.getLong(2))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getMessage()).contains("next()"));
            assertThatThrownBy(() -> rs.getLong(0))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("07009"));
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(2)).isZero();
            rs.close();
            assertThatThrownBy(() -> rs.getLong(2))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getMessage()).contains("closed"));
            assertThatThrownBy(rs::wasNull)
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getMessage()).contains("closed"));
        }
    }

    private static void skip(ResultSet rs, int rows) throws SQLException {
        for (int i = 0; i < rows; i++) {
            assertThat(rs.next()).isTrue();
        }
    }
}
