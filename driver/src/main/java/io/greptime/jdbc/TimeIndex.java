package io.greptime.jdbc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.TimeUnit;

/**
 * The record component that is the table's TIME INDEX: exactly one per record, of type {@code Instant},
 * {@code LocalDateTime} (a wall clock in the session time zone) or {@code OffsetDateTime}, never null.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
public @interface TimeIndex {
    /** The column name; empty for the component name in snake_case. */
    String name() default "";

    /**
     * The column's unit: SECONDS, MILLISECONDS ({@code TIMESTAMP(3)}, the default), MICROSECONDS or
     * NANOSECONDS. Finer digits of a value are truncated when written.
     */
    TimeUnit unit() default TimeUnit.MILLISECONDS;
}
