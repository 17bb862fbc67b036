package app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Timestamp;
import org.junit.jupiter.api.Test;

class DriverTest {
    @Test
    void connectsOnTheBestTransportAndRoundTripsRows() throws Exception {
        TransportLog log = TransportLog.install();
        String url = System.getProperty("greptime.url");
        try (Connection c = DriverManager.getConnection(url);
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE plain_cpu (host STRING PRIMARY KEY, `usage` DOUBLE, ts TIMESTAMP TIME INDEX)");
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO plain_cpu (host, usage, ts) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 100; i++) {
                    ps.setString(1, "h" + i % 5);
                    ps.setDouble(2, i);
                    ps.setTimestamp(3, new Timestamp(1_700_000_000_000L + i));
                    ps.addBatch();
                }
                assertEquals(100, ps.executeBatch().length);
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*), sum(usage) FROM plain_cpu")) {
                assertTrue(rs.next());
                assertEquals(100, rs.getLong(1));
                assertEquals(4950.0, rs.getDouble(2));
            }
        }
        log.check();
    }
}
