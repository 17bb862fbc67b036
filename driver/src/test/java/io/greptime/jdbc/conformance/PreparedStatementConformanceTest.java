package io.greptime.jdbc.conformance;

import io.greptime.jdbc.tck.conformance.PreparedStatementConformance;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** {@link PreparedStatementConformance} through the driver against the embedded server in both version profiles. */
class PreparedStatementConformanceTest {
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
  class V1_2 extends PreparedStatementConformance {
    @Override
    protected Connection openConnection() throws SQLException {
      return targets.connect(ServerProfile.V1_2);
    }

    @Test
    @Disabled("embedded engine bug: X'..' written into a VARBINARY column is stored as the text of DuckDB's blob object (67 bytes), see PreparedStatementTest.bytes_roundTripThroughATable")
    @Override
    public void setBytes_roundTrips() {}

    @Test
    @Disabled("embedded engine bug: its lexer reads \\' as an escaped quote, GreptimeDB's dialect does not; see PreparedStatementTest.backslashBeforeQuote_isLiteral")
    @Override
    public void backslashBeforeQuote_isData() {}
  }

  @Nested
  class V0_17 extends PreparedStatementConformance {
    @Override
    protected Connection openConnection() throws SQLException {
      return targets.connect(ServerProfile.V0_17);
    }

    @Test
    @Disabled("embedded engine bug: X'..' written into a VARBINARY column is stored as the text of DuckDB's blob object (67 bytes), see PreparedStatementTest.bytes_roundTripThroughATable")
    @Override
    public void setBytes_roundTrips() {}

    @Test
    @Disabled("embedded engine bug: its lexer reads \\' as an escaped quote, GreptimeDB's dialect does not; see PreparedStatementTest.backslashBeforeQuote_isLiteral")
    @Override
    public void backslashBeforeQuote_isData() {}
  }
}
