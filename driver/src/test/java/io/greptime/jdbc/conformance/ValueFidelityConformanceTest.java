package io.greptime.jdbc.conformance;

import io.greptime.jdbc.tck.conformance.ValueFidelityConformance;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * {@link ValueFidelityConformance} through the driver against the embedded server, as the v1.0 line (the real
 * server the live suites run) and as v0.17 (the line before JSON2 and the v1.0 wire changes).
 */
class ValueFidelityConformanceTest {
    private static EmbeddedTargets targets;

    @BeforeAll
    static void start() {
        targets = new EmbeddedTargets();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        targets.close();
    }

    @Nested
    class V1_0 extends ValueFidelityConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return targets.connect(ServerProfile.V1_0);
        }
    }

    @Nested
    class V0_17 extends ValueFidelityConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return targets.connect(ServerProfile.V0_17);
        }
    }
}
