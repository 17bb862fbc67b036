package io.greptime.jdbc.internal.sql;

import java.util.Locale;

/**
 * Reads the few tokens the write shapes ({@link InsertShape}, {@link DeleteShape}) consist of, from
 * {@link SqlLexer}'s tokens, so comments and blanks may stand anywhere between them. Identifiers follow
 * GreptimeDB's rules: unquoted ones are lower-cased, {@code "..."} and backtick-quoted ones keep their
 * case. Every method throws IllegalArgumentException when the text is not what the shape expects; the
 * shapes turn that into "not this shape".
 */
final class ShapeScanner {
    private final SqlLexer lexer;

    ShapeScanner(String s) {
        this.lexer = new SqlLexer(s);
    }

    /** Whether the next token is the symbol (or marker) {@code c}. */
    boolean peek(char c) {
        return lexer.peek().isSymbol(c);
    }

    void expect(char c) {
        if (!accept(c)) {
            throw new IllegalArgumentException();
        }
    }

    /** Consumes {@code c} when it comes next. */
    boolean accept(char c) {
        if (peek(c)) {
            lexer.next();
            return true;
        }
        return false;
    }

    void keyword(String word) {
        if (!acceptKeyword(word)) {
            throw new IllegalArgumentException();
        }
    }

    /** Consumes the keyword (any case, as a whole word) when it comes next. */
    boolean acceptKeyword(String word) {
        if (lexer.peek().isWord(word)) {
            lexer.next();
            return true;
        }
        return false;
    }

    /** Consumes optional trailing semicolons; throws unless the text ends there. */
    void end() {
        while (accept(';')) {
            // GreptimeDB accepts `stmt;;`; a statement after them is a second statement
        }
        if (lexer.peek().kind() != SqlLexer.Kind.END) {
            throw new IllegalArgumentException();
        }
    }

    String identifier() {
        SqlLexer.Token t = lexer.next();
        if (t.kind() == SqlLexer.Kind.WORD) {
            return t.text().toLowerCase(Locale.ROOT);
        }
        if (t.kind() == SqlLexer.Kind.QUOTED_NAME && t.terminated()) {
            return t.text();
        }
        throw new IllegalArgumentException();
    }
}
