package io.greptime.jdbc.internal.observe;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One named driver logger, writing through {@code java.util.logging} or SLF4J. Levels are JUL's (the
 * API {@code Driver.getParentLogger} exposes); the SLF4J form maps FINE to debug, FINER and below to
 * trace. Messages are built only when the level is on, so a disabled logger costs one level check.
 *
 * <p>Callers pass text that is safe to show: this class cannot tell a secret from other text, so
 * passwords, the auth header and parameter values must never reach it.
 */
public abstract class DriverLog {
    /** The root of every driver logger name; {@code GreptimeDriver.getParentLogger} returns it. */
    public static final String ROOT = "io.greptime.jdbc";

    private static final ConcurrentMap<String, DriverLog> JUL = new ConcurrentHashMap<>();
    private static final ConcurrentMap<String, DriverLog> SLF4J = new ConcurrentHashMap<>();

    /** The driver's root JUL logger (held strongly so its configured level is not collected). */
    public static final Logger ROOT_LOGGER = Logger.getLogger(ROOT);

    /** Whether records at {@code level} are wanted. */
    public abstract boolean isLoggable(Level level);

    /** Logs a message built only when the level is on. */
    public abstract void log(Level level, Supplier<String> message, Throwable thrown);

    public final void log(Level level, Supplier<String> message) {
        log(level, message, null);
    }

    /**
     * The logger {@code ROOT + "." + suffix} on the chosen back end: {@code slf4j} (used only when an
     * SLF4J provider is bound), {@code jul}, or {@code auto} (SLF4J when bound, else JUL).
     */
    public static DriverLog get(String suffix, String backEnd) {
        String name = ROOT + "." + suffix;
        boolean slf4j = !backEnd.equals("jul") && Slf4jSupport.BOUND;
        return slf4j ? SLF4J.computeIfAbsent(name, Slf4jSupport::logger) : JUL.computeIfAbsent(name, JulLog::new);
    }

    /** A JUL logger; keeps a strong reference so levels set on it stay. */
    private static final class JulLog extends DriverLog {
        private final Logger logger;

        JulLog(String name) {
            this.logger = Logger.getLogger(name);
        }

        @Override
        public boolean isLoggable(Level level) {
            return logger.isLoggable(level);
        }

        @Override
        public void log(Level level, Supplier<String> message, Throwable thrown) {
            if (logger.isLoggable(level)) {
                logger.log(level, thrown, message);
            }
        }
    }
}
