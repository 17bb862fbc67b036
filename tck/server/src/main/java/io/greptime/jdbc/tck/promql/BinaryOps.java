package io.greptime.jdbc.tck.promql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Binary operators: arithmetic and comparisons between scalars and vectors, vector matching
 * (on/ignoring, group_left/group_right) and the set operators and/or/unless.
 */
final class BinaryOps {
    private BinaryOps() {}

    static Value negate(Value v) {
        if (v instanceof Value.Scalar s) {
            double[] out = s.values().clone();
            for (int i = 0; i < out.length; i++) {
                out[i] = -out[i];
            }
            return new Value.Scalar(out);
        }
        if (v instanceof Value.Vector vec) {
            List<Series> out = new ArrayList<>();
            for (Series s : vec.series()) {
                Series r = new Series(Series.dropName(s.labels), s.values.length);
                for (int i = 0; i < s.values.length; i++) {
                    if (s.present[i]) {
                        r.set(i, -s.values[i]);
                    }
                }
                out.add(r);
            }
            // planner.rs prom_unary_expr_to_plan: a projection of DataFusion's Negative, shown "(- x)"
            return new Value.Vector(
                    out,
                    vec.shape()
                            .with(
                                    projected(vec.shape()),
                                    "(- " + vec.shape().valueName() + ")",
                                    vec.shape().labelColumns(),
                                    false));
        }
        throw PromLexer.syntax("unary expression only allowed on expressions of type scalar or instant vector");
    }

    static Value binary(Evaluator ev, Ast.Binary b) {
        Value l = ev.eval(b.lhs());
        Value r = ev.eval(b.rhs());
        boolean comparison = PromParser.COMPARISONS.contains(b.op());
        boolean set = b.matching().card() == Ast.Card.MANY_TO_MANY;
        if (l instanceof Value.Scalar ls && r instanceof Value.Scalar rs) {
            if (comparison && !b.returnBool()) {
                throw PromLexer.syntax("comparisons between scalars must use BOOL modifier");
            }
            double[] out = new double[ev.n()];
            for (int i = 0; i < out.length; i++) {
                out[i] = apply(b.op(), ls.values()[i], rs.values()[i], true);
            }
            return new Value.Scalar(out, scalarsName(b, ls, rs));
        }
        if (set) {
            if (!(l instanceof Value.Vector lv) || !(r instanceof Value.Vector rv)) {
                throw PromLexer.syntax("set operator \"" + b.op() + "\" not allowed in binary scalar expression");
            }
            return SetOps.apply(b, lv, rv);
        }
        if (l instanceof Value.Vector lv && r instanceof Value.Scalar rs) {
            return withScalar(b, lv, rs, false);
        }
        if (l instanceof Value.Scalar ls && r instanceof Value.Vector rv) {
            return withScalar(b, rv, ls, true);
        }
        if (l instanceof Value.Vector lv && r instanceof Value.Vector rv) {
            return vectors(ev, b, lv, rv);
        }
        throw PromLexer.syntax("binary expression must contain only scalar and instant vector types");
    }

    /** The value of {@code x op y}; comparisons give 1/0 when {@code asBool}, else NaN for false. */
    static double apply(String op, double x, double y, boolean asBool) {
        return switch (op) {
            case "+" -> x + y;
            case "-" -> x - y;
            case "*" -> x * y;
            case "/" -> x / y;
            case "%" -> x % y;
            case "^" -> Math.pow(x, y);
            case "atan2" -> Math.atan2(x, y);
            default -> compare(op, x, y) ? 1 : (asBool ? 0 : Double.NaN);
        };
    }

    private static boolean compare(String op, double x, double y) {
        return switch (op) {
            case "==" -> x == y;
            case "!=" -> x != y;
            case "<" -> x < y;
            case ">" -> x > y;
            case "<=" -> x <= y;
            case ">=" -> x >= y;
            default -> throw PromParser.unsupported("operator " + op);
        };
    }

    /**
     * Two scalars: literal arithmetic stays unnamed; with a computed scalar ({@code time()}) it is an
     * expression, and two computed ones are joined empty metrics, qualified {@code lhs}/{@code rhs}.
     */
    private static String scalarsName(Ast.Binary b, Value.Scalar ls, Value.Scalar rs) {
        if (ls.name() == null && rs.name() == null) {
            return null;
        }
        String op = PromNames.operator(b.op());
        if (ls.name() != null && rs.name() != null) {
            return "lhs." + ls.name() + " " + op + " rhs." + rs.name();
        }
        return sideName(ls, b.lhs()) + " " + op + " " + sideName(rs, b.rhs());
    }

