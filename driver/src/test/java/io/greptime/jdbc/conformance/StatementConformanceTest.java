package io.greptime.jdbc.conformance;

import io.greptime.jdbc.tck.conformance.StatementConformance;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/** {@link StatementConformance} through the driver against the embedded server in every version profile. */
class StatementConformanceTest {
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
    class V1_2 extends StatementConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return targets.connect(ServerProfile.V1_2);
        }
    }

    @Nested
    class V0_17 extends StatementConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return targets.connect(ServerProfile.V0_17);
        }
    }

    @Nested
    class V0_14 extends StatementConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return targets.connect(ServerProfile.V0_14);
        }
    }

    @Nested
    class V0_15 extends StatementConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return targets.connect(ServerProfile.V0_15);
        }
    }

    @Nested
    class V1_0 extends StatementConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return targets.connect(ServerProfile.V1_0);
        }
    }

    @Nested
    class V1_3 extends StatementConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return targets.connect(ServerProfile.V1_3);
        }
    }
}
