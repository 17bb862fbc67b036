/**
 * Replays GreptimeDB's own sqlness cases ({@code X.sql} with the recorded {@code X.result}) against a
 * GreptimeDB-compatible target and compares answers statement by statement, rendering them exactly as
 * GreptimeDB's test runner prints them over gRPC + Arrow Flight.
 *
 * <p>{@link io.greptime.jdbc.tck.sqlness.CaseParser} reads the files with the runner's line grammar;
 * {@link io.greptime.jdbc.tck.sqlness.Directive} implements {@code -- SQLNESS REPLACE/SORT_RESULT} (and
 * recognises ARG, SLEEP, PROTOCOL); {@link io.greptime.jdbc.tck.sqlness.TableText}
 * (over the server's {@link io.greptime.jdbc.tck.text} cells) reproduces arrow-rs's
 * {@code pretty_format_batches};
 * {@link io.greptime.jdbc.tck.sqlness.Answer} prints affected rows and errors;
 * {@link io.greptime.jdbc.tck.sqlness.SqlnessExecutor} runs statements over Flight DoGet or directly on an
 * engine; {@link io.greptime.jdbc.tck.sqlness.SqlnessReplayer} and
 * {@link io.greptime.jdbc.tck.sqlness.SqlnessSuite} replay cases and
 * {@link io.greptime.jdbc.tck.sqlness.SqlnessReport} writes the outcome.
 */
package io.greptime.jdbc.tck.sqlness;
