package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.flow.FlowLexer.Kind;
import io.greptime.jdbc.tck.engine.flow.FlowLexer.Tok;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Parses GreptimeDB's {@code CREATE [OR REPLACE] FLOW} grammar (protocol.md §9.6). */
final class CreateFlowParser {
    static final Set<String> USER_OPTIONS = Set.of("defer_on_missing_source", "experimental_enable_incremental_read");

    /** A parsed CREATE FLOW; names are [schema or null, name]. */
    record CreateFlow(
            boolean orReplace,
            boolean ifNotExists,
            String[] flow,
            String[] sink,
            Long expireAfterSeconds,
            Long evalIntervalSeconds,
            String comment,
            Map<String, String> options,
            String query) {}

    private final String sql;
    private final List<Tok> toks;
    private int pos;

    private CreateFlowParser(String sql) {
        this.sql = sql;
        this.toks = FlowLexer.tokenize(sql);
    }

    static CreateFlow parse(String sql) {
        return new CreateFlowParser(sql).parse();
    }

    private CreateFlow parse() {
        expect("create");
        boolean orReplace = accept("or");
        if (orReplace) {
            expect("replace");
        }
        expect("flow");
        boolean ifNotExists = accept("if");
        if (ifNotExists) {
            expect("not");
            expect("exists");
        }
        String[] flow = objectName();
        expect("sink");
        expect("to");
        String[] sink = objectName();
        Long expire = null;
        Long eval = null;
        String comment = null;
        Map<String, String> options = new LinkedHashMap<>();
        while (true) {
            if (accept("expire")) {
                expect("after");
                expire = interval();
            } else if (accept("eval")) {
                expect("interval");
                eval = interval();
            } else if (accept("comment")) {
                comment = next().text();
            } else if (accept("with")) {
                options(options);
            } else {
                break;
            }
        }
        expect("as");
        String query = sql.substring(peek().start()).trim();
        if (query.endsWith(";")) {
            query = query.substring(0, query.length() - 1).trim();
        }
        return new CreateFlow(orReplace, ifNotExists, flow, sink, expire, eval, comment, options, query);
    }

    private void options(Map<String, String> out) {
        expectSymbol("(");
        while (!peek().isSymbol(")")) {
            String key = next().text();
            while (peek().isSymbol(".")) {
                next();
                key += "." + next().text();
            }
            expectSymbol("=");
            if (!USER_OPTIONS.contains(key)) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid SQL, error: unknown flow option '" + key
                                + "', supported options: defer_on_missing_source, experimental_enable_incremental_read");
            }
            out.put(key, next().text());
            if (!peek().isSymbol(",")) {
                break;
            }
            next();
        }
        expectSymbol(")");
    }

    /** {@code INTERVAL '1 hour'}, {@code '1h'}, {@code '5 minutes'::INTERVAL}: seconds; months are rejected. */
    private long interval() {
        accept("interval");
        Tok t = next();
        if (t.kind() != Kind.STRING) {
            throw syntax("an interval string", t);
        }
        if (peek().isSymbol("::")) {
            next();
            next();
        }
        return IntervalText.seconds(t.text());
    }

    private String[] objectName() {
        Tok a = next();
        if (!a.isIdent()) {
            throw syntax("an identifier", a);
        }
        if (peek().isSymbol(".")) {
            next();
            Tok b = next();
            return new String[] {a.text(), b.text()};
        }
        return new String[] {null, a.text()};
    }

    private Tok peek() {
        return pos < toks.size() ? toks.get(pos) : new Tok(Kind.SYMBOL, "", "", sql.length(), sql.length());
    }

    private Tok next() {
        Tok t = peek();
        pos++;
        return t;
    }

    private boolean accept(String word) {
        if (peek().is(word)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(String word) {
        if (!accept(word)) {
            throw syntax(word.toUpperCase(Locale.ROOT), peek());
        }
    }

    private void expectSymbol(String s) {
        if (!peek().isSymbol(s)) {
            throw syntax(s, peek());
        }
        pos++;
    }

    private static GreptimeError syntax(String expected, Tok found) {
        String f = found.raw().isEmpty() ? "EOF" : found.raw();
        return new GreptimeError(
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: Expected: " + expected + ", found: " + f);
    }
}
