package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableOptions;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code ALTER DATABASE db SET 'k'='v'[, ...]} and {@code UNSET 'k'[, ...]}: the keys GreptimeDB accepts
 * for databases (ttl, storage, memtable, append/merge mode, skip_wal, compaction, sst_format), keys
 * lower-cased, a TTL that humantime parses (or '' meaning forever, never 'instant'); anything else is
 * {@code Invalid set|unset database option}. Options are kept sorted, as GreptimeDB shows them.
 */
final class AlterDatabase {
    private static final Set<String> KEYS = Set.of(
            "ttl",
            "storage",
            "memtable.type",
            "memtable.bulk.merge_threshold",
            "memtable.bulk.encode_row_threshold",
            "memtable.bulk.encode_bytes_threshold",
            "memtable.bulk.max_merge_groups",
            "append_mode",
            "merge_mode",
            "skip_wal",
            "compaction.type",
            "compaction.twcs.fallback_to_local",
            "compaction.twcs.time_window",
            "compaction.twcs.trigger_file_num",
            "compaction.twcs.max_output_file_size",
            "sst_format");

    private AlterDatabase() {}

    static long run(Call call, Tokens t) throws SQLException {
        String db = t.ident();
        Catalog.Database d = call.catalog.database(db);
        if (d == null) {
            throw Errors.databaseNotFound(db);
        }
        Map<String, String> options = new TreeMap<>(d.options());
        if (t.accept("set")) {
            do {
                String key = t.next().text();
                t.expectSymbol("=");
                String value = t.next().text();
                set(options, key, value);
            } while (t.acceptSymbol(","));
        } else if (t.accept("unset")) {
            do {
                String key = t.next().text();
                String lower = key.toLowerCase(Locale.ROOT);
                if (!KEYS.contains(lower)) {
                    throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid unset database option, key: " + key);
                }
                options.remove(lower);
            } while (t.acceptSymbol(","));
        } else {
            throw t.unexpected("SET or UNSET");
        }
        call.catalog.putDatabase(call.conn, new Catalog.Database(d.name(), options, d.createTimeMillis()));
        return 0;
    }

    private static void set(Map<String, String> options, String key, String value) {
        String lower = key.toLowerCase(Locale.ROOT);
        GreptimeError invalid = new GreptimeError(
                StatusCode.INVALID_ARGUMENTS, "Invalid set database option, key: " + key + ", value: " + value);
        if (!KEYS.contains(lower)) {
            throw invalid;
        }
        if (lower.equals("ttl")) {
            if (value.equalsIgnoreCase("instant")) {
                throw invalid;
            }
            try {
                String ttl = TableOptions.normalizeTtl(value);
                options.put(lower, ttl.isEmpty() ? "forever" : ttl);
            } catch (GreptimeError e) {
                throw invalid;
            }
            return;
        }
        options.put(lower, value);
    }
}
