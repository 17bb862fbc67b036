package io.greptime.jdbc.conformance;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.tck.conformance.CancellationConformance;
import io.greptime.jdbc.tck.conformance.ConnectionConformance;
import io.greptime.jdbc.tck.conformance.ErrorsConformance;
import io.greptime.jdbc.tck.conformance.PreparedStatementConformance;
import io.greptime.jdbc.tck.conformance.ResultSetConformance;
import io.greptime.jdbc.tck.conformance.StatementConformance;
import io.greptime.jdbc.tck.conformance.TypesConformance;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * Every conformance suite through the driver against a real GreptimeDB at {@code GREPTIMEDB_ENDPOINT}
 * ({@code host:port} of its gRPC port, e.g. {@code 127.0.0.1:4001}; optional {@code GREPTIMEDB_USER} and
 * {@code GREPTIMEDB_PASSWORD}). Skipped, saying so, when the variable is unset. Run it (failsafe, profile
 * {@code live} of driver/pom.xml; plain {@code mvn verify} runs no *IT) with:
 *
 * <pre>GREPTIMEDB_ENDPOINT=127.0.0.1:4001 mvn -B -pl driver -am verify -Plive -Dserver.jar.skip=true \
 *     -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false</pre>
 */
class LiveConformanceIT {
    static final String ENDPOINT = System.getenv("GREPTIMEDB_ENDPOINT");

    @BeforeAll
    static void requireEndpoint() {
        assumeTrue(
                ENDPOINT != null && !ENDPOINT.isBlank(),
                "GREPTIMEDB_ENDPOINT is not set (host:port of a GreptimeDB gRPC port): live conformance skipped");
    }

    static Connection connect() throws SQLException {
        Properties props = new Properties();
        String user = System.getenv("GREPTIMEDB_USER");
        if (user != null) {
            props.setProperty("user", user);
            props.setProperty("password", String.valueOf(System.getenv("GREPTIMEDB_PASSWORD")));
        }
        return DriverManager.getConnection("jdbc:greptime://" + ENDPOINT + "/public", props);
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
