package io.greptime.jdbc.testing;

import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.function.Consumer;

/** An embedded server on a free loopback port in front of a {@link ScriptedEngine}. */
public final class ServerFixture implements AutoCloseable {
  private final ScriptedEngine engine = new ScriptedEngine();
  private final EmbeddedGreptimeServer server;

  public ServerFixture() {
    this(b -> {});
  }

  /** @param customize extra builder settings (users, profile, TLS) */
  public ServerFixture(Consumer<EmbeddedGreptimeServer.Builder> customize) {
    EmbeddedGreptimeServer.Builder b = EmbeddedGreptimeServer.builder().port(0).engine(engine);
    customize.accept(b);
    server = b.build().start();
  }

  public ScriptedEngine engine() {
    return engine;
  }

  public EmbeddedGreptimeServer server() {
    return server;
  }

  /** {@code jdbc:greptime://127.0.0.1:<port>} plus the given suffix (path and query). */
  public String url(String suffix) {
    return "jdbc:greptime://" + server.address() + suffix;
  }

  public Connection connect() throws SQLException {
    return connect("", new Properties());
  }

  public Connection connect(String suffix, Properties props) throws SQLException {
    return DriverManager.getConnection(url(suffix), props);
  }

  @Override
  public void close() {
    engine.release();
    server.close();
    engine.close();
  }
}
