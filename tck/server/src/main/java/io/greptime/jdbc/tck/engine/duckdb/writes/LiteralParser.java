package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryRewriter;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryTranslator;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One value of an INSERT's VALUES list. GreptimeDB reads {@code "x"} there as a string literal; plain
 * literals are read here, anything else (functions, casts, arithmetic) is evaluated by DuckDB.
 */
final class LiteralParser {
    private LiteralParser() {}

    static Object value(Call call, Tokens t) throws SQLException {
        int start = t.pos;
        Token a = t.peek();
        Token b = t.peek(1);
        boolean endsAfterOne = b.isSymbol(",") || b.isSymbol(")");
        if (endsAfterOne) {
            Object simple = simple(a);
            if (simple != NOT_SIMPLE) {
                t.next();
                return simple;
            }
        }
        if ((a.isSymbol("-") || a.isSymbol("+"))
                && b.type() == Token.Type.NUMBER
                && (t.peek(2).isSymbol(",") || t.peek(2).isSymbol(")"))) {
            t.next();
            t.next();
            Object n = number(b.text());
            return a.isSymbol("-") ? negate(n) : n;
        }
        t.skipListItem();
        return evaluate(call, t, start, t.pos);
    }

    private static final Object NOT_SIMPLE = new Object();

    private static Object simple(Token a) {
        return switch (a.type()) {
            case NUMBER -> number(a.text());
            case STRING -> a.text();
            case QUOTED -> a.quote() == '"' ? a.text() : NOT_SIMPLE;
            case WORD ->
                switch (a.text()) {
                    case "null" -> null;
                    case "true" -> Boolean.TRUE;
                    case "false" -> Boolean.FALSE;
                    case "default" -> SqlWrites.DEFAULT;
                    default -> NOT_SIMPLE;
                };
            default -> NOT_SIMPLE;
        };
    }

    static Object number(String text) {
        if (text.contains(".") || text.contains("e") || text.contains("E")) {
            return new BigDecimal(text);
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return new java.math.BigInteger(text);
        }
    }

    private static Object negate(Object n) {
        if (n instanceof Long l) {
            return -l;
        }
        if (n instanceof BigDecimal d) {
            return d.negate();
        }
        return ((java.math.BigInteger) n).negate();
    }

    private static Object evaluate(Call call, Tokens t, int from, int to) throws SQLException {
        String expr = QueryTranslator.expression(call, t, from, to);
        if (expr == null) {
            QueryRewriter rw = new QueryRewriter(t, call.schema(), call.catalog, call.ctx.timeZone());
            expr = rw.rewrite(from, to);
        }
        try (Statement st = call.conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT " + expr)) {
            rs.next();
            Object v = rs.getObject(1);
            if (v instanceof java.time.OffsetDateTime odt) {
                return odt.toInstant();
            }
            if (v instanceof java.sql.Blob blob) {
                return blob.getBytes(1, (int) blob.length());
            }
            return v;
        } catch (SQLException e) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid SQL value: " + t.raw(from, to), e);
        }
    }
}
