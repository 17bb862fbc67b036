package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.promql.Ast.Expr;
import io.greptime.jdbc.tck.promql.SeriesSource.PromTable;
import io.greptime.jdbc.tck.promql.SeriesSource.RawSeries;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Evaluates a PromQL expression at every step of {@code start..end} (inclusive, milliseconds), the way
 * Prometheus' range queries do: instant selectors take the newest sample in (t - lookback, t], range
 * selectors every sample in (t - range, t].
 */
public final class Evaluator {
    /** Labels GreptimeDB reads as table selection rather than as tags. */
    static final Set<String> SPECIAL = Set.of("__name__", "__schema__", "__database__", "__field__");

    static final Field DEFAULT_TIME = Field.nullable("time", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null));

    /** Prometheus' default evaluation interval, used by subqueries without a step. */
    static final long DEFAULT_SUBQUERY_STEP_MS = 60_000;

    final SeriesSource source;
    final long[] steps;
    final long lookbackMs;

    /** An evaluator over {@code start..end} by {@code stepMs}, all in milliseconds. */
    public Evaluator(SeriesSource source, long startMs, long endMs, long stepMs, long lookbackMs) {
        if (stepMs <= 0) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "zero or negative query resolution step widths are not accepted. Try a positive integer");
        }
        if (endMs < startMs) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "end timestamp must not be before start time");
        }
        long n = (endMs - startMs) / stepMs + 1;
        if (n > 11_000) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)");
        }
        this.source = source;
        this.steps = new long[(int) n];
        for (int i = 0; i < n; i++) {
            steps[i] = startMs + i * stepMs;
        }
        this.lookbackMs = lookbackMs;
    }

    int n() {
        return steps.length;
    }

    /** Evaluates {@code e}; the result is a scalar, an instant vector or a string. */
    public Value evaluate(Expr e) {
        Value v = eval(e);
        if (v instanceof Value.Matrix) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "invalid expression type \"range vector\" for range query, must be Scalar or instant Vector");
        }
        return v;
    }

    Value eval(Expr e) {
        // Java 17 has no pattern switch; the sealed Expr keeps this list complete.
        if (e instanceof Ast.NumberLit n) {
            return constant(n.value());
        } else if (e instanceof Ast.StringLit s) {
            return new Value.Str(s.value());
        } else if (e instanceof Ast.Paren p) {
            return eval(p.expr());
        } else if (e instanceof Ast.Selector s) {
            return instant(s);
        } else if (e instanceof Ast.RangeSelector r) {
            return range(r);
        } else if (e instanceof Ast.Subquery q) {
            return subquery(q);
        } else if (e instanceof Ast.Unary u) {
            return BinaryOps.negate(eval(u.expr()));
        } else if (e instanceof Ast.Call c) {
            return Functions.call(this, c);
        } else if (e instanceof Ast.Aggregate a) {
            return Aggregations.aggregate(this, a);
        } else if (e instanceof Ast.Computed c) {
            return c.value();
        }
        return BinaryOps.binary(this, (Ast.Binary) e);
    }

    Value.Scalar constant(double v) {
        double[] out = new double[n()];
        Arrays.fill(out, v);
        return new Value.Scalar(out);
    }

    /**
     * The time step {@code i} reads at: the step itself. GreptimeDB's planner parses a selector's {@code @}
     * and ignores it (planner.rs prom_vector_selector_to_plan binds {@code at: _}, every line up to main;
     * GreptimeDB v1.0.0 answers {@code g @ 5} as {@code g}), so {@code at} changes nothing.
     */
    long evalTime(Long at, int i) {
        return steps[i];
    }

    private Value instant(Ast.Selector s) {
        Loaded l = load(s, lookbackMs);
        List<Series> out = new ArrayList<>();
        for (Value.RangeSeries rs : l.series) {
            Series ser = new Series(rs.labels(), n());
            ser.sampleTimes = new long[n()];
            for (int i = 0; i < n(); i++) {
                long t = evalTime(s.atMs(), i) - s.offsetMs();
                int idx = lastAtOrBefore(rs.times(), t);
                if (idx >= 0 && rs.times()[idx] > t - lookbackMs) {
                    // instant_manipulate.rs takes the newest row in the lookback window; a NULL field is
                    // taken as it is (only NaN counts as stale), so the step's sample is NULL
                    if (rs.isNull(idx)) {
                        ser.setNull(i);
                    } else {
                        ser.set(i, rs.values()[idx]);
                    }
                    ser.sampleTimes[i] = rs.times()[idx];
                }
            }
            if (!ser.empty()) {
                out.add(ser);
            }
        }
        return new Value.Vector(out, l.shape);
    }

    private Value range(Ast.RangeSelector r) {
        Loaded l = load(r.selector(), r.rangeMs());
        return new Value.Matrix(
                l.series,
                r.rangeMs(),
                r.selector().offsetMs(),
                l.shape,
                r.selector().atMs());
    }

    /**
     * A subquery: the inner expression evaluated at multiples of its step from the first aligned time after
     * (start - offset - range) to (end - offset), as Prometheus does, then read like a range vector.
     */
    private Value subquery(Ast.Subquery q) {
        long step = q.stepMs() > 0 ? q.stepMs() : DEFAULT_SUBQUERY_STEP_MS;
        long from = steps[0] - q.offsetMs() - q.rangeMs();
        long alignedStart = Math.floorDiv(from, step) * step;
        if (alignedStart < from) {
            alignedStart += step;
        }
        Evaluator inner = new Evaluator(source, alignedStart, steps[n() - 1] - q.offsetMs(), step, lookbackMs);
        Value v = inner.eval(q.expr());
        if (!(v instanceof Value.Vector vec)) {
            throw PromLexer.syntax("subquery is only allowed on instant vector, got " + kind(v));
        }
        List<Value.RangeSeries> out = new ArrayList<>();
        for (Series s : vec.series()) {
            long[] times = new long[inner.n()];
            double[] values = new double[inner.n()];
            boolean[] nulls = new boolean[inner.n()];
            int k = 0;
            for (int i = 0; i < inner.n(); i++) {
                if (s.present[i]) {
                    times[k] = inner.steps[i];
                    nulls[k] = s.nulls[i];
                    values[k++] = s.values[i];
                }
            }
            out.add(new Value.RangeSeries(
                    s.labels, Arrays.copyOf(times, k), Arrays.copyOf(values, k), Arrays.copyOf(nulls, k)));
        }
        return new Value.Matrix(out, q.rangeMs(), q.offsetMs(), vec.shape(), null);
    }

    static String kind(Value v) {
        return v instanceof Value.Scalar
                ? "scalar"
                : v instanceof Value.Matrix ? "range vector" : v instanceof Value.Str ? "string" : "instant vector";
    }

    /** Index of the last time at or before {@code t}, or -1. */
    static int lastAtOrBefore(long[] times, long t) {
        int lo = 0;
        int hi = times.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    private record Loaded(List<Value.RangeSeries> series, Value.Shape shape) {}

    private Loaded load(Ast.Selector s, long windowMs) {
        String schema = source.defaultSchema();
        String field = null;
        for (Ast.Matcher m : s.matchers()) {
            switch (m.label()) {
                case "__name__" -> {
                    if (m.op() != Ast.MatchOp.EQ) {
                        throw new GreptimeError(
                                StatusCode.INVALID_ARGUMENTS,
                                "Matcher operator " + m.op().text + " is not supported for __name__");
                    }
                }
                case "__schema__", "__database__" -> schema = equalityOnly(m);
                case "__field__" -> field = equalityOnly(m);
                default -> {}
            }
        }
        PromTable table = source.table(schema, s.name());
        if (table == null) {
            return new Loaded(
                    List.of(),
                    new Value.Shape(Value.Layout.EMPTY, DEFAULT_TIME, "", "value", List.of(), List.of(), false));
        }
        Value.Layout layout = field == null ? Value.Layout.TABLE : Value.Layout.VALUE_FIRST;
        field = resolveField(table, field);
        long min = evalTime(s.atMs(), 0) - s.offsetMs() - windowMs;
        long max = evalTime(s.atMs(), n() - 1) - s.offsetMs();
        List<Value.RangeSeries> out = new ArrayList<>();
        for (RawSeries raw : source.scan(table, field, min, max)) {
            SortedMap<String, String> labels = labelsOf(table, raw.tagValues());
            if (matchesAll(s.matchers(), labels)) {
                out.add(new Value.RangeSeries(labels, raw.times(), raw.values(), raw.nulls()));
            }
        }
        List<String> order = new ArrayList<>();
        for (Field f : table.columns()) {
            if (f.getName().equals(table.timeIndex())
                    || f.getName().equals(field)
                    || table.tags().contains(f.getName())) {
                order.add(f.getName());
            }
        }
        Field time = table.column(table.timeIndex());
        if (!(time.getType() instanceof ArrowType.Timestamp ts) || ts.getUnit() != TimeUnit.MILLISECOND) {
            // planner.rs create_table_scan_plan: a time index of another unit is cast to milliseconds by a
            // projection of the fields, then the tags, then the time index
            time = new Field(time.getName(), DEFAULT_TIME.getFieldType(), null);
            layout = Value.Layout.VALUE_FIRST;
        }
        // the value column keeps the field's type until an operation computes a new value
        boolean integer = table.column(field).getType() instanceof ArrowType.Int;
        Value.Shape shape = new Value.Shape(layout, time, table.name(), field, table.tags(), order, integer);
        return new Loaded(out, shape);
    }

    private static String equalityOnly(Ast.Matcher m) {
        if (m.op() != Ast.MatchOp.EQ) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED, "Matcher operator " + m.op().text + " is not supported for " + m.label());
        }
        return m.value();
    }

    private static String resolveField(PromTable table, String field) {
        if (field == null) {
            if (table.fields().isEmpty()) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS, "Cannot find a value column in table " + table.name());
            }
            return table.fields().get(0);
        }
        if (!table.fields().contains(field)) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Cannot find column " + field);
        }
        return field;
    }

    private static SortedMap<String, String> labelsOf(PromTable table, List<String> tagValues) {
        SortedMap<String, String> labels = new TreeMap<>();
        labels.put("__name__", table.name());
        for (int i = 0; i < table.tags().size(); i++) {
            String v = tagValues.get(i);
            if (v != null && !v.isEmpty()) {
                labels.put(table.tags().get(i), v);
            }
        }
        return labels;
    }

    private static boolean matchesAll(List<Ast.Matcher> matchers, SortedMap<String, String> labels) {
        for (Ast.Matcher m : matchers) {
            if (!SPECIAL.contains(m.label()) && !m.matches(labels.get(m.label()))) {
                return false;
            }
        }
        return true;
    }
}
