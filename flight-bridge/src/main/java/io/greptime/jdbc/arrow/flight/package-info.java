/**
 * The Flight DoGet side of a query: {@link io.greptime.jdbc.arrow.flight.FlightBatchCursor} walks
 * GreptimeDB's stream shapes with a bounded per-result allocator, and failures arrive as
 * {@link io.greptime.jdbc.arrow.flight.FlightCallException} carrying status and trailers for the
 * driver's error translation.
 */
package io.greptime.jdbc.arrow.flight;
