package io.greptime.jdbc.tck.engine.flow;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Random writes (late rows, duplicate keys that update, deletes by key and by range) into a source with a
 * batching flow over a random window size: after ADMIN FLUSH_FLOW the sink must equal, window by window,
 * both the same aggregation run ad hoc on the source through the engine and an independent model kept in
 * Java.
 */
class FlowPropertyTest {
    private static final String[] HOSTS = {"a", "b", "c"};
    private static final long BASE = Instant.parse("2024-05-01T00:00:00Z").toEpochMilli();
    private static final String[][] WINDOWS = {
        {"1 second", "1000"}, {"10 seconds", "10000"}, {"1 minute", "60000"}, {"5 minutes", "300000"}
    };

    @Test
    void sinkEqualsAdHocAggregate_afterRandomWritesUpdatesAndDeletes() {
        for (int seed = 1; seed <= 6; seed++) {
            try (FlowFixture f = new FlowFixture()) {
                runSeed(f, seed);
            }
        }
    }

    private void runSeed(FlowFixture f, long seed) {
        Random rnd = new Random(seed);
        String[] window = WINDOWS[rnd.nextInt(WINDOWS.length)];
        long width = Long.parseLong(window[1]);
        f.update("CREATE TABLE src (host STRING, v BIGINT, ts TIMESTAMP TIME INDEX, PRIMARY KEY (host))");
        f.update("CREATE FLOW agg SINK TO sink AS SELECT host, count(v) AS c, sum(v) AS s, min(v) AS mn, max(v) AS mx,"
                + " date_bin(INTERVAL '" + window[0] + "', ts) AS w FROM src GROUP BY host, w");
        Map<String, Long> model = new HashMap<>();
        long span = width * (2 + rnd.nextInt(20));
        for (int round = 0; round < 12; round++) {
            int op = rnd.nextInt(10);
            if (op < 6) {
                insert(f, rnd, model, span);
            } else if (op < 8) {
                deleteKey(f, rnd, model, span);
            } else {
                deleteRange(f, rnd, model, span);
            }
            if (rnd.nextInt(4) == 0) {
                f.query("ADMIN FLUSH_FLOW('agg')");
                check(f, model, window[0], width, "seed " + seed + " round " + round);
            }
        }
        f.query("ADMIN FLUSH_FLOW('agg')");
        check(f, model, window[0], width, "seed " + seed + " final");
    }

    private static void insert(FlowFixture f, Random rnd, Map<String, Long> model, long span) {
        StringBuilder sql = new StringBuilder("INSERT INTO src VALUES ");
        int n = 1 + rnd.nextInt(15);
        List<String[]> picked = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String host = HOSTS[rnd.nextInt(HOSTS.length)];
            // Timestamps repeat on purpose (duplicates update) and arrive in any order (late rows).
            long ts = BASE + rnd.nextInt((int) Math.min(span, 50)) * (span / Math.min(span, 50));
            long v = rnd.nextInt(200) - 50;
            sql.append(i == 0 ? "" : ", ")
                    .append("('")
                    .append(host)
                    .append("', ")
                    .append(v)
                    .append(", ")
                    .append(ts)
                    .append(')');
            picked.add(new String[] {host, Long.toString(ts), Long.toString(v)});
        }
        f.update(sql.toString());
        for (String[] p : picked) {
            model.put(p[0] + "|" + p[1], Long.parseLong(p[2]));
        }
    }

    private static void deleteKey(FlowFixture f, Random rnd, Map<String, Long> model, long span) {
        if (model.isEmpty()) {
            return;
        }
        List<String> keys = new ArrayList<>(model.keySet());
        keys.sort(null);
        String key = keys.get(rnd.nextInt(keys.size()));
        String[] p = key.split("\\|");
        f.update("DELETE FROM src WHERE host = '" + p[0] + "' AND ts = " + literal(Long.parseLong(p[1])));
        model.remove(key);
    }

    private static void deleteRange(FlowFixture f, Random rnd, Map<String, Long> model, long span) {
        long from = BASE + (long) (rnd.nextDouble() * span);
        long to = from + (long) (rnd.nextDouble() * span / 4);
        f.update("DELETE FROM src WHERE ts >= " + literal(from) + " AND ts < " + literal(to));
        model.keySet().removeIf(k -> {
            long ts = Long.parseLong(k.split("\\|")[1]);
            return ts >= from && ts < to;
        });
    }

    /** A UTC timestamp literal (the engine compares timestamps with strings, as GreptimeDB does). */
    private static String literal(long millis) {
        return "'"
                + LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC)
                        .toString()
                        .replace('T', ' ') + "'";
    }

    private static void check(FlowFixture f, Map<String, Long> model, String window, long width, String at) {
        List<String> sink = rows(f.query("SELECT host, c, s, mn, mx, w FROM sink ORDER BY host, w")
                .rows());
        List<String> adHoc = rows(f.query("SELECT host, count(v), sum(v), min(v), max(v), date_bin(INTERVAL '" + window
                        + "', ts) AS w FROM src GROUP BY host, w ORDER BY host, w")
                .rows());
        assertThat(sink).as("sink vs ad-hoc query, " + at).isEqualTo(adHoc);
        assertThat(sink).as("sink vs Java model, " + at).isEqualTo(expected(model, width));
    }

    /** The aggregate computed from the model: per (host, window) count, sum, min, max. */
    private static List<String> expected(Map<String, Long> model, long width) {
        TreeMap<String, long[]> agg = new TreeMap<>();
        for (Map.Entry<String, Long> e : model.entrySet()) {
            String[] p = e.getKey().split("\\|");
            long ts = Long.parseLong(p[1]);
            long w = Math.floorDiv(ts, width) * width;
            String key = p[0] + "|" + String.format("%020d", w);
            long v = e.getValue();
            agg.merge(key, new long[] {1, v, v, v}, (a, b) ->
                    new long[] {a[0] + b[0], a[1] + b[1], Math.min(a[2], b[2]), Math.max(a[3], b[3])});
        }
        List<String> out = new ArrayList<>();
        agg.forEach((k, a) -> {
            String[] p = k.split("\\|");
            long w = Long.parseLong(p[1]);
            out.add(p[0] + "," + a[0] + "," + a[1] + "," + a[2] + "," + a[3] + "," + w);
        });
        return out;
    }

    private static List<String> rows(List<List<Object>> rows) {
        List<String> out = new ArrayList<>();
        for (List<Object> r : rows) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                sb.append(i == 0 ? "" : ",").append(i == r.size() - 1 ? millis(r.get(i)) : r.get(i));
            }
            out.add(sb.toString());
        }
        return out;
    }

    /** Arrow hands timestamps back as LocalDateTime in UTC; compare as epoch millis. */
    private static long millis(Object ts) {
        return ((LocalDateTime) ts).toInstant(ZoneOffset.UTC).toEpochMilli();
    }
}
