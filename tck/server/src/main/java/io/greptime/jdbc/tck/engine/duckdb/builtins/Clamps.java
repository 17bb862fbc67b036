package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.CoercionErrors;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import io.greptime.jdbc.tck.engine.duckdb.sql.MathTypes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * GreptimeDB's clamp, clamp_min, clamp_max and mod with the coercion of their Uniform signature
 * (src/common/function/src/scalars/math/clamp.rs, modulo.rs): every argument is cast to one numeric type
 * ({@link MathTypes#uniformNumeric}) and the answer has it (mod: its family's 64-bit type); a NULL value stays NULL; a boolean or text argument is
 * the planner's coercion error.
 */
final class Clamps {
    private Clamps() {}

    /** The DuckDB SQL of the call, or null when an argument's type is unknown (the caller's plain form then). */
    static String render(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        List<GreptimeType> types = new ArrayList<>();
        List<String> arrow = new ArrayList<>();
        boolean refused = false;
        for (SqlAst.Expr e : a) {
            GreptimeType t = ExprTypes.of(r.scope, e);
            boolean isNull = e instanceof SqlAst.Literal l && l.kind() == SqlAst.LiteralKind.NULL;
            if (t == null && !isNull) {
                return null;
            }
            refused |= t != null && !ExprTypes.isNumeric(t);
            types.add(t);
            arrow.add(JsonPathSql.arrowType(r, e, "Null"));
        }
        GreptimeType target = refused ? null : MathTypes.uniformNumeric(types);
        if (target == null) {
            List<String> forms = new ArrayList<>();
            for (GreptimeType f : MathTypes.CLAMP_FORMS) {
                forms.add(f.name());
                if (f.name().equals("UInt64")) {
                    forms.add("Float16");
                }
            }
            String sig = "Uniform(" + a.size() + ", [" + String.join(", ", forms) + "])";
            String one = String.join("/", forms);
            throw CoercionErrors.coercion(
                    c.name(), arrow, sig, List.of(String.join(", ", Collections.nCopies(a.size(), one))));
        }
        List<String> args = new ArrayList<>();
        for (SqlAst.Expr e : a) {
            args.add("CAST(" + r.render(e) + " AS " + target.duck() + ")");
        }
        if (c.name().equals("mod")) {
            // modulo.rs: the remainder of the coerced values (Rust's %, the dividend's sign) as Int64, UInt64 or
            // Float64 by the coerced type's family
            GreptimeType result = MathTypes.modResult(target);
            return "(CAST(" + args.get(0) + " AS " + result.duck() + ") % CAST(" + args.get(1) + " AS " + result.duck()
                    + "))";
        }
        String v = args.get(0);
        String value = switch (c.name()) {
            case "clamp" -> null;
            case "clamp_min" -> "greatest(" + args.get(1) + ", " + v + ")";
            default -> "least(" + args.get(1) + ", " + v + ")";
        };
        if (value == null) {
            // the min > max refusal of constant bounds, with the bounds cast as the values are
            String bounded = StringFunctions.clamp3(r, a);
            return "CAST(CASE WHEN " + v + " IS NULL THEN NULL ELSE " + bounded + " END AS " + target.duck() + ")";
        }
        return "CASE WHEN " + v + " IS NULL THEN NULL ELSE " + value + " END";
    }
}