    private static String sideName(Value.Scalar s, Ast.Expr e) {
        if (s.name() != null) {
            return s.name();
        }
        String n = PromNames.scalar(e);
        return n != null ? n : number(s.values()[0]);
    }

    private static Value withScalar(Ast.Binary b, Value.Vector vec, Value.Scalar sc, boolean scalarLeft) {
        double[] scalar = sc.values();
        boolean comparison = PromParser.COMPARISONS.contains(b.op());
        boolean keepName = comparison && !b.returnBool();
        List<Series> out = new ArrayList<>();
        for (Series s : vec.series()) {
            Series r = new Series(keepName ? s.labels : Series.dropName(s.labels), s.values.length);
            for (int i = 0; i < s.values.length; i++) {
                if (!s.present[i]) {
                    continue;
                }
                double x = scalarLeft ? scalar[i] : s.values[i];
                double y = scalarLeft ? s.values[i] : scalar[i];
                if (comparison && !b.returnBool()) {
                    if (compare(b.op(), x, y)) {
                        r.set(i, s.values[i]);
                    }
                } else {
                    r.set(i, apply(b.op(), x, y, true));
                }
            }
            if (!r.empty()) {
                out.add(r);
            }
        }
        Value.Shape sh = vec.shape();
        if (keepName) {
            // a comparison without bool filters the vector, which keeps its column
            return new Value.Vector(out, sh);
        }
        String op = PromNames.operator(b.op());
        String sName = sideName(sc, scalarLeft ? b.lhs() : b.rhs());
        String name;
        if (sc.name() != null) {
            // a computed scalar is an empty metric joined on time: both sides keep their qualifiers
            String v = sh.tableName() + "." + sh.valueName();
            name = scalarLeft ? "." + sName + " " + op + " " + v : v + " " + op + " ." + sName;
            // the output takes the right side's time index and tags: an empty metric has neither
            Value.Shape joined = scalarLeft
                    ? sh
                    : new Value.Shape(
                            sh.layout(), Evaluator.DEFAULT_TIME, "", sh.valueName(), List.of(), sh.tableOrder(), false);
            return new Value.Vector(out, joined.with(layout(sh), name, joined.labelColumns(), false));
        }
        name = scalarLeft ? sName + " " + op + " " + sh.valueName() : sh.valueName() + " " + op + " " + sName;
        return new Value.Vector(out, sh.with(projected(sh), name, sh.labelColumns(), false));
    }

    private static String number(double v) {
        return "Float64(" + (v == Math.rint(v) && !Double.isInfinite(v) ? String.valueOf((long) v) : String.valueOf(v))
                + ")";
    }

    /**
     * The layout of planner.rs projection_for_each_field_column (an operation with a literal, a negation):
     * the tags, the time index, then the computed value.
     */
    static Value.Layout projected(Value.Shape sh) {
        return sh.layout() == Value.Layout.EMPTY ? Value.Layout.EMPTY : Value.Layout.LABELS_FIRST;
    }

    /** The layout of a function's projection: the time index, the computed value, then the tags. */
    static Value.Layout layout(Value.Shape sh) {
        return sh.layout() == Value.Layout.EMPTY ? Value.Layout.EMPTY : Value.Layout.TIME_FIRST;
    }

    /** The labels vector matching compares: on(...) keeps only those, ignoring(...) drops them. */
    static SortedMap<String, String> signature(SortedMap<String, String> labels, Ast.VectorMatching m) {
        SortedMap<String, String> sig = new TreeMap<>();
        if (m.on()) {
            for (String l : m.labels()) {
                if (labels.containsKey(l)) {
                    sig.put(l, labels.get(l));
                }
            }
        } else {
            sig.putAll(labels);
            sig.remove("__name__");
            m.labels().forEach(sig::remove);
        }
        return sig;
    }

