package io.greptime.jdbc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a Java record as rows of one GreptimeDB table, for {@link GreptimeConnection#bulkWriter(Class)}
 * and {@link GreptimeRows}. Each record component is one column: a {@link Tag}, the {@link TimeIndex}, or a
 * {@link Field} (components without a role annotation are fields). Column names default to the component
 * name in snake_case ({@code usageUser} → {@code usage_user}).
 *
 * <p>A plain class works too: its instance fields (not static, not transient; superclass fields first) are
 * the components, read through the fields, and reading rows into it needs a no-argument constructor.
 *
 * <pre>{@code
 * @GreptimeTable("cpu")
 * record Cpu(@Tag String host, @TimeIndex Instant ts, double usageUser, Double usageSystem) {}
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface GreptimeTable {
    /** The table name as stored (case kept; not lower-cased like an unquoted SQL identifier). */
    String value();
}
