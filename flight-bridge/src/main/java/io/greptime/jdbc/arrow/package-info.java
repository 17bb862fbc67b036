/**
 * Arrow to JDBC for GreptimeDB results: column readers ({@link io.greptime.jdbc.arrow.read}), JDBC
 * type metadata ({@link io.greptime.jdbc.arrow.meta}) and the Flight DoGet batch cursor
 * ({@link io.greptime.jdbc.arrow.flight}). Nothing here knows {@code java.sql.Connection} or the
 * GreptimeDB gRPC stubs; the driver wraps these types into {@code java.sql.ResultSet}.
 */
package io.greptime.jdbc.arrow;
