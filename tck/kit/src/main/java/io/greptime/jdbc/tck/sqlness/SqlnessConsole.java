package io.greptime.jdbc.tck.sqlness;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Where a replay prints its per-folder lines, its total and its skip reason so that they reach the build's
 * console. The build has surefire redirect each test class's standard streams to a file under
 * {@code target/surefire-reports}, so {@link System#out} alone never shows on the console; surefire copies
 * whatever a forked test JVM writes to its native standard error onto Maven's standard error, line by line
 * ({@code NativeStdErrStreamConsumer}, surefire 3.x). Each line goes both ways: to {@link System#out} (the
 * per-class output file keeps it) and to the native standard error (the console shows it). Outside surefire
 * the line simply appears twice on a terminal.
 */
public final class SqlnessConsole {
    /** The process's own standard error, below any {@link System#setErr} replacement; never closed. */
    private static final PrintStream NATIVE_ERR =
            new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);

    private SqlnessConsole() {}

    /** Prints {@code text} (one or more lines) to the test output and to the console. */
    public static void print(String text) {
        String body = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        System.out.println(body);
        synchronized (NATIVE_ERR) {
            NATIVE_ERR.println(body);
            NATIVE_ERR.flush();
        }
    }
}
