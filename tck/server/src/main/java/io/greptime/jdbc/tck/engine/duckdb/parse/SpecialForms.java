package io.greptime.jdbc.tck.engine.duckdb.parse;

import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst.Expr;
import java.util.ArrayList;
import java.util.List;

/**
 * The functions SQL gives their own syntax, parsed into the calls DataFusion plans them as:
 * {@code POSITION(a IN b)} → {@code strpos(b, a)}, {@code SUBSTRING(s FROM a FOR b)} → {@code substr},
 * {@code TRIM([BOTH|LEADING|TRAILING] [c] FROM s)} → {@code btrim/ltrim/rtrim}, {@code OVERLAY},
 * {@code CEIL/FLOOR(x TO unit)} is refused.
 */
final class SpecialForms {
    private final Tokens t;
    private final ExprParser exprs;

    SpecialForms(Tokens t, ExprParser exprs) {
        this.t = t;
        this.exprs = exprs;
    }

    static boolean handles(String word) {
        return switch (word) {
            case "position", "substring", "trim", "overlay" -> true;
            default -> false;
        };
    }

    Expr parse(String word) {
        int start = t.pos;
        t.next();
        t.expectSymbol("(");
        Expr result = switch (word) {
            case "position" -> position();
            case "substring" -> substring();
            case "trim" -> trim();
            default -> overlay();
        };
        if (result == null) {
            t.pos = start;
            return null;
        }
        t.expectSymbol(")");
        return result;
    }

    private Expr position() {
        Expr needle = exprs.parse(20);
        if (t.acceptSymbol(",")) {
            // the plain call position(str, substr) is DataFusion's alias of strpos, arguments in that order
            return new SqlAst.Call("strpos", List.of(needle, exprs.parse()));
        }
        if (!t.accept("in")) {
            throw SqlParser.unsupported("POSITION without IN");
        }
        Expr haystack = exprs.parse();
        return new SqlAst.Call("strpos", List.of(haystack, needle));
    }

    private Expr substring() {
        Expr s = exprs.parse();
        List<Expr> args = new ArrayList<>(List.of(s));
        if (t.acceptSymbol(",")) {
            args.add(exprs.parse());
            if (t.acceptSymbol(",")) {
                args.add(exprs.parse());
            }
            return new SqlAst.Call("substr", args);
        }
        if (t.accept("from")) {
            args.add(exprs.parse());
        } else {
            args.add(new SqlAst.Literal(SqlAst.LiteralKind.NUMBER, "1"));
        }
        if (t.accept("for")) {
            args.add(exprs.parse());
        }
        return new SqlAst.Call("substr", args);
    }

    private Expr trim() {
        String fn = "btrim";
        if (t.accept("both")) {
            fn = "btrim";
        } else if (t.accept("leading")) {
            fn = "ltrim";
        } else if (t.accept("trailing")) {
            fn = "rtrim";
        }
        if (t.accept("from")) {
            return new SqlAst.Call(fn, List.of(exprs.parse()));
        }
        Expr first = exprs.parse();
        if (t.accept("from")) {
            return new SqlAst.Call(fn, List.of(exprs.parse(), first));
        }
        if (t.acceptSymbol(",")) {
            return new SqlAst.Call(fn, List.of(first, exprs.parse()));
        }
        return new SqlAst.Call(fn, List.of(first));
    }

    private Expr overlay() {
        Expr s = exprs.parse();
        if (t.acceptSymbol(",")) {
            // the plain call overlay(str, substr, pos[, count])
            List<Expr> args = new ArrayList<>(List.of(s, exprs.parse()));
            while (t.acceptSymbol(",")) {
                args.add(exprs.parse());
            }
            return new SqlAst.Call("overlay", args);
        }
        t.expect("placing");
        Expr with = exprs.parse();
        t.expect("from");
        Expr from = exprs.parse();
        List<Expr> args = new ArrayList<>(List.of(s, with, from));
        if (t.accept("for")) {
            args.add(exprs.parse());
        }
        return new SqlAst.Call("overlay", args);
    }
}
