package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.arrow.flight.CursorSettings;
import io.greptime.jdbc.arrow.flight.FlightBatchCursor;
import io.greptime.jdbc.arrow.read.ColumnReaderFactory;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Whether a table deduplicates rows (the mito default) or keeps every copy ({@code append_mode = 'true'}),
 * read once per table and connection from {@code SHOW CREATE TABLE}, whose {@code WITH(...)} lists the
 * table's options as GreptimeDB normalizes them (protocol.md §9.4). Replaying a DoPut batch is harmless
 * only in the first case.
 */
final class TableModes {
    private static final Logger LOG = Logger.getLogger("io.greptime.jdbc.failover");
    private static final Pattern APPEND_MODE =
            Pattern.compile("['\"]?append_mode['\"]?\\s*=\\s*['\"]?true", Pattern.CASE_INSENSITIVE);

    private final GreptimeClient client;
    /** By {@code database + '\0' + table}. */
    private final Map<String, Boolean> dedup = new ConcurrentHashMap<>();

    private volatile BufferAllocator allocator;

    TableModes(GreptimeClient client) {
        this.client = client;
    }

    void useAllocator(BufferAllocator connectionAllocator) {
        this.allocator = connectionAllocator;
    }

    /** True when rows written twice are stored once; false for append-mode tables and when unknown. */
    boolean deduplicates(RequestSession session, String table) {
        String key = session.database() + '\0' + table;
        Boolean known = dedup.get(key);
        if (known != null) {
            return known;
        }
        BufferAllocator parent = allocator;
        if (parent == null) {
            return false;
        }
        try {
            boolean d = !APPEND_MODE
                    .matcher(createStatement(session, table, parent))
                    .find();
            dedup.put(key, d);
            LOG.fine(() -> "table " + table
                    + (d
                            ? " deduplicates: a broken DoPut may be replayed"
                            : " is append-only: a broken DoPut is not replayed"));
            return d;
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.FINE, "cannot read the options of " + table + "; its DoPut streams are not replayed", e);
            return false;
        }
    }

    private String createStatement(RequestSession session, String table, BufferAllocator parent) throws SQLException {
        String sql = "SHOW CREATE TABLE \"" + table.replace("\"", "\"\"") + "\"";
        CursorSettings settings = new CursorSettings(new ColumnReaderFactory(ZoneOffset.UTC), 0, 64L << 20);
        try (FlightBatchCursor cursor = client.doGet(session, sql, 0, CancelHook.NONE, parent, settings)) {
            StringBuilder text = new StringBuilder();
            while (cursor.nextBatch()) {
                for (int row = 0; row < cursor.batchRowCount(); row++) {
                    text.append(cursor.readers()
                                    .get(cursor.readers().size() - 1)
                                    .getString(row))
                            .append('\n');
                }
            }
            return text.toString();
        } catch (io.greptime.jdbc.arrow.flight.FlightCallException e) {
            throw client.errors().translate(e);
        }
    }
}
