package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.infoschema.InformationSchema;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.Queries;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryRewriter;
import io.greptime.jdbc.tck.engine.duckdb.time.ZoneNames;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * SHOW and DESC statements, answered by SQL over the materialized information_schema so that LIKE and
 * WHERE work as in GreptimeDB (protocol.md §9.3 shapes).
 */
public final class Show {
    private Show() {}

    public static Output describe(Call call, Tokens t) throws SQLException {
        call.read();
        t.next();
        if (t.peek().type() == Token.Type.WORD && t.peek().text().equals("view")) {
            // GreptimeDB's DESCRIBE takes TABLE or a name; after VIEW the parser names the next token as the
            // keyword it does not support (DESC VIEW v)
            Token next = t.list.get(Math.min(t.pos + 1, t.list.size() - 1));
            if (next.type() != Token.Type.EOF && !next.isSymbol(";")) {
                throw new GreptimeError(
                        StatusCode.UNSUPPORTED, "SQL statement is not supported, keyword: " + next.text());
            }
        }
        t.accept("table");
        String[] name = t.objectName();
        String schema = name[0] == null ? call.schema() : name[0];
        if (schema.equals(Catalog.INFORMATION_SCHEMA) && InformationSchema.meta(name[1]) != null) {
            return describeColumns(call, InformationSchema.meta(name[1]));
        }
        TableMeta tm = table(call, name);
        if (Views.isView(tm)) {
            return describeView(call);
        }
        InformationSchema.materialize(call.conn, call.catalog, List.of("columns"));
        String sql = "SELECT column_name AS \"Column\", greptime_data_type AS \"Type\","
                + " CASE WHEN semantic_type = 'FIELD' THEN '' ELSE 'PRI' END AS \"Key\", is_nullable AS \"Null\","
                + " coalesce(column_default, '') AS \"Default\", semantic_type AS \"Semantic Type\" FROM gt_is_columns"
                + where(tm) + " ORDER BY ordinal_position";
        return Queries.run(call, sql, null, List.of());
    }

    /**
     * DESC of a view: GreptimeDB stores a view's table with no columns, so DESCRIBE answers the header and one
     * batch without rows (a real v1.0.0 answers DESC v and DESC TABLE v so), not an empty stream.
     */
    private static Output describeView(Call call) {
        List<org.apache.arrow.vector.types.pojo.Field> fields = new java.util.ArrayList<>();
        for (String c : List.of("Column", "Type", "Key", "Null", "Default", "Semantic Type")) {
            fields.add(org.apache.arrow.vector.types.pojo.Field.nullable(
                    c, org.apache.arrow.vector.types.pojo.ArrowType.Utf8.INSTANCE));
        }
        org.apache.arrow.vector.types.pojo.Schema schema = new org.apache.arrow.vector.types.pojo.Schema(fields);
        org.apache.arrow.vector.VectorSchemaRoot empty =
                org.apache.arrow.vector.VectorSchemaRoot.create(schema, call.out);
        empty.setRowCount(0);
        return new Output.Rows(
                new io.greptime.jdbc.tck.engine.duckdb.results.MaterializedReader(call.out, schema, List.of(empty)));
    }

    private static Output describeColumns(Call call, TableMeta tm) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT * FROM (VALUES ");
        for (int i = 0; i < tm.columns().size(); i++) {
            ColumnMeta c = tm.columns().get(i);
            sql.append(i == 0 ? "(" : ", (")
                    .append(lit(c.name()))
                    .append(", ")
                    .append(lit(c.typeName()))
                    .append(", '', ")
                    .append(lit(c.nullable() ? "YES" : "NO"))
                    .append(", '', 'FIELD')");
        }
        sql.append(") v(\"Column\", \"Type\", \"Key\", \"Null\", \"Default\", \"Semantic Type\")");
        return Queries.run(call, sql.toString(), null, List.of());
    }

    private static String where(TableMeta tm) {
        return " WHERE table_schema = " + lit(tm.schema()) + " AND table_name = " + lit(tm.name());
    }

