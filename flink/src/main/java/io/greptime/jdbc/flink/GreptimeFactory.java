package io.greptime.jdbc.flink;

import org.apache.flink.connector.jdbc.core.database.JdbcFactory;
import org.apache.flink.connector.jdbc.core.database.catalog.JdbcCatalog;
import org.apache.flink.connector.jdbc.core.database.dialect.JdbcDialect;

/**
 * flink-connector-jdbc's entry for {@code jdbc:greptime:} URLs, found through {@code META-INF/services}: with this
 * jar and the driver on the class path, {@code 'connector' = 'jdbc', 'url' = 'jdbc:greptime://...'} tables read,
 * look up and write GreptimeDB with {@link GreptimeDialect}.
 */
public final class GreptimeFactory implements JdbcFactory {
    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.regionMatches(true, 0, "jdbc:greptime:", 0, "jdbc:greptime:".length());
    }

    @Override
    public JdbcDialect createDialect() {
        return new GreptimeDialect();
    }

    /** No JDBC catalog yet: tables are declared with CREATE TABLE ... WITH ('connector' = 'jdbc'). */
    @Override
    public JdbcCatalog createCatalog(
            ClassLoader classLoader,
            String catalogName,
            String defaultDatabase,
            String username,
            String pwd,
            String baseUrl) {
        throw new UnsupportedOperationException("greptime-jdbc-flink has no JDBC catalog for " + baseUrl
                + ": declare each table with CREATE TABLE ... WITH ('connector' = 'jdbc', 'url' = ...)");
    }
}
