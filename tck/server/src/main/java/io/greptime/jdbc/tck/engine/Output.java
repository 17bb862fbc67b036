package io.greptime.jdbc.tck.engine;

import org.apache.arrow.vector.ipc.ArrowReader;

/** The result of one statement: a row count, or rows. */
public sealed interface Output permits Output.AffectedRows, Output.Rows {

    /** DDL, DML, USE, SET: what GreptimeDB answers with {@code AffectedRows}. */
    record AffectedRows(long count) implements Output {}

    /**
     * Rows, in the Arrow types GreptimeDB emits (protocol.md §7), field metadata included. The receiver
     * reads it batch by batch and closes it.
     */
    record Rows(ArrowReader reader) implements Output {}
}
