/**
 * Arrow values as GreptimeDB prints them in text (arrow-rs's {@code pretty_format_batches} cells, Rust's
 * float and temporal formatting): {@link io.greptime.jdbc.tck.text.CellText},
 * {@link io.greptime.jdbc.tck.text.FloatText} and {@link io.greptime.jdbc.tck.text.TemporalText}. They live
 * with the server, not the sqlness replayer that prints whole tables with them, so the engine's own tests can
 * compare results in that form without the test kit.
 */
package io.greptime.jdbc.tck.text;
