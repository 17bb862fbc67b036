package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * PromQL requests that do not come as SQL: {@code QueryRequest.prom_range_query} (rows, shaped like TQL)
 * and the PrometheusGateway's instant and range queries (Prometheus HTTP API JSON).
 */
public final class PromQueries {
    private PromQueries() {}

    /** Parameters of one query, as strings the way the wire carries them. */
    public record Params(String query, String start, String end, String step, String lookback) {}

    /** A range query answered as rows (DoGet). */
    public static ArrowReader rangeRows(SeriesSource source, Params p, BufferAllocator allocator) {
        // GreptimeDB parses the expression, then start, end, step and lookback (src/query/src/parser.rs)
        Ast.Expr expr = PromParser.parse(p.query());
        Evaluator ev = evaluator(source, p);
        ArrowReader wide = WideSelector.rows(source, ev, expr, allocator);
        if (wide == null) {
            wide = Fieldwise.rows(source, ev, expr, allocator);
        }
        return wide != null ? wide : RowsReader.of(allocator, ev.evaluate(expr), ev.steps, null);
    }

    /** A range query answered as Prometheus JSON; failures become an in-band error document, as in GreptimeDB. */
    public static byte[] rangeJson(SeriesSource source, Params p) {
        try {
            Ast.Expr expr = PromParser.parse(p.query());
            Evaluator ev = evaluator(source, p);
            Value v = ev.evaluate(expr);
            return PromJson.matrix(v, ev.steps).getBytes(StandardCharsets.UTF_8);
        } catch (GreptimeError e) {
            return PromJson.error(e).getBytes(StandardCharsets.UTF_8);
        }
    }

    /**
     * An instant query (GreptimeDB runs it as a range query from {@code time} to {@code time} by 1s; an empty
     * time means now) answered as Prometheus JSON.
     */
    public static byte[] instantJson(SeriesSource source, String query, String time, String lookback) {
        String at = time == null || time.isEmpty() ? Instant.now().toString() : time;
        try {
            Ast.Expr expr = PromParser.parse(query);
            Evaluator ev = evaluator(source, new Params(query, at, at, "1s", lookback));
            // unlike range queries, an instant query may ask for a range vector: its raw samples come back
            Value v = ev.eval(expr);
            String json =
                    v instanceof Value.Matrix m ? PromJson.rawMatrix(m, ev.steps[0]) : PromJson.instant(v, ev.steps[0]);
            return json.getBytes(StandardCharsets.UTF_8);
        } catch (GreptimeError e) {
            return PromJson.error(e).getBytes(StandardCharsets.UTF_8);
        }
    }

    private static Evaluator evaluator(SeriesSource source, Params p) {
        long start = time(p.start(), "start");
        long end = time(p.end(), "end");
        long step = PromDuration.parseMs(p.step());
        long lookback = PromDuration.parseMs(p.lookback());
        return new Evaluator(source, start, end, step, lookback);
    }

    private static long time(String s, String what) {
        Long ms = s == null ? null : PromTimes.parseTimeMs(s);
        if (ms == null) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid " + what + " time: " + s);
        }
        return ms;
    }
}
