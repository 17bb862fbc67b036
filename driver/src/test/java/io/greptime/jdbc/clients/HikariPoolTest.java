package io.greptime.jdbc.clients;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** HikariCP 7 starts a pool on the driver, lends connections and takes them back. */
class HikariPoolTest {

    @Test
    void poolStartsBorrowsAndReturns() throws SQLException {
        try (TicksDatabase db = new TicksDatabase()) {
            HikariConfig config = new HikariConfig();
            config.setDriverClassName("io.greptime.jdbc.GreptimeDriver");
            config.setJdbcUrl(db.url());
            config.setMaximumPoolSize(2);
            config.setMinimumIdle(1);
            config.setPoolName("greptime-test");
            try (HikariDataSource pool = new HikariDataSource(config)) {
                for (int round = 0; round < 3; round++) {
                    try (Connection a = pool.getConnection();
                            Connection b = pool.getConnection();
                            Statement st = a.createStatement();
                            ResultSet rs = st.executeQuery("SELECT count(*) FROM ticks")) {
                        assertThat(b.isValid(5)).isTrue();
                        assertThat(rs.next()).isTrue();
                        assertThat(rs.getLong(1)).isEqualTo(2);
                    }
                }
                assertThat(pool.getHikariPoolMXBean().getActiveConnections()).isZero();
                assertThat(pool.getHikariPoolMXBean().getTotalConnections()).isBetween(1, 2);
            }
        }
    }
}