    public static String lit(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    static TableMeta table(Call call, String[] name) {
        String schema = name[0] == null ? call.schema() : name[0];
        TableMeta tm = call.catalog.table(schema, name[1]);
        if (tm == null) {
            throw Errors.tableNotFound(schema, name[1]);
        }
        return tm;
    }

    public static Output show(Call call, Tokens t) throws SQLException {
        call.read();
        t.next();
        boolean full = t.accept("full");
        if (t.accept("databases") || t.accept("schemas")) {
            InformationSchema.materialize(call.conn, call.catalog, List.of("schemata"));
            String cols = "schema_name AS \"Database\"" + (full ? ", options AS \"Options\"" : "");
            return filtered(call, t, "SELECT " + cols + " FROM gt_is_schemata", "\"Database\"", "\"Database\"");
        }
        if (t.accept("table", "status")) {
            return tableStatus(call, t);
        }
        if (t.accept("tables")) {
            return tables(call, t, full);
        }
        if (t.accept("views")) {
            return Views.show(call, t);
        }
        if (t.accept("create")) {
            return create(call, t);
        }
        if (t.accept("columns") || t.accept("fields")) {
            return ShowColumns.columns(call, t, full);
        }
        if (t.accept("index") || t.accept("indexes") || t.accept("keys")) {
            return ShowColumns.index(call, t);
        }
        if (t.accept("variables")) {
            return variable(call, t);
        }
        if (t.accept("collation")) {
            // sql.rs show_collations: information_schema.collations renamed as MySQL shows them
            InformationSchema.materialize(call.conn, call.catalog, List.of("collations"));
            String base = "SELECT collation_name AS \"Collation\", character_set_name AS \"Charset\", id AS \"Id\","
                    + " is_default AS \"Default\", is_compiled AS \"Compiled\", sortlen AS \"Sortlen\""
                    + " FROM gt_is_collations";
            return filtered(call, t, base, "\"Collation\"", "\"Collation\"");
        }
        if (t.accept("charset") || t.accept("character", "set")) {
            // sql.rs show_charsets: information_schema.character_sets, likewise
            InformationSchema.materialize(call.conn, call.catalog, List.of("character_sets"));
            String base = "SELECT character_set_name AS \"Charset\", description AS \"Description\","
                    + " default_collate_name AS \"Default collation\", maxlen AS \"Maxlen\""
                    + " FROM gt_is_character_sets";
            return filtered(call, t, base, "\"Charset\"", "\"Charset\"");
        }
        throw new GreptimeError(
                StatusCode.UNSUPPORTED,
                "SQL statement is not supported, keyword: " + t.peek().text());
    }

    /** {@code SHOW VARIABLES time_zone|system_time_zone}: the session zone and the server's (UTC). */
    private static Output variable(Call call, Tokens t) throws SQLException {
        String name = t.ident();
        String value = switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "time_zone" -> ZoneNames.zoneName(call.ctx.timeZone());
            case "system_time_zone" -> "UTC";
            default -> throw new GreptimeError(StatusCode.UNSUPPORTED, "Unsupported variable: " + name);
        };
        return Queries.run(
                call,
                "SELECT " + lit(value) + " AS " + Catalog.quote(name.toUpperCase(java.util.Locale.ROOT)),
                null,
                List.of());
    }

    /** The database of SHOW TABLES / TABLE STATUS: FROM or IN names one, else the session's; it must exist. */
    private static String database(Call call, Tokens t) {
        String db = call.schema();
        if (t.accept("from") || t.accept("in")) {
            db = t.ident();
        }
        if (!call.catalog.databaseExists(db)) {
            throw Errors.databaseNotFound(db);
        }
        return db;
    }

