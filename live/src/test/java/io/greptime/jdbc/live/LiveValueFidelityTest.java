package io.greptime.jdbc.live;

import io.greptime.jdbc.tck.conformance.ValueFidelityConformance;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link ValueFidelityConformance} (every type through every write path, in UTC and in a zone with daylight saving)
 * through the driver against the real GreptimeDB of {@link LiveServer}.
 */
class LiveValueFidelityTest extends ValueFidelityConformance {
    @BeforeAll
    static void requireServer() {
        LiveServer.require();
    }

    @Override
    protected Connection openConnection() throws SQLException {
        return LiveServer.connect();
    }
}
