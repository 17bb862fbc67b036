package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code count_values("label", v)} as GreptimeDB's planner plans it (prom_aggr_expr_to_plan): an aggregate
 * grouped by the by/without labels, the time index and the value, counting, then projected as the count
 * ({@code count(g.v)}, Int64), the group labels, the time index and the value under the given label name
 * (a Float64 column, not a string label as in Prometheus), sorted by the group labels, time and value.
 * GreptimeDB v1.0.0 answers {@code count_values("val", g)} so. Only the whole query is evaluated this way;
 * count_values inside another expression stays refused.
 */
final class CountValues {
    private CountValues() {}

    static boolean isTopLevel(Ast.Expr e) {
        Ast.Expr u = unwrap(e);
        return u instanceof Ast.Aggregate a && a.op().equals("count_values");
    }

    static Ast.Aggregate unwrap(Ast.Expr e) {
        Ast.Expr u = e;
        while (u instanceof Ast.Paren p) {
            u = p.expr();
        }
        return u instanceof Ast.Aggregate a ? a : null;
    }

    private record Key(List<String> labels, long time, double value) {}

    static ArrowReader rows(Evaluator ev, Ast.Aggregate a, BufferAllocator allocator) {
        if (!(a.param() instanceof Ast.StringLit label)) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid function argument for count_values");
        }
        Value in = ev.eval(a.expr());
        if (!(in instanceof Value.Vector vec)) {
            throw PromLexer.syntax("expected type instant vector in aggregation expression, got " + Evaluator.kind(in));
        }
        Value.Shape sh = vec.shape();
        List<String> groups = Aggregations.groupingColumns(sh, a);
        Map<Key, Long> counts = new HashMap<>();
        List<Key> order = new ArrayList<>();
        for (Series s : vec.series()) {
            List<String> values = new ArrayList<>();
            for (String g : groups) {
                values.add(s.labels.get(g));
            }
            for (int i = 0; i < ev.n(); i++) {
                if (s.hasValue(i)) {
                    Key k = new Key(values, ev.steps[i], s.values[i]);
                    if (counts.merge(k, 1L, Long::sum) == 1L) {
                        order.add(k);
                    }
                }
            }
        }
        Comparator<Key> byLabels = (x, y) -> 0;
        for (int g = 0; g < groups.size(); g++) {
            final int idx = g;
            byLabels = byLabels.thenComparing(
                    k -> k.labels().get(idx), Comparator.nullsLast(Comparator.<String>naturalOrder()));
        }
        order.sort(byLabels.thenComparingLong(Key::time).thenComparingDouble(Key::value));
        String qualified = sh.layout() == Value.Layout.TABLE || sh.layout() == Value.Layout.VALUE_FIRST
                ? sh.tableName() + "." + sh.valueName()
                : sh.valueName();
        String count = "count(" + qualified + ")";
        List<Field> fields = new ArrayList<>();
        fields.add(Field.nullable(count, new ArrowType.Int(64, true)));
        groups.forEach(g -> fields.add(Field.nullable(g, ArrowType.Utf8.INSTANCE)));
        fields.add(
                new Field(sh.timeFieldName(), FieldType.nullable(sh.timeField().getType()), null));
        fields.add(Field.nullable(label.value(), new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
        List<Long> times = new ArrayList<>();
        List<Map<String, Double>> values = new ArrayList<>();
        List<Map<String, String>> labels = new ArrayList<>();
        for (Key k : order) {
            times.add(k.time());
            Map<String, Double> v = new HashMap<>();
            v.put(count, (double) counts.get(k));
            v.put(label.value(), k.value());
            values.add(v);
            Map<String, String> l = new TreeMap<>();
            for (int g = 0; g < groups.size(); g++) {
                if (k.labels().get(g) != null) {
                    l.put(groups.get(g), k.labels().get(g));
                }
            }
            labels.add(l);
        }
        Objects.requireNonNull(allocator);
        return RowsReader.ofRows(allocator, new Schema(fields), sh.timeFieldName(), times, values, labels);
    }
}
