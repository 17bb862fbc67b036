package io.greptime.jdbc.conformance;

import io.greptime.jdbc.tck.conformance.TypesConformance;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** {@link TypesConformance} through the driver against the embedded server in both version profiles. */
class TypesConformanceTest {
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
  class V1_2 extends TypesConformance {
    @Override
    protected Connection openConnection() throws SQLException {
      return targets.connect(ServerProfile.V1_2);
    }

    @Test
    @Disabled("embedded engine bug: X'..' written into a VARBINARY column is stored as the text of DuckDB's blob object (67 bytes), see PreparedStatementTest.bytes_roundTripThroughATable")
    @Override
    public void stringAndBinary_roundTripBytes() {}

    @Test
    @Disabled("driver bug: getString on a Json column (greptime:type=Json, type name Json) returns the JSONB bytes as hex, not JSON text")
    @Override
    public void json_readsAsJsonText() {}

    @Test
    @Disabled("driver bug: getObject(i, float[].class) on a Vector(3) column throws 'Cannot convert byte[] value to [F'")
    @Override
    public void vector_readsAsFloatArray() {}
  }

  @Nested
  class V0_17 extends TypesConformance {
    @Override
    protected Connection openConnection() throws SQLException {
      return targets.connect(ServerProfile.V0_17);
    }

    @Test
    @Disabled("embedded engine bug: X'..' written into a VARBINARY column is stored as the text of DuckDB's blob object (67 bytes), see PreparedStatementTest.bytes_roundTripThroughATable")
    @Override
    public void stringAndBinary_roundTripBytes() {}

    @Test
    @Disabled("driver bug: getString on a Json column (greptime:type=Json, type name Json) returns the JSONB bytes as hex, not JSON text")
    @Override
    public void json_readsAsJsonText() {}

    @Test
    @Disabled("driver bug: getObject(i, float[].class) on a Vector(3) column throws 'Cannot convert byte[] value to [F'")
    @Override
    public void vector_readsAsFloatArray() {}
  }
}
