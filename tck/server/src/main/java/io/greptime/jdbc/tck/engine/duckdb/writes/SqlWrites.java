package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Ddl;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.infoschema.InformationSchema;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryRewriter;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryTranslator;
import io.greptime.jdbc.tck.engine.duckdb.storage.InsertPaths;
import io.greptime.jdbc.tck.engine.duckdb.storage.PutRules;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** INSERT / REPLACE INTO ... VALUES | SELECT, and DELETE, with GreptimeDB's literal rules. */
public final class SqlWrites {
    /** Marks a VALUES slot that said DEFAULT. */
    static final Object DEFAULT = new Object();

    private SqlWrites() {}

    public static long insert(Call call, Tokens t) throws SQLException {
        call.write();
        t.next();
        t.expect("into");
        if (t.peek().is("table") && !t.peek(1).isSymbol("(")) {
            t.next();
        }
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        Ddl.checkWritable(schema);
        TableMeta tm = call.catalog.table(schema, n[1]);
        if (tm == null || Catalog.isNumbers(tm)) {
            throw Errors.tableNotFound(schema, n[1]);
        }
        List<ColumnMeta> targets = targets(t, tm);
        boolean fastPath = t.peek().is("values") && InsertPaths.allLiterals(t.list, t.pos + 1);
        java.time.ZoneId naiveZone = fastPath || !call.ctx.profile().slowInsertReadsNaiveTimestampsInUtc()
                ? call.ctx.timeZone()
                : java.time.ZoneOffset.UTC;
        List<Object[]> raw = t.accept("values") ? values(call, t, targets, fastPath) : select(call, t);
        List<Object[]> rows = new ArrayList<>(raw.size());
        for (Object[] r : raw) {
            if (r.length != targets.size()) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid SQL, error: column count mismatch, columns: " + targets.size() + ", values: "
                                + r.length);
            }
            if (!fastPath) {
                for (int i = 0; i < r.length; i++) {
                    LiteralRules.castResult(r[i], targets.get(i));
                }
            }
            rows.add(RowAssembler.assemble(tm, targets, r, naiveZone));
        }
        if (PutRules.instant(tm) && !FlowHooks.hasFlows(call, tm)) {
            // ttl='instant': the frontend discards a row insert and sends it to the flows only, counting none
            // written (src/operator/src/insert.rs InstantAndNormalInsertRequests). With a flow reading the
            // table the rows stay stored here, because this engine's flows read them from the table.
            return 0;
        }
        long written = Upsert.write(call, tm, rows);
        call.commit();
        return written;
    }

    private static List<ColumnMeta> targets(Tokens t, TableMeta tm) {
        if (!t.peek().isSymbol("(") || t.peek(1).is("select")) {
            return tm.columns();
        }
        List<ColumnMeta> out = new ArrayList<>();
        t.expectSymbol("(");
        do {
            String name = t.ident();
            ColumnMeta c = tm.column(name);
            if (c == null) {
                throw new GreptimeError(
                        StatusCode.TABLE_COLUMN_NOT_FOUND, "Column " + name + " not found in table " + tm.name());
            }
            out.add(c);
        } while (t.acceptSymbol(","));
        t.expectSymbol(")");
        return out;
    }

    /**
     * The rows of a VALUES list. When every value is a literal ({@code fastPath}) GreptimeDB converts each
     * literal to its column's type by the literal's own rules ({@link LiteralRules}); all rows are read
     * before any is written, so one refused literal stores nothing of the statement.
     */
    private static List<Object[]> values(Call call, Tokens t, List<ColumnMeta> targets, boolean fastPath)
            throws SQLException {
        boolean sizeTypes = call.ctx.profile().stringTypeHasSizeType();
        List<Object[]> rows = new ArrayList<>();
        do {
            t.expectSymbol("(");
            List<Object> row = new ArrayList<>();
            while (!t.peek().isSymbol(")")) {
                int start = t.pos;
                Object v;
                if (fastPath
                        && t.peek().is("x")
                        && t.peek(1).type() == io.greptime.jdbc.tck.engine.duckdb.parse.Token.Type.STRING) {
                    t.next(); // X'..' is decoded by LiteralRules, with GreptimeDB's hex errors
                    t.next();
                    v = null;
                } else {
                    v = LiteralParser.value(call, t);
                }
                if (fastPath && row.size() < targets.size()) {
                    v = LiteralRules.convert(t.list.subList(start, t.pos), v, targets.get(row.size()), sizeTypes);
                }
                row.add(v);
                if (!t.acceptSymbol(",")) {
                    break;
                }
            }
            t.expectSymbol(")");
            rows.add(row.toArray());
        } while (t.acceptSymbol(","));
        if (!t.atEnd()) {
            throw t.unexpected("end of statement");
        }
        return rows;
    }

    private static List<Object[]> select(Call call, Tokens t) throws SQLException {
        String sql = translated(call, t);
        if (sql != null) {
            return call.rows(sql);
        }
        QueryRewriter rw = new QueryRewriter(t, call.schema(), call.catalog, call.ctx.timeZone());
        sql = rw.rewrite(t.pos, t.list.size());
        if (!rw.missing.isEmpty()) {
            throw new GreptimeError(
                    StatusCode.TABLE_NOT_FOUND,
                    "Failed to plan SQL: Table not found: " + Catalog.CATALOG + "."
                            + rw.missing.iterator().next());
        }
        InformationSchema.materialize(call.conn, call.catalog, rw.infoTables, call.ctx.profile());
        return call.rows(sql);
    }

    /**
     * The query of an INSERT ... SELECT translated as a plain query is (GreptimeDB's semantics: numbers'
     * pushed-down LIMIT, casts, functions); null when it is not one SELECT or the translator does not know a
     * construct in it, the cursor then back at the query for the token rewriter.
     */
    private static String translated(Call call, Tokens t) throws SQLException {
        if (Boolean.getBoolean("greptime.tck.tokenRewriter")) {
            return null;
        }
        int start = t.pos;
        QueryTranslator tr = QueryTranslator.forCall(call);
        QueryTranslator.Translation x;
        try {
            SqlAst.Query q = SqlParser.parseQuery(t);
            if (!(q instanceof SqlAst.Select || q instanceof SqlAst.Full f && f.body() instanceof SqlAst.Select)) {
                t.pos = start; // set operations and VALUES keep the token rewriter's reading for now
                return null;
            }
            x = tr.translate(q);
        } catch (SqlParser.Unsupported e) {
            t.pos = start;
            return null;
        }
        if (!tr.missing.isEmpty()) {
            throw new GreptimeError(
                    StatusCode.TABLE_NOT_FOUND,
                    "Failed to plan SQL: Table not found: " + Catalog.CATALOG + "."
                            + tr.missing.iterator().next());
        }
        InformationSchema.materialize(call.conn, call.catalog, tr.infoTables, call.ctx.profile());
        return x.sql();
    }

    /**
     * DELETE on a view, as GreptimeDB runs it (v1.0.0:src/query/src/datafusion.rs exec_dml_statement): the
     * view's rows that match are read, and each batch's columns are looked up in the view's table schema,
     * which has none, so any matching row fails on the first column (RecordBatch::column_vectors,
     * ColumnNotExists, 4002); with no matching row nothing is read and nothing is deleted.
     */
    private static long deleteFromView(Call call, TableMeta view, String rest) throws SQLException {
        try (java.sql.Statement st = call.conn.createStatement();
                java.sql.ResultSet rs = st.executeQuery("SELECT * FROM " + Catalog.duckTable(view) + " " + rest)) {
            if (rs.next()) {
                throw new GreptimeError(
                        StatusCode.TABLE_COLUMN_NOT_FOUND,
                        "Column " + rs.getMetaData().getColumnLabel(1) + " not exists in table " + Catalog.CATALOG + "."
                                + view.schema() + "." + view.name());
            }
        }
        call.commit();
        return 0;
    }

    public static long delete(Call call, Tokens t) throws SQLException {
        call.write();
        t.next();
        t.expect("from");
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        if (schema.equals(Catalog.INFORMATION_SCHEMA)) {
            throw new GreptimeError(StatusCode.UNSUPPORTED, "Cannot change read-only table: " + n[1]);
        }
        TableMeta tm = call.catalog.table(schema, n[1]);
        if (tm == null) {
            throw Errors.tableNotFound(schema, n[1]);
        }
        if (tm.appendMode()) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid request to region, reason: DELETE is not allowed under append mode");
        }
        if (Catalog.isNumbers(tm)) {
            throw new GreptimeError(StatusCode.UNSUPPORTED, "Cannot change read-only table: numbers");
        }
        QueryRewriter rw = new QueryRewriter(t, call.schema(), call.catalog, call.ctx.timeZone());
        String rest = rw.rewrite(t.pos, t.list.size());
        if (io.greptime.jdbc.tck.engine.duckdb.catalog.ViewOptions.isView(tm)) {
            return deleteFromView(call, tm, rest);
        }
        FlowHooks.beforeDelete(call, tm, rest);
        long deleted = call.update("DELETE FROM " + Catalog.duckTable(tm) + " " + rest);
        call.commit();
        return deleted;
    }
}
