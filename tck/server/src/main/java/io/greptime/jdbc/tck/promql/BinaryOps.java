package io.greptime.jdbc.tck.promql;

import java.util.ArrayList;
import java.util.List;
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
                    if (s.nulls[i]) {
                        r.setNull(i);
                    } else if (s.present[i]) {
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
                if (s.nulls[i]) {
                    // a NULL sample: the projection answers NULL, a filtering comparison drops the row
                    if (!(comparison && !b.returnBool())) {
                        r.setNull(i);
                    }
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
        if (sc.table() != null && !sc.table().isEmpty() && sc.table().equals(sh.tableName())) {
            // scalar(...) of the same table: the join aliases the sides lhs/rhs, and the side with tags (the
            // vector) gives the result its tags (GreptimeDB v1.0.0: g + scalar(g{host="a"}) keeps host)
            String v = sh.valueName();
            name = scalarLeft ? "lhs." + sName + " " + op + " rhs." + v : "lhs." + v + " " + op + " rhs." + sName;
            return new Value.Vector(out, sh.with(projected(sh), name, sh.labelColumns(), false));
        }
        if (sc.name() != null) {
            // a computed scalar is an empty metric joined on time: both sides keep their qualifiers
            String v = sh.tableName() + "." + sh.valueName();
            String q = sc.table() == null ? "" : sc.table();
            name = scalarLeft ? q + "." + sName + " " + op + " " + v : v + " " + op + " " + q + "." + sName;
            // the output takes the right side's time index and tags (real v1.0.0): a vector on the right gives
            // its tags, time index, then the value; a scalar on the right has no tags, only a time index (its
            // table's, or time for time())
            if (scalarLeft) {
                return new Value.Vector(out, sh.with(projected(sh), name, sh.labelColumns(), false));
            }
            Value.Shape joined = new Value.Shape(
                    sh.layout(),
                    sc.timeField() != null ? sc.timeField() : Evaluator.DEFAULT_TIME,
                    "",
                    sh.valueName(),
                    List.of(),
                    sh.tableOrder(),
                    false);
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
        return VectorJoin.apply(ev, b, lv, rv);
    }

    static boolean compares(Ast.Binary b, double x, double y) {
        return compare(b.op(), x, y);
    }
}
