package io.greptime.jdbc.spark;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcOptionsInWrite;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.jdbc.JdbcDialect;
import org.apache.spark.sql.jdbc.JdbcType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.TimestampType;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

/**
 * Spark's JDBC source and sink for {@code jdbc:greptime:} URLs: register it once with {@link GreptimeSpark#register()}.
 *
 * <ul>
 *   <li>Types both ways as {@link GreptimeTypes} describes; identifiers in double quotes, as GreptimeDB writes them.
 *   <li>Every fetch first puts the driver's session into Spark's session time zone, because Spark writes
 *       timestamp partition bounds as wall-clock text in that zone, which GreptimeDB reads in the session zone.
 *       Pushed-down timestamp literals go as UTC instants ({@code ...Z}); timestamp values are instants anyway.
 *   <li>Partition {@code p} connects to the URL's frontend {@code p mod n} first ({@link Frontends}); writes use
 *       their task's partition the same way.
 *   <li>Creating a table adds TIME INDEX, PRIMARY KEY and WITH options from the write options
 *       ({@link GreptimeOptions}); those keys never reach the driver as connection properties.
 *   <li>GreptimeDB has no transactions (the driver says {@code supportsTransactions() == false}, so Spark commits
 *       nothing): each {@code executeBatch} is stored when it returns. A retried write task writes its rows again:
 *       on tables with a primary key and time index (the default, deduplicating) the second write replaces the
 *       first, so retries leave each row once; on {@code append_mode} tables they are at-least-once.
 * </ul>
 */
public final class GreptimeDialect extends JdbcDialect {
    private static final long serialVersionUID = 1L;

    /** The one instance (the dialect keeps no state). */
    public static final GreptimeDialect INSTANCE = new GreptimeDialect();

    private static final DateTimeFormatter WALL_CLOCK = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS");
    private static final DateTimeFormatter UTC_INSTANT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(java.time.ZoneOffset.UTC);

    private GreptimeDialect() {}

    private Object readResolve() {
        return INSTANCE;
    }

    @Override
    public boolean canHandle(String url) {
        return url != null && url.regionMatches(true, 0, "jdbc:greptime:", 0, "jdbc:greptime:".length());
    }

    @Override
    public Option<DataType> getCatalystType(int sqlType, String typeName, int size, MetadataBuilder md) {
        int scale = 0;
        org.apache.spark.sql.types.Metadata built = md.build();
        if (built.contains("scale")) {
            scale = (int) built.getLong("scale");
        }
        DataType mapped = GreptimeTypes.toSpark(sqlType, typeName, size, scale).orElse(null);
        if (mapped instanceof TimestampType && built.contains("isTimestampNTZ")) {
            mapped = getTimestampType(built);
        }
        return Option.apply(mapped);
    }

    @Override
    public Option<JdbcType> getJDBCType(DataType dt) {
        return Option.apply(GreptimeTypes.toGreptime(dt).orElse(null));
    }

    @Override
    public String quoteIdentifier(String colName) {
        return "\"" + colName.replace("\"", "\"\"") + "\"";
    }

    @Override
    public String getTableExistsQuery(String table) {
        return "SELECT 1 FROM " + table + " LIMIT 0";
    }

    @Override
    public String getTruncateQuery(String table) {
        return "TRUNCATE TABLE " + table;
    }

    @Override
    public String getTruncateQuery(String table, Option<Object> cascade) {
        return getTruncateQuery(table);
    }

    @Override
    public Option<Object> isCascadingTruncateTable() {
        return Option.apply(Boolean.FALSE);
    }

    @Override
    public boolean supportsLimit() {
        return true;
    }

    @Override
    public boolean supportsOffset() {
        return true;
    }

    @Override
    public String getLimitClause(Integer limit) {
        return limit != null && limit > 0 ? "LIMIT " + limit : "";
    }

    @Override
    public String getOffsetClause(Integer offset) {
        return offset != null && offset > 0 ? "OFFSET " + offset : "";
    }

    @Override
    public void beforeFetch(Connection connection, JDBCOptions options) {
        try (Statement st = connection.createStatement()) {
            st.execute("SET time_zone = '" + sessionZone().getId().replace("'", "''") + "'");
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot put the GreptimeDB session into Spark's session time zone " + sessionZone() + ": "
                            + e.getMessage(),
                    e);
        }
    }

    /**
     * Timestamps in pushed-down filters as UTC instants with their {@code Z}, which GreptimeDB reads the same in
     * any session zone: Spark's default renders {@code java.sql.Timestamp} as wall-clock text in the JVM's zone.
     * (TIMESTAMP_NTZ values, {@code LocalDateTime}, stay wall-clock text, read in the session zone.)
     */
    @Override
    public Object compileValue(Object value) {
        if (value instanceof Timestamp ts) {
            return "'" + UTC_INSTANT.format(ts.toInstant()) + "'";
        }
        if (value instanceof Instant instant) {
            return "'" + UTC_INSTANT.format(instant) + "'";
        }
        if (value instanceof LocalDateTime local) {
            return "'" + WALL_CLOCK.format(local) + "'";
        }
        return super.compileValue(value);
    }

    private static ZoneId sessionZone() {
        return ZoneId.of(SQLConf.get().sessionLocalTimeZone(), ZoneId.SHORT_IDS);
    }

    @Override
    public scala.Function1<Object, Connection> createConnectionFactory(JDBCOptions options) {
        return new PartitionConnections(this, options);
    }

    /** Opens partition {@code partition}'s connection: its frontend first, without this module's own options. */
    Connection connect(JDBCOptions options, int partition) {
        Map<String, String> params = new LinkedHashMap<>(
                CollectionConverters.asJava(options.parameters().originalMap()));
        params.keySet().removeIf(GreptimeOptions::isOurs);
        int route = partition;
        if (route < 0 && TaskContext.get() != null) {
            route = TaskContext.get().partitionId();
        }
        params.put(JDBCOptions.JDBC_URL(), Frontends.forPartition(options.url(), route));
        JDBCOptions routed =
                new JDBCOptions(scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(params)));
        return super.createConnectionFactory(routed).apply(partition);
    }

    @Override
    public void createTable(Statement statement, String tableName, String strSchema, JdbcOptionsInWrite options) {
        Map<String, String> params =
                CollectionConverters.asJava(options.parameters().originalMap());
        List<String> timestamps = timestampColumns(strSchema);
        String sql = CreateTableSql.build(tableName, strSchema, timestamps, params, this::quoteIdentifier);
        try {
            statement.executeUpdate(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("CREATE TABLE failed: " + e.getMessage() + " (" + sql + ")", e);
        }
    }

    /** Columns of Spark's schema text that it gave a TIMESTAMP type ({@code "ts" TIMESTAMP(6)}). */
    private static List<String> timestampColumns(String strSchema) {
        List<String> out = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"((?:[^\"]|\"\")*)\"\\s+TIMESTAMP")
                .matcher(strSchema);
        while (m.find()) {
            out.add(m.group(1).replace("\"\"", "\""));
        }
        return out;
    }

    /** Spark's {@code Int => Connection}, serializable with the options it is shipped to executors with. */
    private static final class PartitionConnections extends AbstractFunction1<Object, Connection>
            implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final GreptimeDialect dialect;
        private final JDBCOptions options;

        PartitionConnections(GreptimeDialect dialect, JDBCOptions options) {
            this.dialect = dialect;
            this.options = options;
        }

        @Override
        public Connection apply(Object partition) {
            return dialect.connect(options, (Integer) partition);
        }
    }
}
