package io.greptime.jdbc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The precision and scale of a {@code BigDecimal} component ({@code DECIMAL(precision, scale)}); every
 * {@code BigDecimal} component needs one. Values are rounded half-up to the scale when written; a value
 * needing more than {@code precision} digits is refused (SQLState 22003).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
public @interface Decimal {
    /** Total digits, 1 to 38. */
    int precision();

    /** Digits after the point, 0 to {@code precision}. */
    int scale() default 0;
}
