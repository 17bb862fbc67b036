package io.greptime.jdbc.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** A single host that refuses the connection: the caller gets the SQLException, the log gets no INFO line. */
class QuietRefusalTest {

    @Test
    void refusedSingleHost_failsWithoutInfoOrWarningRecords() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Logger driver = Logger.getLogger("io.greptime.jdbc");
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        capture.setLevel(Level.ALL);
        Level before = driver.getLevel();
        driver.setLevel(Level.ALL);
        driver.addHandler(capture);
        try {
            assertThatThrownBy(() -> DriverManager.getConnection(
                            "jdbc:greptime://127.0.0.1:" + port + "/public?connectTimeout=5000&logging=jul"))
                    .isInstanceOf(SQLException.class)
                    .hasFieldOrPropertyWithValue("SQLState", "08001");
        } finally {
            driver.removeHandler(capture);
            driver.setLevel(before);
        }
        assertThat(records.stream()
                        .filter(r -> r.getLevel().intValue() >= Level.INFO.intValue())
                        .filter(r -> !r.getLoggerName().equals("io.greptime.jdbc.transport"))
                        .map(r -> r.getLoggerName() + " " + r.getLevel() + " " + r.getMessage()))
                .isEmpty();
    }
}
