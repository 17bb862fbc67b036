package io.greptime.jdbc;

import io.greptime.jdbc.internal.client.DriverThreads;
import io.greptime.jdbc.internal.config.ConfigException;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.DriverVersion;
import io.greptime.jdbc.internal.config.JdbcUrl;
import io.greptime.jdbc.internal.jdbc.ConnectionImpl;
import io.greptime.jdbc.internal.observe.DriverLog;
import io.greptime.jdbc.internal.observe.Observability;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver for GreptimeDB over its native gRPC API and Arrow Flight. URLs look like
 * {@code jdbc:greptime://host1[:port][,host2[:port]...][/database][?key=value&...]} (default port 4001,
 * default database {@code public}); the properties are listed in {@link GreptimeProperty}.
 *
 * <p>Registered with {@link DriverManager} through {@code META-INF/services/java.sql.Driver} and by its
 * static initializer. {@link DriverManager#deregisterDriver} ends the driver's network threads (those of
 * connections still open end when they close), as an application server unloading an application expects.
 */
public final class GreptimeDriver implements Driver {
    /** The driver's name as DatabaseMetaData reports it. */
    public static final String NAME = DriverVersion.NAME;

    public static final int MAJOR_VERSION = DriverVersion.MAJOR;
    public static final int MINOR_VERSION = DriverVersion.MINOR;
    public static final String VERSION = DriverVersion.VERSION;

    /** The parent of every driver logger ({@code io.greptime.jdbc.*}). */
    private static final Logger LOGGER = DriverLog.ROOT_LOGGER;

    static {
        try {
            DriverManager.registerDriver(new GreptimeDriver(), DriverThreads::end);
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Returns null for URLs of other drivers, as DriverManager expects. */
    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectionConfig config = ConnectionConfig.of(url, info);
        return ConnectionImpl.open(config, url, info == null ? null : info.get(Observability.METER_REGISTRY_KEY));
    }

    @Override
    public boolean acceptsURL(String url) {
        return JdbcUrl.accepts(url);
    }

    /**
     * Every property with its description, choices and the value the URL and {@code info} give it
     * (sensitive values are not echoed).
     */
    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
        Properties merged = new Properties();
        if (acceptsURL(url)) {
            try {
                JdbcUrl parsed = JdbcUrl.parse(url);
                merged.putAll(parsed.parameters());
                if (parsed.database() != null) {
                    merged.setProperty(GreptimeProperty.DATABASE.key(), parsed.database());
                }
            } catch (ConfigException e) {
                // a tool asking for property info while the URL is being typed: show defaults
            }
        }
        if (info != null) {
            merged.putAll(info);
        }
        GreptimeProperty[] all = GreptimeProperty.values();
        DriverPropertyInfo[] out = new DriverPropertyInfo[all.length];
        for (int i = 0; i < all.length; i++) {
            GreptimeProperty p = all[i];
            String value = p.sensitive() ? null : merged.getProperty(p.key(), p.defaultValue());
            DriverPropertyInfo d = new DriverPropertyInfo(p.key(), value);
            d.description = p.description();
            d.required = false;
            d.choices = p.choices().isEmpty() ? null : p.choices().toArray(new String[0]);
            out[i] = d;
        }
        return out;
    }

    @Override
    public int getMajorVersion() {
        return MAJOR_VERSION;
    }

    @Override
    public int getMinorVersion() {
        return MINOR_VERSION;
    }

    /** Not JDBC compliant: GreptimeDB has no transactions and no full SQL-92 entry level. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() {
        return LOGGER;
    }
}
