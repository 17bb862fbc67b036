/**
 * What {@code ResultSetMetaData} reports: {@link io.greptime.jdbc.arrow.meta.ColumnMetadata} per
 * column (label, JDBC type, nullability, time-index marker), with the type chosen by the
 * {@link io.greptime.jdbc.arrow.meta.JdbcTypeMapper} visitor and named as GreptimeDB names it.
 */
package io.greptime.jdbc.arrow.meta;