    private static Value vectors(Evaluator ev, Ast.Binary b, Value.Vector lv, Value.Vector rv) {
        Ast.VectorMatching m = b.matching();
        boolean swap = m.card() == Ast.Card.ONE_TO_MANY;
        Value.Vector many = swap ? rv : lv;
        Value.Vector one = swap ? lv : rv;
        Map<SortedMap<String, String>, Series> out = new LinkedHashMap<>();
        for (int i = 0; i < ev.n(); i++) {
            Map<SortedMap<String, String>, Series> oneSide = indexOneSide(one, m, i, swap);
            Map<SortedMap<String, String>, SortedMap<String, String>> seen = new HashMap<>();
            for (Series s : many.series()) {
                if (!s.present[i]) {
                    continue;
                }
                SortedMap<String, String> sig = signature(s.labels, m);
                Series match = oneSide.get(sig);
                if (match == null) {
                    continue;
                }
                double x = swap ? match.values[i] : s.values[i];
                double y = swap ? s.values[i] : match.values[i];
                SortedMap<String, String> labels = resultLabels(b, s.labels, match.labels);
                if (m.card() == Ast.Card.ONE_TO_ONE && seen.put(sig, labels) != null) {
                    throw new GreptimeError(
                            StatusCode.INVALID_ARGUMENTS,
                            "found duplicate series for the match group " + sig
                                    + " on the left hand-side of the operation;"
                                    + " many-to-many matching not allowed: matching labels must be unique on one side");
                }
                put(out, labels, ev.n(), i, b, x, y, s.values[i]);
            }
        }
        Value.Shape sh = lv.shape();
        List<String> labelCols = m.on() && m.card() == Ast.Card.ONE_TO_ONE ? m.labels() : sh.labelColumns();
        out.values().removeIf(Series::empty);
        if (PromParser.COMPARISONS.contains(b.op()) && !b.returnBool()) {
            return new Value.Vector(
                    new ArrayList<>(out.values()), sh.with(sh.layout(), sh.valueName(), labelCols, sh.integerValue()));
        }
        // GreptimeDB joins the two sides, aliased lhs/rhs when they come from the same table
        boolean same = sh.tableName().equals(rv.shape().tableName());
        String lq = same ? "lhs" : sh.tableName();
        String rq = same ? "rhs" : rv.shape().tableName();
        String lhs = lq + "." + sh.valueName();
        String rhs = rq + "." + rv.shape().valueName();
        // atan2 is planned as DataFusion's atan2 function rather than a binary operator
        String name = b.op().equals("atan2")
                ? "atan2(" + lhs + "," + rhs + ")"
                : lhs + " " + PromNames.operator(b.op()) + " " + rhs;
        Value.Shape joined = new Value.Shape(
                Value.Layout.LABELS_FIRST,
                rv.shape().timeField(),
                same ? "rhs" : rv.shape().tableName(),
                name,
                labelCols,
                sh.tableOrder(),
                false);
        if (sh.layout() == Value.Layout.EMPTY) {
            joined = sh;
        }
        return new Value.Vector(new ArrayList<>(out.values()), joined);
    }

    private static void put(
            Map<SortedMap<String, String>, Series> out,
            SortedMap<String, String> labels,
            int n,
            int i,
            Ast.Binary b,
            double x,
            double y,
            double manyValue) {
        Series r = out.computeIfAbsent(labels, k -> new Series(k, n));
        if (r.present[i]) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)");
        }
        boolean comparison = PromParser.COMPARISONS.contains(b.op());
        if (comparison && !b.returnBool()) {
            if (compare(b.op(), x, y)) {
                r.set(i, x);
            }
        } else {
            r.set(i, apply(b.op(), x, y, true));
        }
    }

    private static Map<SortedMap<String, String>, Series> indexOneSide(
            Value.Vector one, Ast.VectorMatching m, int i, boolean swap) {
        Map<SortedMap<String, String>, Series> index = new HashMap<>();
        for (Series s : one.series()) {
            if (s.present[i] && index.put(signature(s.labels, m), s) != null) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "found duplicate series for the match group " + signature(s.labels, m) + " on the "
                                + (swap ? "left" : "right")
                                + " hand-side of the operation; many-to-many matching not allowed:"
                                + " matching labels must be unique on one side");
            }
        }
        return index;
    }

    /** Prometheus' resultMetric: which labels the output of a vector-vector operation carries. */
    private static SortedMap<String, String> resultLabels(
            Ast.Binary b, SortedMap<String, String> many, SortedMap<String, String> one) {
        Ast.VectorMatching m = b.matching();
        boolean comparison = PromParser.COMPARISONS.contains(b.op());
        SortedMap<String, String> out = new TreeMap<>(many);
        if (!comparison || b.returnBool()) {
            out.remove("__name__");
        }
        if (m.card() == Ast.Card.ONE_TO_ONE) {
            if (m.on()) {
                out.keySet().retainAll(m.labels());
            } else {
                m.labels().forEach(out::remove);
            }
        }
        for (String l : m.include()) {
            String v = one.get(l);
            if (v != null && !v.isEmpty()) {
                out.put(l, v);
            } else {
                out.remove(l);
            }
        }
        return out;
    }
}
