package io.greptime.jdbc.live;

import io.greptime.jdbc.tck.conformance.CancellationConformance;
import io.greptime.jdbc.tck.conformance.ConnectionConformance;
import io.greptime.jdbc.tck.conformance.ErrorsConformance;
import io.greptime.jdbc.tck.conformance.PreparedStatementConformance;
import io.greptime.jdbc.tck.conformance.ResultSetConformance;
import io.greptime.jdbc.tck.conformance.StatementConformance;
import io.greptime.jdbc.tck.conformance.TypesConformance;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * Every conformance suite of tck, through the driver, against the real GreptimeDB of {@link LiveServer}
 * (GREPTIMEDB_BIN, GREPTIMEDB_ENDPOINT or the official image); skipped, saying why, without one. Run with the
 * other live suites: {@code .ci/live} (docs/live.md).
 */
class LiveConformanceTest {
    @BeforeAll
    static void requireServer() {
        LiveServer.require();
    }

    static Connection connect() throws SQLException {
        return LiveServer.connect();
    }

    @Nested
    class Connections extends ConnectionConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return connect();
        }
    }

    @Nested
    class Statements extends StatementConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return connect();
        }
    }

    @Nested
    class ResultSets extends ResultSetConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return connect();
        }
    }

    @Nested
    class AllTypes extends TypesConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return connect();
        }
    }

    @Nested
    class PreparedStatements extends PreparedStatementConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return connect();
        }
    }

    @Nested
    class Cancellation extends CancellationConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return connect();
        }
    }

    @Nested
    class Errors extends ErrorsConformance {
        @Override
        protected Connection openConnection() throws SQLException {
            return connect();
        }
    }
}
