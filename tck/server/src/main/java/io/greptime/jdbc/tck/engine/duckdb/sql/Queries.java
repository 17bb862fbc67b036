package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.ResultStream;
import io.greptime.jdbc.tck.engine.duckdb.infoschema.InformationSchema;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlParser;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.results.ResultConverter;
import io.greptime.jdbc.tck.engine.duckdb.tql.TqlCte;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/** Row-producing statements: rewrite for DuckDB, run, stream the Arrow result in GreptimeDB's types. */
public final class Queries {
    private Queries() {}

    public static Output select(Call call, Tokens t) throws SQLException {
        if (!t.list.isEmpty() && t.list.get(0).is("explain")) {
            SqlParser.refuseNonEvalTqlCtes(t);
        }
        call.read();
        Output translated = translated(call, t);
        if (translated != null) {
            return translated;
        }
        t.pos = 0;
        QueryRewriter rw = new QueryRewriter(t, call.schema(), call.catalog, call.ctx.timeZone(), call.ctx.profile());
        String sql = rw.rewrite(0, t.list.size());
        if (!rw.missing.isEmpty()) {
            String m = rw.missing.iterator().next();
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.TABLE_NOT_FOUND,
                    "Failed to plan SQL: Table not found: " + Catalog.CATALOG + "." + m);
        }
        InformationSchema.materialize(call.conn, call.catalog, rw.infoTables, call.ctx.profile());
        List<String> names = ProjectionNames.of(t, rw.tables);
        return run(call, sql, names, rw.tables);
    }

    /**
     * The query through the translator alone, under whatever lock the caller holds (a flow pass holds the
     * write lock); null when the translator does not take it.
     */
    public static Output translatedOnly(Call call, Tokens t) throws SQLException {
        return translated(call, t);
    }

    /**
     * The query parsed and translated with GreptimeDB's names and semantics; null when it uses a construct
     * the translator does not know yet (the token rewriter then takes it as before).
     */
    private static Output translated(Call call, Tokens t) throws SQLException {
        if (Boolean.getBoolean("greptime.tck.tokenRewriter")) {
            return null;
        }
        SqlAst.Query q;
        QueryTranslator.Translation x;
        QueryTranslator tr = QueryTranslator.forCall(call);
        tr.tql = text -> TqlCte.materialize(call, text);
        try {
            q = SqlParser.parseQuery(t);
            x = tr.translate(q);
        } catch (SqlParser.Unsupported e) {
            return null;
        }
        if (!tr.missing.isEmpty()) {
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.TABLE_NOT_FOUND,
                    "Failed to plan SQL: Table not found: " + Catalog.CATALOG + "."
                            + tr.missing.iterator().next());
        }
        if (!tr.viewMissing.isEmpty()) {
            throw new io.greptime.jdbc.tck.engine.GreptimeError(
                    io.greptime.jdbc.proto.StatusCode.UNEXPECTED,
                    "Failed to decode DataFusion plan: Table not found: " + Catalog.CATALOG + "."
                            + tr.viewMissing.iterator().next());
        }
        InformationSchema.materialize(call.conn, call.catalog, tr.infoTables, call.ctx.profile());
        return run(call, x.sql(), x.names(), tr.tables);
    }

    /**
     * Runs DuckDB SQL and streams its result in GreptimeDB's types; {@code names} renames output columns
     * when non-null. The stream reads from the call's connection: close it before the call.
     */
    public static Output run(Call call, String sql, List<String> names, List<TableMeta> tables) throws SQLException {
        return new Output.Rows(ResultStream.open(call, sql, source -> hints(source.getFields(), names, tables)));
    }

    private static List<ResultConverter.Hint> hints(List<Field> fields, List<String> names, List<TableMeta> tables) {
        List<ResultConverter.Hint> hints = new ArrayList<>();
        boolean rename = names != null && names.size() == fields.size();
        for (int i = 0; i < fields.size(); i++) {
            String name = rename ? names.get(i) : fields.get(i).getName();
            ColumnMeta col = null;
            boolean ti = false;
            for (TableMeta tm : tables) {
                ColumnMeta c = tm.column(name);
                if (c != null) {
                    col = c;
                    ti = name.equals(tm.timeIndex());
                    break;
                }
            }
            boolean view = name.equals("version()") || name.equals("database()") || name.equals("timezone()");
            hints.add(new ResultConverter.Hint(name, col, ti, view));
        }
        return hints;
    }
}
