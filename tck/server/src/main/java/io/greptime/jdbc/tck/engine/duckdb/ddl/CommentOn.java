package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.flow.FlowRuntime;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code COMMENT ON TABLE t | COLUMN t.c | FLOW f IS 'text' | NULL}, from GreptimeDB v1.0
 * ({@code v1.0.0:src/sql/src/parsers/comment_parser.rs:26-80}; v0.17.2 has no such statement and answers
 * "SQL statement is not supported, keyword: COMMENT"). It answers 0 rows and changes only metadata
 * ({@code v1.0.0:src/common/meta/src/ddl/comment_on.rs}):
 * <ul>
 *   <li>a table's comment is its {@code comment} option ({@code sync_table_comment_option}, :502-513), so
 *       {@code SHOW CREATE TABLE} prints it in {@code WITH (...)} and {@code information_schema.tables}
 *       in {@code table_comment}; {@code IS NULL} removes the option;
 *   <li>a column's comment is its {@code COMMENT} ({@code update_column_comment_metadata}, :486-500),
 *       shown by {@code SHOW CREATE TABLE} and {@code information_schema.columns.column_comment};
 *   <li>a flow's comment is its {@code COMMENT} clause ({@code update_flow_comment}, :291-317), shown by
 *       {@code SHOW CREATE FLOW} and {@code information_schema.flows.comment}; {@code IS NULL} clears it.
 * </ul>
 * Errors, as the DDL procedure's displays give them ({@code v1.0.0:src/common/meta/src/error.rs}): a
 * missing table {@code TableNotFound} "Table not found: 'greptime.db.t'" (:396-401, status 4001), a
 * missing column "Column not found in column metadata, column_name: c, column_id: 0" (:1058-1063,
 * {@code Unexpected}), a missing flow "Flow not found: 'f'" (:417-422, {@code FlowNotFound}); and a column
 * named without its table is refused by the parser ("COMMENT ON COLUMN expects &lt;table&gt;.&lt;column&gt;",
 * {@code comment_parser.rs:96-101}).
 */
public final class CommentOn {
    private CommentOn() {}

    /** Whether the statement at {@code t}'s position is a COMMENT ON. */
    public static boolean matches(Tokens t) {
        return t.peek().is("comment") && t.peek(1).is("on");
    }

    public static long run(Call call, Tokens t) throws SQLException {
        t.expect("comment");
        if (!t.accept("on")) {
            throw expected(t, "ON");
        }
        if (t.accept("table")) {
            String[] name = t.objectName();
            String text = text(t);
            return table(call, name[0] == null ? call.schema() : name[0], name[1], text);
        }
        if (t.accept("column")) {
            List<String> parts = new ArrayList<>();
            do {
                parts.add(t.ident());
            } while (t.acceptSymbol("."));
            if (parts.size() < 2) {
                throw new GreptimeError(
                        StatusCode.INVALID_SYNTAX, "Invalid SQL, error: COMMENT ON COLUMN expects <table>.<column>");
            }
            String column = parts.remove(parts.size() - 1);
            String table = parts.get(parts.size() - 1);
            String schema = parts.size() >= 2 ? parts.get(parts.size() - 2) : call.schema();
            String text = text(t);
            return column(call, schema, table, column, text);
        }
        if (t.accept("flow")) {
            String[] name = t.objectName();
            String text = text(t);
            return flow(call.engine.flows, name[1], text);
        }
        throw expected(t, "TABLE, COLUMN or FLOW");
    }

    /** GreptimeDB's own parser's refusal ({@code v1.0.0:src/sql/src/parser.rs:270-275}), status 2000. */
    private static GreptimeError expected(Tokens t, String what) {
        String found = t.peek().type() == Token.Type.EOF ? "EOF" : t.raw(t.pos, t.pos + 1);
        return new GreptimeError(
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: Expected " + what + ", found: " + found);
    }

    /** The text after IS: a string, or null for {@code IS NULL}; nothing may follow. */
    private static String text(Tokens t) {
        if (!t.accept("is")) {
            throw expected(t, "IS");
        }
        String text;
        if (t.accept("null")) {
            text = null;
        } else if (t.peek().type() == Token.Type.STRING) {
            text = t.next().text();
        } else {
            throw expected(t, "literal string");
        }
        if (!t.atEnd()) {
            throw t.unexpected("end of statement");
        }
        return text;
    }

    private static TableMeta target(Call call, String schema, String name) {
        Ddl.checkWritable(schema);
        TableMeta tm = call.catalog.table(schema, name);
        if (tm == null) {
            throw new GreptimeError(
                    StatusCode.TABLE_NOT_FOUND,
                    "Table not found: '" + Catalog.CATALOG + "." + schema + "." + name + "'");
        }
        if (Views.isView(tm)) {
            // GreptimeDB keeps a view's comment in its table info, which no statement of ours shows yet
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED, "COMMENT ON a view is not supported by the embedded server");
        }
        return tm;
    }

    private static long table(Call call, String schema, String name, String text) throws SQLException {
        call.write();
        TableMeta tm = target(call, schema, name);
        Map<String, String> options = new LinkedHashMap<>(tm.options());
        if (text == null) {
            options.remove("comment");
        } else {
            options.put("comment", text);
        }
        call.catalog.putTable(call.conn, tm.withOptions(options));
        call.commit();
        return 0;
    }

    private static long column(Call call, String schema, String table, String column, String text) throws SQLException {
        call.write();
        TableMeta tm = target(call, schema, table);
        List<ColumnMeta> columns = new ArrayList<>(tm.columns());
        // GreptimeDB compares the canonical name (bare words lower-cased) with the stored one exactly
        int at = AlterTable.find(columns, column);
        if (at < 0) {
            throw new GreptimeError(
                    StatusCode.UNEXPECTED,
                    "Column not found in column metadata, column_name: " + column + ", column_id: 0");
        }
        columns.set(at, columns.get(at).withComment(text));
        call.catalog.putTable(call.conn, tm.withColumns(columns, tm.primaryKeys()));
        call.commit();
        return 0;
    }

    private static long flow(FlowRuntime flows, String name, String text) {
        if (flows == null || !flows.comment(name, text)) {
            throw new GreptimeError(StatusCode.FLOW_NOT_FOUND, "Flow not found: '" + name + "'");
        }
        return 0;
    }
}
