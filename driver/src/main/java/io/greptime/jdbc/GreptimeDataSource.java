package io.greptime.jdbc;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} for pools and frameworks. Set the URL, and optionally any property with
 * {@link #setProperty(GreptimeProperty, String)} or the typed setters; properties set here override the
 * same keys in the URL (the same precedence as {@code Properties} given to the driver).
 *
 * <p>Setters do not validate: the configuration is checked as a whole, with every problem reported in
 * one SQLException, when a connection is requested.
 */
public class GreptimeDataSource implements DataSource {
  private final GreptimeDriver driver = new GreptimeDriver();
  private final Properties properties = new Properties();
  private volatile String url = "jdbc:greptime://localhost:4001";
  private volatile int loginTimeoutSeconds;
  private volatile PrintWriter logWriter;
  private volatile Object meterRegistry;

  public String getUrl() {
    return url;
  }

  public void setUrl(String url) {
    this.url = url;
  }

  /** Sets any registered property (a null value removes it). */
  public void setProperty(GreptimeProperty property, String value) {
    if (value == null) {
      properties.remove(property.key());
    } else {
      properties.setProperty(property.key(), value);
    }
  }

  /** The value set here for a property, or null (sensitive values included: this is the owner's view). */
  public String getProperty(GreptimeProperty property) {
    return properties.getProperty(property.key());
  }

  public void setUser(String user) {
    setProperty(GreptimeProperty.USER, user);
  }

  public String getUser() {
    return getProperty(GreptimeProperty.USER);
  }

  public void setPassword(String password) {
    setProperty(GreptimeProperty.PASSWORD, password);
  }

  public void setDatabase(String database) {
    setProperty(GreptimeProperty.DATABASE, database);
  }

  public String getDatabase() {
    return getProperty(GreptimeProperty.DATABASE);
  }

  public void setTimezone(String zone) {
    setProperty(GreptimeProperty.TIMEZONE, zone);
  }

  public void setQueryTimeout(int seconds) {
    setProperty(GreptimeProperty.QUERY_TIMEOUT, Integer.toString(seconds));
  }

  public void setConnectTimeout(int millis) {
    setProperty(GreptimeProperty.CONNECT_TIMEOUT, Integer.toString(millis));
  }

  public void setFetchSize(int rows) {
    setProperty(GreptimeProperty.FETCH_SIZE, Integer.toString(rows));
  }

  public void setTls(boolean tls) {
    setProperty(GreptimeProperty.TLS, Boolean.toString(tls));
  }

  public void setHints(String hints) {
    setProperty(GreptimeProperty.HINTS, hints);
  }

  public void setApplicationName(String name) {
    setProperty(GreptimeProperty.APPLICATION_NAME, name);
  }

  /**
   * A Micrometer {@code MeterRegistry} for the connections of this data source (typed Object so that
   * Micrometer stays optional); used when {@code metrics} is {@code auto} or {@code micrometer}. Null
   * (the default) means Micrometer's global registry when Micrometer is on the class path.
   */
  public void setMeterRegistry(Object registry) {
    this.meterRegistry = registry;
  }

  public Object getMeterRegistry() {
    return meterRegistry;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Properties copy = new Properties();
    copy.putAll(properties);
    return connect(copy);
  }

  /** User and password given here override those set on the data source. */
  @Override
  public Connection getConnection(String username, String password) throws SQLException {
    Properties copy = new Properties();
    copy.putAll(properties);
    setOrRemove(copy, GreptimeProperty.USER, username);
    setOrRemove(copy, GreptimeProperty.PASSWORD, password);
    return connect(copy);
  }

  private static void setOrRemove(Properties p, GreptimeProperty key, String value) {
    if (value == null) {
      p.remove(key.key());
    } else {
      p.setProperty(key.key(), value);
    }
  }

  private Connection connect(Properties props) throws SQLException {
    if (loginTimeoutSeconds > 0 && !props.containsKey(GreptimeProperty.CONNECT_TIMEOUT.key())) {
      props.setProperty(GreptimeProperty.CONNECT_TIMEOUT.key(), Integer.toString(loginTimeoutSeconds * 1000));
    }
    Object registry = meterRegistry;
    if (registry != null) {
      props.put(io.greptime.jdbc.internal.observe.Observability.METER_REGISTRY_KEY, registry);
    }
    Connection c = driver.connect(url, props);
    if (c == null) {
      throw new SQLException("Not a GreptimeDB URL: " + url, "08001");
    }
    return c;
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    this.logWriter = out;
  }

  /** Used as the connect timeout when {@code connectTimeout} is not set. */
  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeoutSeconds = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeoutSeconds;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    return driver.getParentLogger();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("Not a wrapper for " + iface.getName(), "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
