package app;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * What the driver said about its transport: one record per JVM, the chosen transport first. The build that
 * runs this project passes the best transport the machine has ({@code greptime.bestTransport}) and whether
 * anything else is a failure ({@code greptime.strictTransport}); otherwise another transport must come with
 * a WARNING saying why.
 */
final class TransportLog extends Handler {
    private static final Logger LOGGER = Logger.getLogger("io.greptime.jdbc.transport");
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    static TransportLog install() {
        TransportLog log = new TransportLog();
        log.setLevel(Level.ALL);
        LOGGER.setLevel(Level.ALL);
        LOGGER.addHandler(log);
        return log;
    }

    @Override
    public void publish(LogRecord r) {
        records.add(r);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}

    /** Checks the records against the machine's best transport; returns the chosen one. */
    String check() {
        List<LogRecord> choices = records.stream()
                .filter(r -> r.getMessage() != null && r.getMessage().startsWith("greptime-jdbc transport: "))
                .toList();
        if (choices.size() != 1) {
            throw new AssertionError("expected one transport record, got " + choices.size() + ": " + records);
        }
        LogRecord choice = choices.get(0);
        String chosen = choice.getMessage()
                .substring("greptime-jdbc transport: ".length())
                .split("[ (]")[0];
        String best = System.getProperty("greptime.bestTransport");
        boolean strict = Boolean.getBoolean("greptime.strictTransport");
        System.out.println("transport chosen: " + chosen + " (best here: " + best + ") at " + choice.getLevel() + ": "
                + choice.getMessage());
        if (chosen.equals(best)) {
            return chosen;
        }
        if (strict) {
            throw new AssertionError("expected the " + best + " transport, got: " + choice.getMessage());
        }
        if (choice.getLevel() != Level.WARNING) {
            throw new AssertionError("a transport other than " + best + " needs a WARNING saying why: "
                    + choice.getLevel() + " " + choice.getMessage());
        }
        return chosen;
    }
}
