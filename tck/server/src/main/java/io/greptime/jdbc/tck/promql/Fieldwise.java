package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * An expression over a table with several fields, as GreptimeDB plans it: every operation applies to each
 * field column (planner.rs keeps one value column per field through functions, operators and aggregations),
 * the result has one value column per field in table order, and a function's row filter drops a row when
 * the function is NULL for any field (create_empty_values_filter_expr ORs the fields' IS NULL). Each node is
 * evaluated once per field, with its operand handed over as {@link Ast.Computed}; after a function the fields'
 * rows are intersected, so what follows sees the filtered rows.
 *
 * <p>Covered: instant functions, aggregations, unary minus, operators with a scalar, and operators between two
 * selectors of the same table (field with field). A comparison without {@code bool} is refused as GreptimeDB
 * refuses it. Range functions, subqueries and the functions that do not map a value are left to the
 * single-field evaluation: on a real v1.0.0 they read a NULL field as 0 in ranges, which this does not copy.
 */
final class Fieldwise {
    /** Calls whose result is not one value per input sample, or that take no vector (not evaluated per field). */
    private static final Set<String> NOT_PER_FIELD = Set.of(
            "timestamp",
            "absent",
            "absent_over_time",
            "scalar",
            "vector",
            "time",
            "histogram_quantile",
            "count_values",
            "minute",
            "hour",
            "month",
            "year",
            "day_of_month",
            "day_of_week",
            "day_of_year",
            "days_in_month");

    private static final Set<String> PER_FIELD_AGGREGATES =
            Set.of("sum", "avg", "min", "max", "count", "stddev", "stdvar", "group", "quantile");

    private Fieldwise() {}

    /**
     * The rows of {@code e} evaluated field by field, or null when {@code e} reads no table with more than one
     * field, is a bare selector ({@link WideSelector}), or has a form this does not cover.
     */
    static ArrowReader rows(SeriesSource source, Evaluator ev, Ast.Expr e, BufferAllocator allocator) {
        if (e instanceof Ast.Selector || e instanceof Ast.Paren p && p.expr() instanceof Ast.Selector) {
            return null;
        }
        SeriesSource.PromTable table = wideTable(source, e);
        if (table == null || !covered(e, table.name())) {
            return null;
        }
        List<Value.Vector> perField = eval(ev, e, table);
        if (perField == null || perField.get(0).shape().layout() == Value.Layout.EMPTY) {
            return null;
        }
        return RowsReader.ofFieldResults(allocator, perField, ev.steps);
    }

    /** The one table with several fields every selector of {@code e} reads, or null. */
    private static SeriesSource.PromTable wideTable(SeriesSource source, Ast.Expr e) {
        List<Ast.Selector> selectors = new ArrayList<>();
        collect(e, selectors);
        SeriesSource.PromTable found = null;
        for (Ast.Selector s : selectors) {
            SeriesSource.PromTable t = WideSelector.table(source, s);
            if (t == null || found != null && !found.name().equals(t.name())) {
                return null;
            }
            found = t;
        }
        return found;
    }

    private static void collect(Ast.Expr e, List<Ast.Selector> out) {
        if (e instanceof Ast.Selector s) {
            out.add(s);
        } else if (e instanceof Ast.Paren p) {
            collect(p.expr(), out);
        } else if (e instanceof Ast.Unary u) {
            collect(u.expr(), out);
        } else if (e instanceof Ast.Call c) {
            c.args().forEach(a -> collect(a, out));
        } else if (e instanceof Ast.Aggregate a) {
            collect(a.expr(), out);
        } else if (e instanceof Ast.Binary b) {
            collect(b.lhs(), out);
            collect(b.rhs(), out);
        } else if (e instanceof Ast.RangeSelector r) {
            out.add(r.selector());
        } else if (e instanceof Ast.Subquery q) {
            collect(q.expr(), out);
        }
    }

    /** Whether every node of {@code e} has a per-field form here. */
    private static boolean covered(Ast.Expr e, String table) {
        if (e instanceof Ast.NumberLit || e instanceof Ast.StringLit || e instanceof Ast.Selector) {
            return true;
        }
        if (e instanceof Ast.Paren p) {
            return covered(p.expr(), table);
        }
        if (e instanceof Ast.Unary u) {
            return covered(u.expr(), table);
        }
        if (e instanceof Ast.Call c) {
            if (NOT_PER_FIELD.contains(c.func()) || RangeFunctions.NAMES.contains(c.func())) {
                return false;
            }
            return c.args().stream().allMatch(a -> covered(a, table));
        }
        if (e instanceof Ast.Aggregate a) {
            return PER_FIELD_AGGREGATES.contains(a.op()) && covered(a.expr(), table);
        }
        if (e instanceof Ast.Binary b) {
            return b.matching().card() != Ast.Card.MANY_TO_MANY && covered(b.lhs(), table) && covered(b.rhs(), table);
        }
        return false;
    }

    private static boolean readsTable(Ast.Expr e) {
        List<Ast.Selector> s = new ArrayList<>();
        collect(e, s);
        return !s.isEmpty();
    }

    /** One vector per field of {@code table} (in table order), or null when a node answers no vector. */
    private static List<Value.Vector> eval(Evaluator ev, Ast.Expr e, SeriesSource.PromTable table) {
        List<String> fields = table.fields();
        List<Value.Vector> out = new ArrayList<>();
        if (e instanceof Ast.Selector s) {
            for (String f : fields) {
                List<Ast.Matcher> matchers = new ArrayList<>(s.matchers());
                matchers.add(Ast.Matcher.of("__field__", Ast.MatchOp.EQ, f));
                out.add((Value.Vector) ev.eval(new Ast.Selector(s.name(), matchers, s.offsetMs(), s.atMs())));
            }
            return out;
        }
        if (e instanceof Ast.Paren p) {
            return eval(ev, p.expr(), table);
        }
        if (e instanceof Ast.Unary u) {
            return each(ev, eval(ev, u.expr(), table), v -> new Ast.Unary(v));
        }
        if (e instanceof Ast.Aggregate a) {
            return each(
                    ev,
                    eval(ev, a.expr(), table),
                    v -> new Ast.Aggregate(a.op(), a.param(), v, a.grouping(), a.without()));
        }
        if (e instanceof Ast.Call c) {
            int at = -1;
            for (int i = 0; i < c.args().size(); i++) {
                if (readsTable(c.args().get(i))) {
                    if (at >= 0) {
                        return null;
                    }
                    at = i;
                }
            }
            if (at < 0) {
                return null;
            }
            int vectorArg = at;
            List<Value.Vector> results = each(ev, eval(ev, c.args().get(at), table), v -> {
                List<Ast.Expr> args = new ArrayList<>(c.args());
                args.set(vectorArg, v);
                return new Ast.Call(c.func(), args);
            });
            return results == null ? null : intersect(results, ev.n());
        }
        Ast.Binary b = (Ast.Binary) e;
        boolean left = readsTable(b.lhs());
        boolean right = readsTable(b.rhs());
        if (PromParser.COMPARISONS.contains(b.op()) && !b.returnBool()) {
            // planner.rs: a comparison filters rows by one value; with several it cannot choose
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Unsupported expr type: filter on multi-value input");
        }
        List<Value.Vector> l = left ? eval(ev, b.lhs(), table) : null;
        List<Value.Vector> r = right ? eval(ev, b.rhs(), table) : null;
        if (left && l == null || right && r == null) {
            return null;
        }
        Value lone = left ? null : ev.eval(b.lhs());
        Value rone = right ? null : ev.eval(b.rhs());
        for (int f = 0; f < fields.size(); f++) {
            Ast.Expr lhs = new Ast.Computed(left ? l.get(f) : lone);
            Ast.Expr rhs = new Ast.Computed(right ? r.get(f) : rone);
            Value v = ev.eval(new Ast.Binary(b.op(), lhs, rhs, b.returnBool(), b.matching()));
            if (!(v instanceof Value.Vector vec)) {
                return null;
            }
            out.add(vec);
        }
        return out;
    }

    private static List<Value.Vector> each(
            Evaluator ev, List<Value.Vector> operands, java.util.function.Function<Ast.Expr, Ast.Expr> node) {
        if (operands == null) {
            return null;
        }
        List<Value.Vector> out = new ArrayList<>();
        for (Value.Vector v : operands) {
            Value r = ev.eval(node.apply(new Ast.Computed(v)));
            if (!(r instanceof Value.Vector vec)) {
                return null;
            }
            out.add(vec);
        }
        return out;
    }

    /** Keeps a series' sample only where every field has a value there (the function's row filter). */
    private static List<Value.Vector> intersect(List<Value.Vector> perField, int steps) {
        List<Map<SortedMap<String, String>, Series>> byLabels =
                perField.stream().map(Series::byLabels).toList();
        List<Value.Vector> out = new ArrayList<>();
        for (Value.Vector v : perField) {
            List<Series> kept = new ArrayList<>();
            for (Series s : v.series()) {
                Series k = new Series(s.labels, steps);
                for (int i = 0; i < steps; i++) {
                    boolean all = true;
                    for (Map<SortedMap<String, String>, Series> m : byLabels) {
                        Series other = m.get(s.labels);
                        all &= other != null && other.present[i];
                    }
                    if (all) {
                        k.copy(s, i);
                    }
                }
                kept.add(k);
            }
            out.add(new Value.Vector(kept, v.shape()));
        }
        return out;
    }
}
