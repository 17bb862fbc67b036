package io.greptime.jdbc.tck.engine.duckdb.parse;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.util.List;

/** A cursor over the tokens of one statement, with the small helpers a recursive-descent parser needs. */
public final class Tokens {
    public final String sql;
    public final List<Token> list;
    public int pos;

    public Tokens(String sql) {
        this.sql = sql;
        this.list = Lexer.tokenize(sql);
    }

    public Token peek() {
        return list.get(pos);
    }

    public Token peek(int ahead) {
        return list.get(Math.min(pos + ahead, list.size() - 1));
    }

    public Token next() {
        Token t = list.get(pos);
        if (t.type() != Token.Type.EOF) {
            pos++;
        }
        return t;
    }

    public boolean atEnd() {
        Token t = peek();
        return t.type() == Token.Type.EOF || (t.isSymbol(";") && peek(1).type() == Token.Type.EOF);
    }

    /** Consumes the keyword sequence if present. */
    public boolean accept(String... kws) {
        for (int i = 0; i < kws.length; i++) {
            if (!peek(i).is(kws[i])) {
                return false;
            }
        }
        pos += kws.length;
        return true;
    }

    public boolean acceptSymbol(String s) {
        if (peek().isSymbol(s)) {
            pos++;
            return true;
        }
        return false;
    }

    public void expect(String kw) {
        if (!accept(kw)) {
            throw unexpected(kw.toUpperCase(java.util.Locale.ROOT));
        }
    }

    public void expectSymbol(String s) {
        if (!acceptSymbol(s)) {
            throw unexpected(s);
        }
    }

    /** An identifier: bare words lower-cased, quoted ones (either quote) verbatim. */
    public String ident() {
        Token t = peek();
        if (t.type() == Token.Type.WORD || t.type() == Token.Type.QUOTED) {
            pos++;
            return t.text();
        }
        throw unexpected("identifier");
    }

    /** A possibly qualified name: returns [schema-or-null, name]. */
    public String[] objectName() {
        String first = ident();
        if (acceptSymbol(".")) {
            String second = ident();
            if (acceptSymbol(".")) {
                return new String[] {second, ident()};
            }
            return new String[] {first, second};
        }
        return new String[] {null, first};
    }

    /** Raw SQL text between token indexes [from, to). */
    public String raw(int from, int to) {
        if (from >= to) {
            return "";
        }
        return sql.substring(list.get(from).start(), list.get(to - 1).end());
    }

    /** Skips one balanced parenthesised group starting at the current '('; returns index after ')'. */
    public int skipParens() {
        expectSymbol("(");
        int depth = 1;
        while (depth > 0) {
            Token t = next();
            if (t.type() == Token.Type.EOF) {
                throw unexpected(")");
            }
            if (t.isSymbol("(")) {
                depth++;
            } else if (t.isSymbol(")")) {
                depth--;
            }
        }
        return pos;
    }

    /**
     * Advances to the {@code ,} or {@code )} that ends the current item of a parenthesized list, past nested
     * parentheses, without consuming it; EOF first is a syntax error expecting {@code )}.
     */
    public void skipListItem() {
        int depth = 0;
        while (true) {
            Token tok = peek();
            if (tok.type() == Token.Type.EOF) {
                throw unexpected(")");
            }
            if (depth == 0 && (tok.isSymbol(",") || tok.isSymbol(")"))) {
                return;
            }
            depth += tok.isSymbol("(") ? 1 : tok.isSymbol(")") ? -1 : 0;
            next();
        }
    }

    public GreptimeError unexpected(String expected) {
        Token t = peek();
        String found = t.type() == Token.Type.EOF ? "EOF" : sql.substring(t.start(), t.end());
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < t.start(); i++) {
            if (sql.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new GreptimeError(
                StatusCode.INVALID_SYNTAX,
                "Unexpected token while parsing SQL statement, expected: '" + expected + "', found: " + found
                        + ": sql parser error: Expected: " + expected + ", found: " + found + " at Line: " + line
                        + ", Column: "
                        + (t.start() - lineStart + 1));
    }
}
