package io.greptime.jdbc.observe;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeDriver;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.observe.Observability;
import io.greptime.jdbc.internal.observe.StatementIds;
import io.greptime.jdbc.internal.observe.StatementObservation;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Statement ids, the hiding of bound values, SQL truncation and the logger tree, without a server. */
class StatementIdentityTest {

    private static Observability observability(String query) throws Exception {
        return Observability.open(ConnectionConfig.of("jdbc:greptime://127.0.0.1:4001?" + query, null), null);
    }

    @Test
    void ids_areShortAndUniqueAcrossThreads() throws Exception {
        Set<String> ids = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int t = 0; t < 4; t++) {
            pool.execute(() -> {
                for (int i = 0; i < 5000; i++) {
                    ids.add(StatementIds.next());
                }
            });
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        assertThat(ids).hasSize(20_000).allMatch(id -> id.matches("[0-9a-f]{4}-[0-9a-z]{1,8}"));
    }

    @Test
    void mask_hidesBoundStringValuesButNotShortOnes() throws Exception {
        try (Observability o = observability("metrics=none&tracing=false")) {
            StatementObservation s = o.start("INSERT INTO t VALUES (?, ?, ?)", 0);
            s.hideLiterals(new String[] {"'it''s secret'", "42", "'ab'"});
            assertThat(s.mask("Failed to parse value 'it's secret' near ab, 42"))
                    .isEqualTo("Failed to parse value '***' near ab, 42");
            s.finished(1);
        }
    }

    @Test
    void logs_cutLongSqlAndHangOffTheDriversParentLogger() throws Exception {
        assertThat(new GreptimeDriver().getParentLogger().getName()).isEqualTo("io.greptime.jdbc");
        String sql = "SELECT " + "x, ".repeat(100) + "y FROM t";
        try (CapturedLogs logs = new CapturedLogs();
                Observability o = observability("logSqlLength=20&metrics=none")) {
            StatementObservation s = o.start(sql, 0);
            s.finished(0);
            assertThat(logs.records).anyMatch(r -> r.getLoggerName().equals("io.greptime.jdbc.statement"));
            assertThat(logs.texts())
                    .anyMatch(t -> t.contains("[stmt " + s.id() + "] execute")
                            && t.contains(sql.substring(0, 20) + "...(" + sql.length() + " chars)")
                            && !t.contains(sql.substring(0, 21)));
        }
    }
}
