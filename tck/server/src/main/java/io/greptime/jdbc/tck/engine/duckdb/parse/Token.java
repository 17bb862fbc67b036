package io.greptime.jdbc.tck.engine.duckdb.parse;

import java.util.Locale;

/**
 * One lexical token of GreptimeDB's SQL dialect. {@code text} is the value: lower-cased for bare words,
 * unescaped for quoted identifiers and strings. {@code start}/{@code end} locate the raw text.
 */
public record Token(Type type, String text, char quote, int start, int end) {

    /** Token kinds. */
    public enum Type {
        WORD,
        QUOTED,
        STRING,
        NUMBER,
        SYMBOL,
        EOF
    }

    /** True when this is the bare keyword {@code kw} (case-insensitive). */
    public boolean is(String kw) {
        return type == Type.WORD && text.equals(kw.toLowerCase(Locale.ROOT));
    }

    public boolean isSymbol(String s) {
        return type == Type.SYMBOL && text.equals(s);
    }

    /** An identifier: a bare word (lower-cased) or a quoted identifier (case kept). */
    public boolean isIdent() {
        return type == Type.WORD || (type == Type.QUOTED);
    }
}
