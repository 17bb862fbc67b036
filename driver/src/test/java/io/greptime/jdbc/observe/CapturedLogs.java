package io.greptime.jdbc.observe;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Every record of the driver's loggers ({@code io.greptime.jdbc.*}) at ALL levels while open. */
public final class CapturedLogs extends Handler implements AutoCloseable {
    public final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Logger root = Logger.getLogger("io.greptime.jdbc");
    private final Level previous;

    public CapturedLogs() {
        previous = root.getLevel();
        setLevel(Level.ALL);
        root.setLevel(Level.ALL);
        root.addHandler(this);
    }

    @Override
    public void publish(LogRecord r) {
        records.add(r);
    }

    /** The formatted text of every record (message with its parameters). */
    public List<String> texts() {
        java.util.logging.Formatter f = new java.util.logging.SimpleFormatter();
        return records.stream().map(f::formatMessage).toList();
    }

    @Override
    public void flush() {}

    @Override
    public void close() {
        root.removeHandler(this);
        root.setLevel(previous);
    }
}
