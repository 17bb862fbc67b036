package io.greptime.jdbc.tck.engine.duckdb.storage;

import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import java.util.List;

/**
 * Which of GreptimeDB's two INSERT paths a statement takes. An {@code INSERT ... VALUES} whose every value is
 * a plain literal (a number, a unary minus or plus on a number, a string, a double-quoted name, a boolean,
 * NULL, DEFAULT, a hex string) is converted to the column types by the frontend itself, reading naive
 * timestamp strings in the session zone ({@code v0.14.4:src/sql/src/statements/insert.rs:81-107},
 * {@code v0.14.4:src/operator/src/statement/dml.rs:27-38}). Anything else ({@code CAST}, {@code DATE '…'},
 * {@code (-5)}, a function, {@code INSERT ... SELECT}) is planned by DataFusion, which casts a naive string
 * with Arrow's UTC rule before GreptimeDB's HEAD (fixed by commits c3cd186997 and 10f587bc30, in no
 * release; fidelity audit A2). The engine asks this to shift what the server would have shifted.
 */
public final class InsertPaths {
    private InsertPaths() {}

    /**
     * Whether the VALUES rows starting at token {@code from} (the first {@code (}) are all plain literals.
     */
    public static boolean allLiterals(List<Token> tokens, int from) {
        int i = from;
        while (i < tokens.size() && tokens.get(i).isSymbol("(")) {
            i++;
            while (true) {
                int start = i;
                int depth = 0;
                while (i < tokens.size()) {
                    Token tok = tokens.get(i);
                    if (tok.type() == Token.Type.EOF || (depth == 0 && (tok.isSymbol(",") || tok.isSymbol(")")))) {
                        break;
                    }
                    depth += tok.isSymbol("(") ? 1 : tok.isSymbol(")") ? -1 : 0;
                    i++;
                }
                if (!literal(tokens.subList(start, i))) {
                    return false;
                }
                if (i >= tokens.size() || !tokens.get(i).isSymbol(",")) {
                    break;
                }
                i++;
            }
            if (i >= tokens.size() || !tokens.get(i).isSymbol(")")) {
                return false;
            }
            i++;
            if (i < tokens.size() && tokens.get(i).isSymbol(",")) {
                i++;
            }
        }
        return true;
    }

    private static boolean literal(List<Token> slot) {
        if (slot.size() == 1) {
            Token a = slot.get(0);
            return switch (a.type()) {
                case NUMBER, STRING -> true;
                case QUOTED -> a.quote() == '"';
                case WORD -> a.is("null") || a.is("true") || a.is("false") || a.is("default");
                default -> false;
            };
        }
        if (slot.size() == 2) {
            Token a = slot.get(0);
            Token b = slot.get(1);
            boolean signedNumber = (a.isSymbol("-") || a.isSymbol("+")) && b.type() == Token.Type.NUMBER;
            boolean hex = (a.is("x") || a.is("X")) && b.type() == Token.Type.STRING && a.end() == b.start();
            return signedNumber || hex;
        }
        return false;
    }
}
