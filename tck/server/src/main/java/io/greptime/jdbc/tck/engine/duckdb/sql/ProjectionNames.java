package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Output column names as GreptimeDB (DataFusion) gives them for the top-level select list: aliases and
 * plain columns lower-cased unless quoted, {@code count(*)}, and aggregates over one column qualified by
 * its table ({@code avg(t.c)}). Other expressions keep their text. Null when it cannot tell (e.g. {@code *}).
 */
public final class ProjectionNames {
    private ProjectionNames() {}

    public static List<String> of(Tokens t, List<TableMeta> tables) {
        int start = 0;
        while (start < t.list.size() && !t.list.get(start).is("select")) {
            if (t.list.get(start).is("with") || t.list.get(start).isSymbol("(")) {
                return null;
            }
            start++;
        }
        if (start >= t.list.size()) {
            return null;
        }
        int i = start + 1;
        if (t.list.get(i).is("distinct") || t.list.get(i).is("all")) {
            i++;
        }
        List<String> names = new ArrayList<>();
        int itemStart = i;
        int depth = 0;
        for (; i < t.list.size(); i++) {
            Token tok = t.list.get(i);
            boolean end = tok.type() == Token.Type.EOF
                    || tok.isSymbol(";")
                    || (depth == 0
                            && (tok.is("from")
                                    || tok.is("where")
                                    || tok.is("group")
                                    || tok.is("order")
                                    || tok.is("limit")
                                    || tok.is("union")
                                    || tok.is("having")));
            if (end || (depth == 0 && tok.isSymbol(","))) {
                String n = itemName(t, itemStart, i, tables);
                if (n == null) {
                    return null;
                }
                names.add(n);
                itemStart = i + 1;
                if (end) {
                    break;
                }
            } else if (tok.isSymbol("(")) {
                depth++;
            } else if (tok.isSymbol(")")) {
                depth--;
            }
        }
        return names;
    }

    private static String itemName(Tokens t, int from, int to, List<TableMeta> tables) {
        if (to <= from) {
            return null;
        }
        Token last = t.list.get(to - 1);
        if (to - from >= 2 && last.isIdent() && (t.list.get(to - 2).is("as"))) {
            return last.text();
        }
        if (to - from >= 2
                && last.type() == Token.Type.QUOTED
                && !t.list.get(to - 2).isSymbol(".")) {
            return last.text();
        }
        if (last.isSymbol("*") && (to - from == 1 || t.list.get(to - 2).isSymbol("."))) {
            return null;
        }
        if (isColumnRef(t, from, to)) {
            return columnName(last.text(), tables);
        }
        Token fn = t.list.get(from);
        if (fn.type() == Token.Type.WORD
                && to - from == 4
                && t.list.get(from + 1).isSymbol("(")
                && t.list.get(from + 2).isSymbol("*")) {
            return fn.text() + "(*)";
        }
        return ExpressionNames.render(t, from, to, tables);
    }

    private static boolean isColumnRef(Tokens t, int from, int to) {
        int n = to - from;
        if (n == 1) {
            return t.list.get(from).isIdent()
                    && !t.list.get(from).is("null")
                    && !t.list.get(from).is("true")
                    && !t.list.get(from).is("false");
        }
        if (n != 3 && n != 5) {
            return false;
        }
        for (int i = from; i < to; i++) {
            boolean ok = (i - from) % 2 == 0
                    ? t.list.get(i).isIdent()
                    : t.list.get(i).isSymbol(".");
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static String columnName(String written, List<TableMeta> tables) {
        TableMeta owner = owner(written, tables);
        return owner == null ? written : owner.columnLoose(written).name();
    }

    private static TableMeta owner(String col, List<TableMeta> tables) {
        for (TableMeta tm : tables) {
            if (tm.column(col) != null) {
                return tm;
            }
        }
        for (TableMeta tm : tables) {
            if (tm.columnLoose(col) != null && col.equals(col.toLowerCase(Locale.ROOT))) {
                return tm;
            }
        }
        return null;
    }
}
