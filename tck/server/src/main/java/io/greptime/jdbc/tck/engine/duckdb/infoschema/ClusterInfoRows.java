package io.greptime.jdbc.tck.engine.duckdb.infoschema;

import io.greptime.jdbc.tck.engine.ClusterNodes;
import io.greptime.jdbc.tck.engine.EngineProfile;
import io.greptime.jdbc.tck.engine.duckdb.exec.EngineState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code information_schema.cluster_info} as each GreptimeDB line shows it: the columns of the line (v1.0 added
 * the host name, CPU and memory columns and {@code node_status}: {@code v1.0.0:src/catalog/src/system_schema/
 * information_schema/cluster_info.rs:97-133}; before, {@code v0.14.4:…/cluster_info.rs:80-95}), and the rows of
 * {@link ClusterNodes}, or the one STANDALONE row of a standalone server (id 0, empty address, no
 * {@code active_time}). Frontends and metasrvs show {@code peer_id} -1 ({@code v1.0.0:…/cluster_info.rs:331-337}).
 */
final class ClusterInfoRows {
    static final String TABLE = "cluster_info";

    /** The columns v1.0 added. */
    private static final Set<String> SINCE_V1_0 = Set.of(
            "peer_hostname",
            "total_cpu_millicores",
            "total_memory_bytes",
            "cpu_usage_millicores",
            "memory_usage_bytes",
            "node_status");

    private static final String HOST_NAME = hostName();

    private ClusterInfoRows() {}

    /** The table's columns on {@code profile}'s line, in order. */
    static List<InformationSchemaColumns.Column> columns(EngineProfile profile) {
        List<InformationSchemaColumns.Column> out = new ArrayList<>();
        for (InformationSchemaColumns.Column c : InformationSchemaColumns.of(TABLE)) {
            if (profile.clusterInfoHasNodeResources() || !SINCE_V1_0.contains(c.name())) {
                out.add(c);
            }
        }
        return out;
    }

    static List<Object[]> rows(ClusterNodes cluster, EngineProfile profile) {
        long now = cluster.nowMillis();
        List<Map<String, Object>> rows = new ArrayList<>();
        if (cluster.standalone()) {
            Map<String, Object> r =
                    row(0, "STANDALONE", "", HOST_NAME, profile.version(), EngineState.START_MILLIS, now);
            r.put("active_time", null);
            rows.add(r);
        } else {
            long datanodeId = 0;
            for (ClusterNodes.Node n : cluster.nodes()) {
                boolean anonymous = n.type().equals("FRONTEND") || n.type().equals("METASRV");
                Map<String, Object> r = row(
                        anonymous ? -1 : datanodeId++,
                        n.type(),
                        n.address(),
                        n.hostname(),
                        n.version(),
                        n.startMillis(),
                        now);
                r.put("active_time", humantime(n.silenceMillis(now)));
                rows.add(r);
            }
        }
        List<InformationSchemaColumns.Column> columns = columns(profile);
        List<Object[]> out = new ArrayList<>();
        for (Map<String, Object> r : rows) {
            Object[] values = new Object[columns.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = r.get(columns.get(i).name());
            }
            out.add(values);
        }
        return out;
    }

    private static Map<String, Object> row(
            long id, String type, String address, String hostname, String version, long startMillis, long now) {
        Map<String, Object> r = new HashMap<>();
        r.put("peer_id", id);
        r.put("peer_type", type);
        r.put("peer_addr", address);
        r.put("peer_hostname", hostname);
        r.put("total_cpu_millicores", 0L);
        r.put("total_memory_bytes", 0L);
        r.put("cpu_usage_millicores", 0L);
        r.put("memory_usage_bytes", 0L);
        r.put("version", version);
        r.put("git_commit", "");
        r.put("start_time", Instant.ofEpochMilli(startMillis));
        r.put("uptime", humantime(now - startMillis));
        r.put("node_status", null);
        return r;
    }

    /**
     * A span as the humantime crate formats it (what GreptimeDB puts in {@code uptime} and {@code active_time}):
     * {@code 1day 2h 3m 4s 5ms}, units without a value left out, {@code 0s} for nothing.
     */
    static String humantime(long millis) {
        long secs = Math.max(0, millis) / 1000;
        long yearRest = secs % 31_557_600;
        long monthRest = yearRest % 2_630_016;
        long daySecs = monthRest % 86_400;
        long[] values = {
            secs / 31_557_600,
            yearRest / 2_630_016,
            monthRest / 86_400,
            daySecs / 3_600,
            daySecs % 3_600 / 60,
            daySecs % 60,
            Math.max(0, millis) % 1000
        };
        String[] units = {"year", "month", "day", "h", "m", "s", "ms"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (values[i] == 0) {
                continue;
            }
            sb.append(sb.length() == 0 ? "" : " ").append(values[i]).append(units[i]);
            if (i < 3 && values[i] > 1) {
                sb.append('s');
            }
        }
        return sb.length() == 0 ? "0s" : sb.toString();
    }

    private static String hostName() {
        String env = System.getenv("HOSTNAME");
        return env == null || env.isBlank() ? "localhost" : env;
    }
}
