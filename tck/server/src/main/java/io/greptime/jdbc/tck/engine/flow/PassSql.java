package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.tck.engine.flow.FlowLexer.Kind;
import io.greptime.jdbc.tck.engine.flow.FlowLexer.Tok;
import java.util.List;
import java.util.Set;

/**
 * Builds the query of one flow pass: every reference to a source table in the flow's query becomes a
 * filtered subquery with the table's name as alias, so the rest of the query (qualified columns, GROUP BY,
 * window expression) is untouched and only the changed part of the source is read.
 */
final class PassSql {
    private static final Set<String> CLAUSE_WORDS = Set.of(
            "where", "group", "order", "limit", "having", "join", "inner", "left", "right", "full", "cross", "on",
            "using", "union", "window", "offset", "natural");

    private PassSql() {}

    /** {@code filter} is a condition on the source's columns (alias {@code gt_src}); null keeps the query. */
    static String restrict(String query, String filter) {
        if (filter == null) {
            return query;
        }
        List<Tok> toks = FlowLexer.tokenize(query);
        StringBuilder out = new StringBuilder();
        int last = 0;
        for (int i = 0; i + 1 < toks.size(); i++) {
            Tok kw = toks.get(i);
            Tok name = toks.get(i + 1);
            if (!(kw.is("from") || kw.is("join")) || !name.isIdent() || name.is("select")) {
                continue;
            }
            int end = i + 1;
            if (end + 2 < toks.size()
                    && toks.get(end + 1).isSymbol(".")
                    && toks.get(end + 2).isIdent()) {
                end += 2;
            }
            String ref = query.substring(name.start(), toks.get(end).end());
            String alias = toks.get(end).text();
            boolean hasAlias = end + 1 < toks.size()
                    && (toks.get(end + 1).is("as")
                            || toks.get(end + 1).kind() == Kind.QUOTED
                            || toks.get(end + 1).kind() == Kind.WORD
                                    && !CLAUSE_WORDS.contains(toks.get(end + 1).text()));
            out.append(query, last, name.start());
            out.append("(SELECT * FROM ")
                    .append(ref)
                    .append(" AS gt_src WHERE ")
                    .append(filter)
                    .append(')');
            if (!hasAlias) {
                out.append(" AS ").append(quote(alias));
            }
            last = toks.get(end).end();
            i = end;
        }
        return out.append(query.substring(last)).toString();
    }

    /** Rows whose {@code column} lies in one of the ranges (epoch microseconds) and not before the expiry. */
    static String ranges(String column, List<long[]> ranges, Long notBeforeMicros) {
        StringBuilder sb = new StringBuilder("(");
        if (ranges == null) {
            sb.append("TRUE");
        } else if (ranges.isEmpty()) {
            sb.append("FALSE");
        }
        for (int i = 0; ranges != null && i < ranges.size(); i++) {
            long[] r = ranges.get(i);
            sb.append(i == 0 ? "" : " OR ")
                    .append("(gt_src.")
                    .append(quote(column))
                    .append(" >= make_timestamp(")
                    .append(r[0])
                    .append(") AND gt_src.")
                    .append(quote(column))
                    .append(" < make_timestamp(")
                    .append(r[1])
                    .append("))");
        }
        sb.append(')');
        if (notBeforeMicros != null) {
            sb.append(" AND gt_src.")
                    .append(quote(column))
                    .append(" >= make_timestamp(")
                    .append(notBeforeMicros)
                    .append(')');
        }
        return sb.toString();
    }

    /** Rows whose key (tags and time index) was buffered by the write hook. */
    static String buffered(String buffer, List<String> keys) {
        StringBuilder sb =
                new StringBuilder("EXISTS (SELECT 1 FROM ").append(buffer).append(" AS gt_b WHERE ");
        for (int i = 0; i < keys.size(); i++) {
            String k = quote(keys.get(i));
            // Spelled without IS NOT DISTINCT FROM: the engine's rewriter reads a name after FROM as a table.
            sb.append(i == 0 ? "" : " AND ")
                    .append("(gt_b.")
                    .append(k)
                    .append(" = gt_src.")
                    .append(k)
                    .append(" OR gt_b.")
                    .append(k)
                    .append(" IS NULL AND gt_src.")
                    .append(k)
                    .append(" IS NULL)");
        }
        return sb.append(')').toString();
    }

    static String quote(String ident) {
        return "\"" + ident.replace("\"", "\"\"") + "\"";
    }
}
