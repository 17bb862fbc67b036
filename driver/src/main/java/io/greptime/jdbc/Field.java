package io.greptime.jdbc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.TimeUnit;

/**
 * A record component that is a field (a value column). Components without a role annotation are fields
 * too; the annotation renames the column or sets the unit of a timestamp or time field.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
public @interface Field {
    /** The column name; empty for the component name in snake_case. */
    String name() default "";

    /**
     * For timestamp ({@code Instant}, {@code LocalDateTime}, {@code OffsetDateTime}) and {@code LocalTime}
     * components: the column's unit, one of SECONDS, MILLISECONDS, MICROSECONDS, NANOSECONDS.
     */
    TimeUnit unit() default TimeUnit.MILLISECONDS;
}
