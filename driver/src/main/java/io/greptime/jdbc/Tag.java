package io.greptime.jdbc;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A record component that is a tag: part of the table's PRIMARY KEY, which together with the time index
 * identifies a row (a later row with equal tags and time replaces it).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.PARAMETER})
public @interface Tag {
    /** The column name; empty for the component name in snake_case. */
    String name() default "";
}