    private static Output tables(Call call, Tokens t, boolean full) throws SQLException {
        String db = database(call, t);
        InformationSchema.materialize(call.conn, call.catalog, List.of("tables"));
        String col = Catalog.quote("Tables_in_" + db);
        String sql = "SELECT table_name AS " + col + (full ? ", table_type AS \"Table_type\"" : "")
                + ", table_name AS \"Tables\" FROM gt_is_tables WHERE table_schema = " + lit(db);
        String inner = filteredSql(t, sql, col, col);
        String cols = col + (full ? ", \"Table_type\"" : "");
        return Queries.run(call, "SELECT " + cols + " FROM (" + inner + ")", null, List.of());
    }

    private static Output tableStatus(Call call, Tokens t) throws SQLException {
        String db = database(call, t);
        InformationSchema.materialize(call.conn, call.catalog, List.of("tables"));
        String base = "SELECT table_name AS \"Name\", engine AS \"Engine\", version AS \"Version\","
                + " row_format AS \"Row_format\", table_rows AS \"Rows\", avg_row_length AS \"Avg_row_length\","
                + " data_length AS \"Data_length\", max_data_length AS \"Max_data_length\","
                + " index_length AS \"Index_length\", data_free AS \"Data_free\", auto_increment AS \"Auto_increment\","
                + " create_time AS \"Create_time\", update_time AS \"Update_time\", check_time AS \"Check_time\","
                + " table_collation AS \"Collation\", checksum AS \"Checksum\", create_options AS \"Create_options\","
                + " table_comment AS \"Comment\" FROM gt_is_tables WHERE table_schema = " + lit(db);
        return filtered(call, t, base, "\"Name\"", "\"Name\"");
    }

    private static Output filtered(Call call, Tokens t, String base, String likeCol, String order) throws SQLException {
        return Queries.run(call, filteredSql(t, base, likeCol, order), null, List.of());
    }

    /** Wraps {@code base} with the statement's LIKE or WHERE, then orders. */
    public static String filteredSql(Tokens t, String base, String likeCol, String order) {
        String sql = "SELECT * FROM (" + base + ") gt_show";
        if (t.accept("like")) {
            sql += " WHERE " + likeCol + " LIKE " + lit(t.next().text());
        } else if (t.accept("where")) {
            QueryRewriter rw = new QueryRewriter(t, "", null, java.time.ZoneOffset.UTC);
            int from = t.pos;
            sql += " WHERE " + rw.rewriteExpression(from, t.list.size());
        }
        return sql + " ORDER BY " + order;
    }

    private static Output create(Call call, Tokens t) throws SQLException {
        if (t.accept("database") || t.accept("schema")) {
            String db = t.ident();
            if (!call.catalog.databaseExists(db)) {
                throw Errors.databaseNotFound(db);
            }
            String text = ShowCreate.database(call.catalog.database(db));
            return Queries.run(
                    call,
                    "SELECT " + lit(db) + " AS \"Database\", " + lit(text) + " AS \"Create Database\"",
                    null,
                    List.of());
        }
        if (t.accept("view")) {
            return Views.showCreate(call, t);
        }
        t.expect("table");
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        if (schema.equals(Catalog.INFORMATION_SCHEMA)
                || (call.catalog.table(schema, n[1]) != null && Catalog.isNumbers(call.catalog.table(schema, n[1])))) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "Show create table only for base table. " + Catalog.CATALOG + "." + schema + "." + n[1]
                            + " is TEMPORARY");
        }
        TableMeta tm = table(call, n);
        if (Views.isView(tm)) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "Show create table only for base table. " + Catalog.CATALOG + "." + schema + "." + n[1]
                            + " is VIEW");
        }
        String text = t.accept("for", "postgres_foreign_table")
                ? ShowCreate.postgresForeignTable(tm)
                : ShowCreate.table(
                        tm,
                        call.catalog.databaseExists(tm.schema())
                                ? call.catalog.database(tm.schema()).options()
                                : Map.of());
        return Queries.run(
                call,
                "SELECT " + lit(tm.name()) + " AS \"Table\", " + lit(text) + " AS \"Create Table\"",
                null,
                List.of());
    }
}
