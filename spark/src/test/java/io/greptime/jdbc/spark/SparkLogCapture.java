package io.greptime.jdbc.spark;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/** The WARN (and worse) lines Spark logs through Log4j 2 while a piece of work runs in this JVM. */
final class SparkLogCapture {
    /** Work that may throw. */
    interface Work {
        void run() throws Exception;
    }

    private SparkLogCapture() {}

    static List<String> warnings(Work work) {
        List<String> lines = new CopyOnWriteArrayList<>();
        AbstractAppender appender = new AbstractAppender("capture", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                lines.add(event.getMessage().getFormattedMessage());
            }
        };
        appender.start();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        LoggerConfig root = context.getConfiguration().getRootLogger();
        root.addAppender(appender, Level.WARN, null);
        context.updateLoggers();
        try {
            work.run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            root.removeAppender("capture");
            context.updateLoggers();
            appender.stop();
        }
        return lines;
    }
}
