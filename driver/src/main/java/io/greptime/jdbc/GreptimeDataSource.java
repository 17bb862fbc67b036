package io.greptime.jdbc;

import io.greptime.jdbc.internal.client.WorkerChannels;
import io.greptime.jdbc.internal.jdbc.LeasedConnections;
import io.greptime.jdbc.internal.observe.Observability;
import io.greptime.jdbc.internal.redact.Secrets;
import io.greptime.jdbc.sqlstate.SqlState;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A {@link DataSource} for pools and frameworks. Set the URL, and optionally any property with
 * {@link #setProperty(GreptimeProperty, String)} or the typed setters; properties set here override the
 * same keys in the URL (the same precedence as {@code Properties} given to the driver).
 *
 * <p>Setters do not validate: the configuration is checked as a whole, with every problem reported in
 * one SQLException, when a connection is requested.
 *
 * <p><b>Channel modes.</b> By default ({@code channelMode=connection}) each connection opens its own gRPC
 * channel. {@code thread} shares one channel per endpoint among the connections each thread opens;
 * {@code worker} leases a fixed set of {@link #setWorkerChannels channels}, striped across the URL's
 * endpoints, by {@link #setLeaseStrategy round robin, least in flight or key hash}. In both shared modes a
 * connection gives its channels back when it closes, and the channel settings (URL, TLS, timeouts) are
 * those of the first connection. {@link #close()} refuses new connections; shared channels shut down once
 * the last connection using them closes, so closing the DataSource never breaks work in progress.
 */
public class GreptimeDataSource implements DataSource, AutoCloseable {
    private final GreptimeDriver driver = new GreptimeDriver();
    private final Properties properties = new Properties();
    private final AtomicReference<LeasedConnections> leased = new AtomicReference<>();
    private volatile String url = "jdbc:greptime://localhost:4001";
    private volatile int loginTimeoutSeconds;
    private volatile PrintWriter logWriter;
    private volatile String channelMode = "connection";
    private volatile int workerChannels;
    private volatile String leaseStrategy = "round_robin";
    private volatile boolean closed;
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

    public String getChannelMode() {
        return channelMode;
    }

    /**
     * {@code connection} (default: each connection owns its channel), {@code thread} (one channel per thread)
     * or {@code worker} (a fixed set of leased channels). Set before the first connection.
     */
    public void setChannelMode(String mode) {
        beforeFirstConnection("channelMode");
        this.channelMode = mode;
    }

    public int getWorkerChannels() {
        return workerChannels;
    }

    /** Channels of worker mode, at least one per endpoint; 0 (default) for two per endpoint. */
    public void setWorkerChannels(int channels) {
        beforeFirstConnection("workerChannels");
        this.workerChannels = channels;
    }

    public String getLeaseStrategy() {
        return leaseStrategy;
    }

    /**
     * How worker mode picks a new connection's channel: {@code round_robin} (default), {@code least_in_flight}
     * (fewest calls running now) or {@code key_hash} (by {@link #getConnectionForKey(Object) key}; the thread
     * when no key is given).
     */
    public void setLeaseStrategy(String strategy) {
        beforeFirstConnection("leaseStrategy");
        this.leaseStrategy = strategy;
    }

    private void beforeFirstConnection(String setting) {
        if (leased.get() != null) {
            throw new IllegalStateException(setting + " must be set before the first connection of this DataSource");
        }
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
        return getConnectionForKey(null);
    }

    /**
     * A connection whose channel, in worker mode with {@code leaseStrategy=key_hash}, is chosen by the hash of
     * {@code key} (a tenant, a table): connections for one key share one channel. Other modes ignore the key.
     */
    public Connection getConnectionForKey(Object key) throws SQLException {
        Properties copy = new Properties();
        copy.putAll(properties);
        return connect(copy, key);
    }

    /** Per-thread mode: closes the calling thread's channels once its open connections are closed. */
    public void clearThreadChannels() {
        LeasedConnections l = leased.get();
        if (l != null) {
            l.clearCurrentThread();
        }
    }

    /**
     * Refuses new connections. Channels shared by connections still open stay up until the last of them
     * closes, then shut down; connections keep working until they are closed.
     */
    @Override
    public void close() {
        closed = true;
        LeasedConnections l = leased.get();
        if (l != null) {
            l.close();
        }
    }

    public boolean isClosed() {
        return closed;
    }

    /** User and password given here override those set on the data source. */
    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        Properties copy = new Properties();
        copy.putAll(properties);
        setOrRemove(copy, GreptimeProperty.USER, username);
        setOrRemove(copy, GreptimeProperty.PASSWORD, password);
        return connect(copy, null);
    }

    private static void setOrRemove(Properties p, GreptimeProperty key, String value) {
        if (value == null) {
            p.remove(key.key());
        } else {
            p.setProperty(key.key(), value);
        }
    }

    private Connection connect(Properties props, Object key) throws SQLException {
        if (closed) {
            throw new SQLException("The GreptimeDataSource is closed", SqlState.CANNOT_CONNECT.code());
        }
        if (loginTimeoutSeconds > 0 && !props.containsKey(GreptimeProperty.CONNECT_TIMEOUT.key())) {
            props.setProperty(GreptimeProperty.CONNECT_TIMEOUT.key(), Integer.toString(loginTimeoutSeconds * 1000));
        }
        Object registry = meterRegistry;
        if (registry != null) {
            props.put(Observability.METER_REGISTRY_KEY, registry);
        }
        LeasedConnections.Mode mode = LeasedConnections.Mode.of(channelMode);
        if (mode != LeasedConnections.Mode.CONNECTION) {
            return leasedConnections(mode).open(url, props, key);
        }
        Connection c = driver.connect(url, props);
        if (c == null) {
            throw new SQLException("Not a GreptimeDB URL: " + Secrets.redactUrl(url), SqlState.CANNOT_CONNECT.code());
        }
        return c;
    }

    private LeasedConnections leasedConnections(LeasedConnections.Mode mode) throws SQLException {
        LeasedConnections l = leased.get();
        if (l == null) {
            WorkerChannels.Strategy strategy = WorkerChannels.Strategy.of(leaseStrategy);
            leased.compareAndSet(null, new LeasedConnections(mode, workerChannels, strategy));
            l = leased.get();
            if (closed) {
                l.close();
            }
        }
        return l;
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
        LeasedConnections l = leased.get();
        if (l != null && iface.isInstance(l.lender())) {
            return iface.cast(l.lender()); // the shared channels, for monitoring
        }
        throw new SQLException("Not a wrapper for " + iface.getName(), SqlState.GENERAL_ERROR.code());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        LeasedConnections l = leased.get();
        return iface.isInstance(this) || l != null && iface.isInstance(l.lender());
    }
}
