package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.infoschema.InformationSchema;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.Queries;
import java.sql.SQLException;
import java.util.List;

/** SHOW [FULL] COLUMNS and SHOW INDEX. */
final class ShowColumns {
    private ShowColumns() {}

    private static TableMeta target(Call call, Tokens t) {
        if (!t.accept("from") && !t.accept("in")) {
            throw new GreptimeError(
                    StatusCode.INVALID_SYNTAX,
                    "Unexpected token while parsing SQL statement, expected: '{FROM | IN} table', found: "
                            + (t.atEnd() ? ";" : t.peek().text()));
        }
        String[] n = t.objectName();
        if (t.accept("from") || t.accept("in")) {
            n[0] = t.ident();
        }
        return Show.table(call, n);
    }

    static Output columns(Call call, Tokens t, boolean full) throws SQLException {
        TableMeta tm = target(call, t);
        InformationSchema.materialize(call.conn, call.catalog, List.of("columns"));
        String cols = "column_name AS \"Field\", column_type AS \"Type\""
                + (full ? ", collation_name AS \"Collation\"" : "")
                + ", is_nullable AS \"Null\", column_key AS \"Key\", coalesce(column_default, '') AS \"Default\""
                + (full ? ", coalesce(column_comment, '') AS \"Comment\", privileges AS \"Privileges\"" : "")
                + ", extra AS \"Extra\", greptime_data_type AS \"Greptime_type\"";
        String base = "SELECT " + cols + " FROM gt_is_columns WHERE table_schema = " + Show.lit(tm.schema())
                + " AND table_name = " + Show.lit(tm.name());
        return Queries.run(call, Show.filteredSql(t, base, "\"Field\"", "\"Field\""), null, List.of());
    }

    static Output index(Call call, Tokens t) throws SQLException {
        TableMeta tm = target(call, t);
        if (t.peek().is("like")) {
            throw new GreptimeError(StatusCode.UNSUPPORTED, "SQL statement is not supported, keyword: like");
        }
        InformationSchema.materialize(call.conn, call.catalog, List.of("statistics"));
        String base = "SELECT table_name AS \"Table\", non_unique AS \"Non_unique\", index_name AS \"Key_name\","
                + " seq_in_index AS \"Seq_in_index\", column_name AS \"Column_name\", \"collation\" AS \"Collation\","
                + " cardinality AS \"Cardinality\", sub_part AS \"Sub_part\", packed AS \"Packed\","
                + " nullable AS \"Null\", index_type AS \"Index_type\", comment AS \"Comment\","
                + " index_comment AS \"Index_comment\", is_visible AS \"Visible\", expression AS \"Expression\""
                + " FROM gt_is_statistics WHERE table_schema = " + Show.lit(tm.schema()) + " AND table_name = "
                + Show.lit(tm.name());
        return Queries.run(
                call, Show.filteredSql(t, base, "\"Column_name\"", "\"Key_name\", \"Seq_in_index\""), null, List.of());
    }
}
