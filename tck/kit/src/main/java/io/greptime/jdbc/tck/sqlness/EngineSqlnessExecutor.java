package io.greptime.jdbc.tck.sqlness;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Calls an {@link Engine} directly, skipping the wire: useful to replay cases before the gRPC/Flight front
 * exists, and to tell engine mismatches from wire mismatches. It builds the {@link QueryContext} the way
 * the front does from a request header (schema lower-cased, invalid or empty zone → UTC).
 */
public final class EngineSqlnessExecutor implements SqlnessExecutor {
    private final Engine engine;
    private final BufferAllocator allocator;

    /** Uses {@code engine} (not closed here) with a child of {@code allocator}. */
    public EngineSqlnessExecutor(Engine engine, BufferAllocator allocator) {
        this.engine = engine;
        this.allocator = allocator.newChildAllocator("sqlness-engine", 0, Long.MAX_VALUE);
    }

    @Override
    public Answer execute(SqlnessSession session, String sql) {
        // The front lower-cases the header's schema (protocol.md §2.1); an empty one means public.
        String schema = session.schema().isEmpty()
                ? QueryContext.DEFAULT_SCHEMA
                : session.schema().toLowerCase(Locale.ROOT);
        QueryContext ctx =
                new QueryContext(QueryContext.DEFAULT_CATALOG, schema, zone(session.timeZone()), Map.of(), null);
        try {
            Output output = engine.execute(ctx, sql, allocator);
            if (output instanceof Output.AffectedRows affected) {
                return new Answer.Affected(affected.count());
            }
            try (ArrowReader reader = ((Output.Rows) output).reader()) {
                TableText table = new TableText(reader.getVectorSchemaRoot().getSchema());
                while (reader.loadNextBatch()) {
                    table.addBatch(reader.getVectorSchemaRoot());
                }
                return new Answer.Table(table);
            }
        } catch (GreptimeError e) {
            return new Answer.Failure(e.status().code(), e.getMessage());
        } catch (IOException | RuntimeException e) {
            return new Answer.Failure(StatusCode.INTERNAL.code(), String.valueOf(e.getMessage()));
        }
    }

    /** GreptimeDB's header zone rules (protocol.md §8): SYSTEM, ±hh:mm, IANA names; anything else is UTC. */
    static ZoneId zone(String text) {
        if (text == null || text.isBlank()) {
            return ZoneOffset.UTC;
        }
        if (text.equalsIgnoreCase("SYSTEM")) {
            return ZoneId.systemDefault();
        }
        try {
            if (text.startsWith("+") || text.startsWith("-")) {
                // GreptimeDB accepts a one-digit hour ('+8:00'), as the server's header parsing does
                return ZoneOffset.of(text.length() == 5 ? text.charAt(0) + "0" + text.substring(1) : text);
            }
            for (String id : ZoneId.getAvailableZoneIds()) {
                if (id.equalsIgnoreCase(text)) {
                    return ZoneId.of(id);
                }
            }
            return ZoneId.of(text);
        } catch (DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    @Override
    public void close() {
        allocator.close();
    }
}
