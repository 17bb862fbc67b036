package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How DataFusion 52 (GreptimeDB v1.0.0) takes a value of another type in its string functions, by the function's
 * signature rather than by its name alone (datafusion/functions/src/{string,unicode,crypto,encoding,regex}):
 *
 * <ul>
 *   <li>a {@code Coercible} signature of string classes (upper, strpos, btrim, md5, ...) accepts text (and NULL)
 *       only: a number, boolean, decimal, date, timestamp or binary fails while planning, 3000 with DataFusion's
 *       "requires TypeSignatureClass::..., but received ..." (binary adds its hint), one line per failing
 *       candidate where the function has several;
 *   <li>a {@code user_defined} or {@code Variadic} one that coerces to Utf8 (length, lpad, left, reverse,
 *       translate, concat, regexp_count, GreptimeDB's locate/field/insert/elt, ...) reads any such value as its
 *       Arrow text (3.5, 0.0, 2024-01-02T03:04:05, true, 12.34, a binary's UTF-8), as a CAST to STRING does.
 * </ul>
 *
 * Applies from the 1.0 line; arguments whose type the translator cannot tell leave the call as it was.
 */
final class StringSignatures {
    private StringSignatures() {}

    private static final String STRING = "TypeSignatureClass::Native(LogicalType(Native(String), String))";
    private static final String BINARY = "TypeSignatureClass::Native(LogicalType(Native(Binary), Binary))";
    private static final String INT64 = "TypeSignatureClass::Native(LogicalType(Native(Int64), Int64))";
    private static final String INTEGER = "TypeSignatureClass::Integer";
    private static final String BINARY_CLASS = "TypeSignatureClass::Binary";
    private static final String HINT = "\n\nHint: Binary types are not automatically coerced to String. Use"
            + " CAST(column AS VARCHAR) to convert Binary data to String.";

    /** One parameter of a Coercible signature: its class, what it shows in a candidate line, what it takes. */
    private record Param(String name, String cls, String implicit) {
        String show() {
            // DataFusion's Display leaves the Coercion( open after an implicit coercion
            return (name.isEmpty() ? "" : name + ": ") + "Coercion(" + cls
                    + (implicit.isEmpty() ? ")" : ", implicit_coercion=" + implicit);
        }

        boolean accepts(String arrow) {
            if (arrow.equals("Null")) {
                return true;
            }
            return switch (cls) {
                case STRING -> arrow.equals("Utf8") || arrow.equals("LargeUtf8") || arrow.equals("Utf8View");
                case BINARY -> arrow.equals("Binary");
                case BINARY_CLASS -> arrow.equals("Binary") || arrow.equals("Utf8");
                case INT64, INTEGER -> arrow.matches("U?Int(8|16|32|64)");
                default -> false;
            };
        }
    }

    private static Param p(String cls) {
        return new Param("", cls, "");
    }

    private static final Param S = p(STRING);
    private static final Param B = p(BINARY);
    private static final Param N = new Param("", INT64, "ImplicitCoercion([Integer], default_type=Int64)");
    private static final String INT32_ONLY =
            "ImplicitCoercion([Native(LogicalType(Native(Int32), Int32))], default_type=Int64)";

    /** Coercible signatures, in the order DataFusion lists the candidates; keys are the names errors show. */
    private static final Map<String, List<List<Param>>> COERCIBLE = Map.ofEntries(
            Map.entry("upper", List.of(List.of(S))),
            Map.entry("lower", List.of(List.of(S))),
            Map.entry("initcap", List.of(List.of(S))),
            Map.entry("ascii", List.of(List.of(S))),
            Map.entry("octet_length", List.of(List.of(S))),
            Map.entry("bit_length", List.of(List.of(S))),
            Map.entry("levenshtein", List.of(List.of(S, S))),
            Map.entry("replace", List.of(List.of(S, S, S))),
            Map.entry("repeat", List.of(List.of(S, N))),
            Map.entry("split_part", List.of(List.of(S, S, N))),
            Map.entry("strpos", List.of(List.of(S, S))),
            Map.entry("starts_with", List.of(List.of(S, S))),
            Map.entry("ends_with", List.of(List.of(S, S))),
            Map.entry("contains", List.of(List.of(S, S))),
            Map.entry("to_hex", List.of(List.of(p(INTEGER)))),
            Map.entry(
                    "encode",
                    List.of(List.of(
                            new Param(
                                    "",
                                    BINARY_CLASS,
                                    "ImplicitCoercion([Native(LogicalType(Native(String), String))],"
                                            + " default_type=Binary)"),
                            S))),
            Map.entry(
                    "decode",
                    List.of(List.of(
                            new Param(
                                    "",
                                    BINARY_CLASS,
                                    "ImplicitCoercion([Native(LogicalType(Native(String), String))],"
                                            + " default_type=Binary)"),
                            S))),
            Map.entry("btrim", List.of(List.of(S, S), List.of(S))),
            Map.entry("ltrim", List.of(List.of(S, S), List.of(S))),
            Map.entry("rtrim", List.of(List.of(S, S), List.of(S))),
            Map.entry(
                    "substr",
                    List.of(
                            List.of(new Param("str", STRING, ""), new Param("start_pos", INT64, INT32_ONLY)),
                            List.of(
                                    new Param("str", STRING, ""),
                                    new Param("start_pos", INT64, INT32_ONLY),
                                    new Param("length", INT64, INT32_ONLY)))),
            Map.entry("md5", List.of(List.of(S), List.of(B))),
            Map.entry("sha224", List.of(List.of(S), List.of(B))),
            Map.entry("sha256", List.of(List.of(S), List.of(B))),
            Map.entry("sha384", List.of(List.of(S), List.of(B))),
            Map.entry("sha512", List.of(List.of(S), List.of(B))),
            Map.entry("digest", List.of(List.of(S, S), List.of(B, S))),
            Map.entry("regexp_like", List.of(List.of(S, S), List.of(S, S, S))),
            Map.entry("string_to_array", List.of(List.of(S, S), List.of(S, S, S))));

    /** Aliases DataFusion resolves to the function whose name its errors show. */
    private static final Map<String, String> ALIASES = Map.of(
            "instr",
            "strpos",
            "position",
            "strpos",
            "mid",
            "substr",
            "ucase",
            "upper",
            "lcase",
            "lower",
            "string_to_list",
            "string_to_array");

    /** Functions that read a value of another type as its text, by the argument positions that are text. */
    private static final Map<String, Set<Integer>> TEXT = Map.ofEntries(
            Map.entry("length", Set.of(0)),
            Map.entry("char_length", Set.of(0)),
            Map.entry("character_length", Set.of(0)),
            Map.entry("lpad", Set.of(0, 2)),
            Map.entry("rpad", Set.of(0, 2)),
            Map.entry("left", Set.of(0)),
            Map.entry("right", Set.of(0)),
            Map.entry("reverse", Set.of(0)),
            Map.entry("translate", Set.of(0, 1, 2)),
            Map.entry("overlay", Set.of(0, 1)),
            Map.entry("substr_index", Set.of(0, 1)),
            Map.entry("substring_index", Set.of(0, 1)),
            Map.entry("regexp_count", Set.of(0, 1)),
            Map.entry("regexp_replace", Set.of(0, 1, 2)),
            Map.entry("regexp_match", Set.of(0, 1)),
            Map.entry("regexp_instr", Set.of(0, 1)),
            Map.entry("regexp_extract", Set.of(0, 1)),
            Map.entry("find_in_set", Set.of(0, 1)),
            Map.entry("locate", Set.of(0, 1)),
            Map.entry("insert", Set.of(0, 3)),
            Map.entry("string_agg", Set.of(0)));

    /**
     * The argument each user_defined or one_of function needs as an integer (a count or code point), which no
     * other type coerces to; DataFusion 52 refuses anything else with its list of Exact forms.
     */
    private static final Map<String, Integer> COUNTS =
            Map.of("lpad", 1, "rpad", 1, "left", 1, "right", 1, "space", 0, "chr", 0);

    private static void refuseCount(ExprRenderer r, String fn, List<SqlAst.Expr> args, int at) {
        List<String> types = new ArrayList<>();
        for (SqlAst.Expr e : args) {
            String t = arrowType(r, e);
            if (t == null) {
                return;
            }
            types.add(t);
        }
        String got = types.get(at);
        if (got.equals("Null") || got.matches("U?Int(8|16|32|64)")) {
            return;
        }
        List<String> forms = new ArrayList<>();
        List<String> texts = List.of("Utf8View", "Utf8", "LargeUtf8");
        switch (fn) {
            case "lpad", "rpad" -> {
                for (String t : texts) {
                    forms.add(t + ", Int64");
                    for (String fill : texts) {
                        forms.add(t + ", Int64, " + fill);
                    }
                }
            }
            case "left", "right" -> texts.forEach(t -> forms.add(t + ", Int64"));
            case "space" ->
                forms.addAll(List.of("Int64", "Int32", "Int16", "Int8", "UInt64", "UInt32", "UInt16", "UInt8"));
            default -> forms.add("Int64");
        }
        String signature = fn.equals("chr")
                ? "Uniform(1, [Int64])"
                : "OneOf(["
                        + String.join(
                                ", ",
                                forms.stream().map(f -> "Exact([" + f + "])").toList()) + "])";
        throw io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors.coercion(fn, types, signature, forms);
    }

    /**
     * GreptimeDB's format(X, D) (src/common/function/src/scalars/string/format.rs): one Exact form per number type
     * of X and integer type of D; DataFusion coerces a narrower number (or a decimal) to them, nothing else.
     */
    private static void refuseFormat(ExprRenderer r, List<SqlAst.Expr> args) {
        List<String> types = new ArrayList<>();
        for (SqlAst.Expr e : args) {
            String t = arrowType(r, e);
            if (t == null) {
                return;
            }
            types.add(t);
        }
        String integer = "U?Int(8|16|32|64)|Null";
        if (types.get(0).matches(integer + "|Float(32|64)|Decimal128.*")
                && types.get(1).matches(integer)) {
            return;
        }
        List<String> ints = List.of("Int64", "Int32", "Int16", "Int8", "UInt64", "UInt32", "UInt16", "UInt8");
        List<String> forms = new ArrayList<>();
        for (String x : List.of("Float64", "Float32")) {
            ints.forEach(d -> forms.add(x + ", " + d));
        }
        for (String x : ints) {
            ints.forEach(d -> forms.add(x + ", " + d));
        }
        String signature = "OneOf(["
                + String.join(
                        ", ", forms.stream().map(f -> "Exact([" + f + "])").toList()) + "])";
        throw io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors.coercion("format", types, signature, forms);
    }

    /** Variadic functions whose every argument (elt: after the index) is text. */
    private static final Map<String, Integer> TEXT_FROM = Map.of("concat", 0, "concat_ws", 0, "field", 0, "elt", 1);

    /**
     * The call as DataFusion plans it: refused with its planning error, its text arguments of another type read as
     * text, or unchanged.
     */
    static SqlAst.Call apply(ExprRenderer r, SqlAst.Call c) {
        if (FunctionLines.line(r.translator.profile) < FunctionLines.LINES.indexOf("1.0")
                || c.over() != null
                || c.star()) {
            return c;
        }
        String fn = ALIASES.getOrDefault(c.name(), c.name());
        List<List<Param>> sigs = COERCIBLE.get(fn);
        if (sigs != null) {
            refuse(r, fn, c.args(), sigs);
            if (fn.equals("digest") && c.args().size() == 2 && !(c.args().get(1) instanceof SqlAst.Literal)) {
                // crypto/basic.rs takes the method from a scalar only
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "This feature is not implemented: Digest using dynamically decided method is not yet"
                                + " supported");
            }
            // a binary the signature takes as it is: its bytes, which the DuckDB forms read from text
            // (encode/decode read a binary's bytes themselves, and bytes that are no UTF-8 must not fail there)
            boolean binaryToo = !fn.equals("encode")
                    && !fn.equals("decode")
                    && sigs.stream().anyMatch(sig -> sig.stream().anyMatch(q -> q.accepts("Binary")));
            return binaryToo ? castArgs(r, c, (i, t) -> t.kind() == GreptimeType.Kind.BINARY) : c;
        }
        if (fn.equals("format") && c.args().size() == 2) {
            refuseFormat(r, c.args());
        }
        Integer counted = COUNTS.get(fn);
        if (counted != null && counted < c.args().size()) {
            refuseCount(r, fn, c.args(), counted);
        }
        Set<Integer> text = TEXT.get(fn);
        Integer from = TEXT_FROM.get(fn);
        if (text == null && from == null) {
            return c;
        }
        return castArgs(
                r, c, (i, t) -> ((text != null && text.contains(i)) || (from != null && i >= from)) && readsAsText(t));
    }

    /** The call with each non-literal argument the test picks (by position and type) read as text. */
    private static SqlAst.Call castArgs(
            ExprRenderer r, SqlAst.Call c, java.util.function.BiPredicate<Integer, GreptimeType> pick) {
        List<SqlAst.Expr> args = new ArrayList<>(c.args());
        boolean changed = false;
        for (int i = 0; i < args.size(); i++) {
            SqlAst.Expr e = args.get(i);
            GreptimeType t = e instanceof SqlAst.Literal ? null : ExprTypes.of(r.scope, e);
            if (t != null && pick.test(i, t)) {
                args.set(i, new SqlAst.Cast(e, new SqlAst.TypeName("STRING", List.of(), 0), false, false));
                changed = true;
            }
        }
        return changed
                ? new SqlAst.Call(
                        c.name(),
                        args,
                        c.distinct(),
                        c.star(),
                        c.orderBy(),
                        c.filter(),
                        c.over(),
                        c.withinGroup(),
                        c.nullTreatment())
                : c;
    }

    private static boolean readsAsText(GreptimeType t) {
        if (t == null) {
            return false;
        }
        return switch (t.kind()) {
            case INT, UINT, FLOAT, DECIMAL, BOOLEAN, DATE, TIMESTAMP, BINARY -> true;
            default -> false;
        };
    }

    private static void refuse(ExprRenderer r, String fn, List<SqlAst.Expr> args, List<List<Param>> sigs) {
        List<String> types = new ArrayList<>();
        for (SqlAst.Expr e : args) {
            String t = arrowType(r, e);
            if (t == null) {
                return;
            }
            types.add(t);
        }
        List<String> errors = new ArrayList<>();
        boolean arity = false;
        for (List<Param> sig : sigs) {
            if (sig.size() != args.size()) {
                errors.add("Error during planning: Function '" + fn + "' expects " + sig.size()
                        + " arguments but received " + args.size());
                continue;
            }
            arity = true;
            String failed = null;
            for (int i = 0; i < sig.size() && failed == null; i++) {
                if (!sig.get(i).accepts(types.get(i))) {
                    failed = "Error during planning: Function '" + fn + "' requires " + sig.get(i).cls
                            + ", but received " + logical(types.get(i)) + " (DataType: " + types.get(i) + ")."
                            + (types.get(i).equals("Binary") ? HINT : "");
                }
            }
            if (failed == null) {
                return;
            }
            errors.add(failed);
        }
        if (!arity) {
            return;
        }
        StringBuilder msg = new StringBuilder("Failed to plan SQL: Error during planning: ");
        if (sigs.size() > 1) {
            msg.append("Execution error: Function '").append(fn).append("' failed to match any signature, errors: ");
            msg.append(String.join(",", errors));
        } else {
            msg.append(errors.get(0).substring("Error during planning: ".length()));
        }
        msg.append(" No function matches the given name and argument types '")
                .append(fn)
                .append('(')
                .append(String.join(", ", types))
                .append(")'. You might need to add explicit type casts.\n\tCandidate functions:");
        for (List<Param> sig : sigs) {
            List<String> shown = new ArrayList<>();
            for (Param q : sig) {
                shown.add(q.show());
            }
            msg.append("\n\t")
                    .append(fn)
                    .append('(')
                    .append(String.join(", ", shown))
                    .append(')');
        }
        throw new GreptimeError(StatusCode.PLAN_QUERY, msg.toString());
    }

    /** The Arrow type DataFusion gives an argument, null where the translator cannot tell. */
    private static String arrowType(ExprRenderer r, SqlAst.Expr e) {
        if (e instanceof SqlAst.Literal) {
            return JsonPathSql.arrowType(e, null);
        }
        GreptimeType t = ExprTypes.of(r.scope, e);
        if (t == null) {
            return null;
        }
        return switch (t.kind()) {
            case STRING -> "Utf8";
            case BINARY -> "Binary";
            case INT, UINT, FLOAT, BOOLEAN -> t.name();
            case DATE -> "Date32";
            case DECIMAL -> "Decimal128" + t.name().substring("Decimal".length());
            case TIMESTAMP ->
                switch (t.unit()) {
                    case SECOND -> "Timestamp(s)";
                    case MILLISECOND -> "Timestamp(ms)";
                    case MICROSECOND -> "Timestamp(µs)";
                    case NANOSECOND -> "Timestamp(ns)";
                };
            default -> null;
        };
    }

    /** DataFusion's logical type name of an Arrow type, as its "but received" shows it. */
    private static String logical(String arrow) {
        if (arrow.equals("Utf8")) {
            return "String";
        } else if (arrow.equals("Date32")) {
            return "Date";
        } else if (arrow.startsWith("Decimal128")) {
            return "Decimal" + arrow.substring("Decimal128".length());
        }
        return arrow;
    }
}
