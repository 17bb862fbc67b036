package io.greptime.jdbc.clients;

import io.greptime.jdbc.testing.DuckDbFixture;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** An embedded server (DuckDB engine) with a small {@code ticks} table, for the real-client tests. */
final class TicksDatabase implements AutoCloseable {
    private final DuckDbFixture fixture = new DuckDbFixture();

    TicksDatabase() throws SQLException {
        try (Connection c = connect();
                Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE ticks (sym STRING, venue STRING, ts TIMESTAMP TIME INDEX,"
                    + " price DOUBLE COMMENT 'last trade', qty BIGINT, PRIMARY KEY (sym, venue))"
                    + " WITH (comment = 'trades')");
            st.executeUpdate("INSERT INTO ticks VALUES ('AAPL', 'X', '2024-01-02T10:00:00Z', 185.5, 100),"
                    + " ('MSFT', 'X', '2024-01-02T10:00:01Z', 370.25, 50)");
        }
    }

    /** {@code jdbc:greptime://127.0.0.1:<port>?timezone=UTC}. */
    String url() {
        return "jdbc:greptime://" + address() + "?timezone=UTC";
    }

    String address() {
        return fixture.server().address();
    }

    Connection connect() throws SQLException {
        return fixture.connect();
    }

    @Override
    public void close() {
        fixture.close();
    }
}
