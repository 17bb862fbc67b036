package io.greptime.jdbc.spark;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.spark.sql.jdbc.JdbcDialects;

/**
 * The one call that teaches Spark GreptimeDB: {@code GreptimeSpark.register()} once in the Spark driver program,
 * before the first {@code spark.read().format("jdbc")} with a {@code jdbc:greptime:} URL (Spark finds no dialects by
 * itself). The {@code greptime} data source ({@code spark.read().format("greptime")}) registers it on its own.
 */
public final class GreptimeSpark {
    private static final AtomicBoolean REGISTERED = new AtomicBoolean();

    private GreptimeSpark() {}

    /** Registers {@link GreptimeDialect} with Spark's {@code JdbcDialects}; later calls do nothing. */
    public static void register() {
        if (REGISTERED.compareAndSet(false, true)) {
            JdbcDialects.registerDialect(GreptimeDialect.INSTANCE);
        }
    }
}
