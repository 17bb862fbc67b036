package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * Renders a select-list expression the way DataFusion names it: literals typed ({@code Int64(1)},
 * {@code Float64(0.5)}, {@code Utf8("x")}), columns qualified by their table, function arguments joined by
 * a bare comma, binary operators spaced, casts dropped.
 */
final class ExpressionNames {
    private ExpressionNames() {}

    static String render(Tokens t, int from, int to, List<TableMeta> tables) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            Token tok = t.list.get(i);
            Token next = i + 1 < to ? t.list.get(i + 1) : null;
            if (tok.is("cast") && next != null && next.isSymbol("(")) {
                int close = matching(t, i + 1, to);
                int as = i + 2;
                int depth = 0;
                while (as < close && !(depth == 0 && t.list.get(as).is("as"))) {
                    depth += t.list.get(as).isSymbol("(") ? 1 : t.list.get(as).isSymbol(")") ? -1 : 0;
                    as++;
                }
                sb.append(render(t, i + 2, as, tables));
                i = close;
                continue;
            }
            if (tok.is("extract")
                    && next != null
                    && next.isSymbol("(")
                    && i + 3 < to
                    && t.list.get(i + 3).is("from")) {
                int close = matching(t, i + 1, to);
                sb.append("date_part(Utf8(\"")
                        .append(t.list.get(i + 2).text().toUpperCase(Locale.ROOT))
                        .append("\"),")
                        .append(render(t, i + 4, close, tables))
                        .append(')');
                i = close;
                continue;
            }
            if (tok.isSymbol("::")) {
                i = skipType(t, i + 1, to);
                continue;
            }
            if ((tok.isSymbol("-") || tok.isSymbol("+"))
                    && isUnary(t, from, i)
                    && next != null
                    && next.type() == Token.Type.NUMBER) {
                sb.append(number((tok.isSymbol("-") ? "-" : "") + next.text()));
                i++;
                continue;
            }
            sb.append(token(t, i, next, tables));
        }
        return sb.toString().trim();
    }

    private static int matching(Tokens t, int open, int to) {
        int depth = 0;
        for (int j = open; j < to; j++) {
            depth += t.list.get(j).isSymbol("(") ? 1 : t.list.get(j).isSymbol(")") ? -1 : 0;
            if (depth == 0) {
                return j;
            }
        }
        return to - 1;
    }

    private static boolean isUnary(Tokens t, int from, int i) {
        if (i == from) {
            return true;
        }
        Token prev = t.list.get(i - 1);
        return prev.type() == Token.Type.SYMBOL && !prev.isSymbol(")");
    }

    private static int skipType(Tokens t, int i, int to) {
        int j = i;
        if (j < to && t.list.get(j).isIdent()) {
            j++;
        }
        if (j < to && t.list.get(j).isSymbol("(")) {
            while (j < to && !t.list.get(j).isSymbol(")")) {
                j++;
            }
            return j;
        }
        return j - 1;
    }

    private static String token(Tokens t, int i, Token next, List<TableMeta> tables) {
        Token tok = t.list.get(i);
        switch (tok.type()) {
            case NUMBER:
                return number(tok.text());
            case STRING:
                return "Utf8(\"" + tok.text() + "\")";
            case QUOTED:
                return column(tok.text(), t, i, tables);
            case WORD:
                if (next != null && next.isSymbol("(")) {
                    return tok.text();
                }
                return switch (tok.text()) {
                    case "true", "false" -> "Boolean(" + tok.text() + ")";
                    case "null" -> "NULL";
                    case "and", "or", "like", "is", "not", "in", "between" ->
                        " " + tok.text().toUpperCase(Locale.ROOT) + " ";
                    default -> column(tok.text(), t, i, tables);
                };
            default:
                return switch (tok.text()) {
                    case "(", ")" -> tok.text();
                    case "," -> ",";
                    case "." -> ".";
                    case "*" -> isStarArg(t, i) ? "*" : " * ";
                    default -> " " + tok.text() + " ";
                };
        }
    }

    private static boolean isStarArg(Tokens t, int i) {
        return i > 0 && t.list.get(i - 1).isSymbol("(")
                || i > 0 && t.list.get(i - 1).isSymbol(".");
    }

    private static String column(String name, Tokens t, int i, List<TableMeta> tables) {
        if (i > 0 && t.list.get(i - 1).isSymbol(".")) {
            return name;
        }
        if (i + 1 < t.list.size() && t.list.get(i + 1).isSymbol(".")) {
            TableMeta q = byName(name, tables);
            return q == null ? name : q.name();
        }
        for (TableMeta tm : tables) {
            ColumnMeta c = tm.columnLoose(name);
            if (c != null) {
                return tm.name() + "." + c.name();
            }
        }
        return name;
    }

    private static TableMeta byName(String name, List<TableMeta> tables) {
        for (TableMeta tm : tables) {
            if (tm.name().equalsIgnoreCase(name)) {
                return tm;
            }
        }
        return null;
    }

    private static String number(String text) {
        if (text.contains(".") || text.contains("e") || text.contains("E")) {
            BigDecimal d = new BigDecimal(text).stripTrailingZeros();
            String plain = d.scale() <= 0 ? d.toBigInteger().toString() : d.toPlainString();
            return "Float64(" + plain + ")";
        }
        return "Int64(" + text + ")";
    }
}
