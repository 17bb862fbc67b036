package io.greptime.jdbc.internal.observe;

import java.util.function.Supplier;
import java.util.logging.Level;

/**
 * SLF4J detection. SLF4J classes are touched only through {@link Slf4jLog}, which is loaded only after
 * {@link #BOUND} found the API and a real provider, so a class path without SLF4J never sees a
 * {@code NoClassDefFoundError}. Without a provider (SLF4J's NOP fallback, or the relocated copy inside
 * the all-in-one jar) records go to JUL instead of nowhere.
 */
final class Slf4jSupport {
    static final boolean BOUND = detect();

    private Slf4jSupport() {}

    private static boolean detect() {
        try {
            Class.forName("org.slf4j.LoggerFactory", false, Slf4jSupport.class.getClassLoader());
            return Slf4jLog.providerBound();
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    static DriverLog logger(String name) {
        return new Slf4jLog(name);
    }

    /** The only class that names SLF4J types. */
    private static final class Slf4jLog extends DriverLog {
        private final org.slf4j.Logger logger;

        Slf4jLog(String name) {
            this.logger = org.slf4j.LoggerFactory.getLogger(name);
        }

        static boolean providerBound() {
            String factory =
                    org.slf4j.LoggerFactory.getILoggerFactory().getClass().getName();
            return !factory.endsWith("NOPLoggerFactory") && !factory.endsWith("SubstituteLoggerFactory");
        }

        @Override
        public boolean isLoggable(Level level) {
            int v = level.intValue();
            if (v >= Level.SEVERE.intValue()) {
                return logger.isErrorEnabled();
            } else if (v >= Level.WARNING.intValue()) {
                return logger.isWarnEnabled();
            } else if (v >= Level.INFO.intValue()) {
                return logger.isInfoEnabled();
            } else if (v >= Level.FINE.intValue()) {
                return logger.isDebugEnabled();
            }
            return logger.isTraceEnabled();
        }

        @Override
        public void log(Level level, Supplier<String> message, Throwable thrown) {
            if (!isLoggable(level)) {
                return;
            }
            String text = message.get();
            int v = level.intValue();
            if (v >= Level.SEVERE.intValue()) {
                logger.error(text, thrown);
            } else if (v >= Level.WARNING.intValue()) {
                logger.warn(text, thrown);
            } else if (v >= Level.INFO.intValue()) {
                logger.info(text, thrown);
            } else if (v >= Level.FINE.intValue()) {
                logger.debug(text, thrown);
            } else {
                logger.trace(text, thrown);
            }
        }
    }
}
