package io.greptime.jdbc.internal.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A DoPut statement's executeBatch leaving DoPut for row inserts is the route code's decision, made as the
 * batch runs and logged at FINE with its reason; staying on DoPut logs nothing.
 */
class AtExecutionRouteTest {
    private final Logger logger = Logger.getLogger("io.greptime.jdbc.bulk");
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };
    private Level previous;

    @BeforeEach
    void listen() {
        previous = logger.getLevel();
        logger.setLevel(Level.FINE);
        capture.setLevel(Level.ALL);
        logger.addHandler(capture);
    }

    @AfterEach
    void stopListening() {
        logger.removeHandler(capture);
        logger.setLevel(previous);
    }

    private List<String> fineMessages() {
        return records.stream()
                .filter(r -> r.getLevel() == Level.FINE)
                .map(LogRecord::getMessage)
                .toList();
    }

    @Test
    void batchUnderTheRowPathThreshold_goesByRows_withoutLookingAtTheTable() throws SQLException {
        AtomicInteger checks = new AtomicInteger();
        WriteRoutes.AtExecution route = WriteRoutes.atExecution("cpu", 4, 5, () -> {
            checks.incrementAndGet();
            return true;
        });
        assertThat(route).isEqualTo(WriteRoutes.AtExecution.ROWS_SMALL_BATCH);
        assertThat(checks).hasValue(0);
        assertThat(fineMessages())
                .singleElement()
                .asString()
                .contains("4 rows into cpu", "row inserts", "bulkRowPathBelow=5");
    }

    @Test
    void batchAtTheThreshold_onAnUnchangedTable_staysOnDoPut_silently() throws SQLException {
        AtomicInteger checks = new AtomicInteger();
        WriteRoutes.AtExecution route = WriteRoutes.atExecution("cpu", 5, 5, () -> {
            checks.incrementAndGet();
            return true;
        });
        assertThat(route).isEqualTo(WriteRoutes.AtExecution.DO_PUT);
        assertThat(checks).hasValue(1);
        assertThat(fineMessages()).isEmpty();
    }

    @Test
    void tableThatChangedAroundTheBatchColumns_goesByRows_sayingSo() throws SQLException {
        WriteRoutes.AtExecution route = WriteRoutes.atExecution("cpu", 1, 0, () -> false);
        assertThat(route).isEqualTo(WriteRoutes.AtExecution.ROWS_TABLE_CHANGED);
        assertThat(fineMessages())
                .singleElement()
                .asString()
                .contains("1 rows into cpu", "row inserts", "changed since the INSERT was prepared");
    }

    @Test
    void tableThatLostAWrittenColumn_refusesTheBatch_andNoRouteIsLogged() {
        assertThatThrownBy(() -> WriteRoutes.atExecution("cpu", 10, 0, () -> {
                    throw new SQLException("column 'v' no longer exists", "42S22");
                }))
                .isInstanceOf(SQLException.class)
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("42S22");
        assertThat(fineMessages()).isEmpty();
    }
}
