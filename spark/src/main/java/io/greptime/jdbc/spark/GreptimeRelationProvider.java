package io.greptime.jdbc.spark;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions;
import org.apache.spark.sql.execution.datasources.jdbc.JdbcRelationProvider;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.sources.RelationProvider;
import scala.collection.immutable.Map$;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The {@code greptime} data source: Spark's JDBC source with {@link GreptimeDialect} registered and the read
 * partitioned by the table's time index ({@link TimeIndexPlan}) unless told otherwise. Options are Spark's JDBC
 * options ({@code url}, {@code dbtable}, {@code numPartitions}, ...) plus {@link GreptimeOptions}.
 *
 * <pre>{@code
 * spark.read().format("greptime").option("url", "jdbc:greptime://fe1:4001,fe2:4001/public")
 *      .option("dbtable", "cpu").option("numPartitions", "8").load();
 * }</pre>
 */
public final class GreptimeRelationProvider implements RelationProvider, CreatableRelationProvider, DataSourceRegister {
    private final JdbcRelationProvider jdbc = new JdbcRelationProvider();

    @Override
    public String shortName() {
        return "greptime";
    }

    @Override
    public BaseRelation createRelation(
            SQLContext sqlContext, scala.collection.immutable.Map<String, String> parameters) {
        GreptimeSpark.register();
        Map<String, String> options = new LinkedHashMap<>(CollectionConverters.asJava(parameters));
        requireGreptimeUrl(options);
        String table = GreptimeOptions.get(options, JDBCOptions.JDBC_TABLE_NAME());
        if (table != null) {
            options = planned(sqlContext, table, options);
        }
        return jdbc.createRelation(sqlContext, toScala(options));
    }

    @Override
    public BaseRelation createRelation(
            SQLContext sqlContext,
            SaveMode mode,
            scala.collection.immutable.Map<String, String> parameters,
            Dataset<Row> data) {
        GreptimeSpark.register();
        Map<String, String> options = new LinkedHashMap<>(CollectionConverters.asJava(parameters));
        requireGreptimeUrl(options);
        return jdbc.createRelation(sqlContext, mode, toScala(withoutTransactions(options)), data);
    }

    /**
     * The write options with Spark's {@code isolationLevel} set to {@code NONE} unless the user chose one.
     * GreptimeDB has no transactions, and Spark's default ({@code READ_UNCOMMITTED}) makes every write task ask
     * for one and log a warning that it cannot have it; with {@code NONE} the task writes with auto-commit on,
     * which is what happens anyway (each {@code executeBatch} is stored when it returns).
     */
    static Map<String, String> withoutTransactions(Map<String, String> options) {
        if (GreptimeOptions.get(options, JDBCOptions.JDBC_TXN_ISOLATION_LEVEL()) == null) {
            options.put(JDBCOptions.JDBC_TXN_ISOLATION_LEVEL(), "NONE");
        }
        return options;
    }

    private static Map<String, String> planned(SQLContext sqlContext, String table, Map<String, String> options) {
        // the planning connection's options: Spark checks the partitioning options as a set, which is not yet complete
        Map<String, String> planning = new LinkedHashMap<>(options);
        TimeIndexPlan.removeKeys(planning);
        JDBCOptions jdbcOptions = new JDBCOptions(toScala(planning));
        try (Connection conn = GreptimeDialect.INSTANCE.connect(jdbcOptions, -1)) {
            return TimeIndexPlan.plan(
                    conn, table, options, sqlContext.sparkContext().defaultParallelism());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot plan the read of " + table + ": " + e.getMessage(), e);
        }
    }

    private static void requireGreptimeUrl(Map<String, String> options) {
        String url = GreptimeOptions.get(options, JDBCOptions.JDBC_URL());
        if (url == null || !GreptimeDialect.INSTANCE.canHandle(url)) {
            throw new IllegalArgumentException(
                    "option 'url' must be a jdbc:greptime:// URL for the greptime source, not " + url);
        }
    }

    private static scala.collection.immutable.Map<String, String> toScala(Map<String, String> options) {
        return Map$.MODULE$.from(CollectionConverters.asScala(options));
    }
}
