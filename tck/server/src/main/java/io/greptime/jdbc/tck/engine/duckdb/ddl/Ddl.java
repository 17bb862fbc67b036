package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableOptions;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** CREATE / DROP / TRUNCATE / ALTER statements (databases and tables). */
public final class Ddl {
    private static final Pattern DB_NAME = Pattern.compile("[a-zA-Z0-9_\\-.]+");

    private Ddl() {}

    public static long execute(Call call, Tokens t) throws SQLException {
        call.write();
        String verb = t.next().text();
        long n = switch (verb) {
            case "create" -> create(call, t);
            case "drop" -> drop(call, t);
            case "truncate" -> truncate(call, t);
            default ->
                t.accept("database") || t.accept("schema") ? AlterDatabase.run(call, t) : AlterTable.run(call, t);
        };
        call.commit();
        return n;
    }

    private static long create(Call call, Tokens t) throws SQLException {
        if (t.accept("database") || t.accept("schema")) {
            return createDatabase(call, t);
        }
        boolean orReplace = t.accept("or", "replace");
        if (t.accept("view")) {
            return Views.create(call, t, orReplace);
        }
        t.accept("external");
        if (!t.accept("table")) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "SQL statement is not supported, keyword: " + t.peek().text());
        }
        CreateTableParser.CreateTable ct = CreateTableParser.parse(t, call.ctx.profile());
        String schema = ct.schema() == null ? call.schema() : ct.schema();
        return createTable(call, schema, ct);
    }

    static long createTable(Call call, String schema, CreateTableParser.CreateTable ct) throws SQLException {
        checkWritable(schema);
        if (!call.catalog.databaseExists(schema)) {
            throw Errors.databaseNotFound(schema);
        }
        if (call.catalog.table(schema, ct.name()) != null) {
            if (ct.ifNotExists()) {
                return 0;
            }
            throw new GreptimeError(
                    StatusCode.TABLE_ALREADY_EXISTS,
                    "Table already exists: `" + Catalog.CATALOG + "." + schema + "." + ct.name() + "`");
        }
        MetricTables.checkCreate(call.catalog, schema, ct, call.ctx.profile());
        long id = call.catalog.allocateTableId();
        long now = System.currentTimeMillis();
        TableMeta meta;
        if (ct.likeName() != null) {
            String srcSchema = ct.likeSchema() == null ? schema : ct.likeSchema();
            TableMeta src = call.catalog.table(srcSchema, ct.likeName());
            if (src == null) {
                throw Errors.tableNotFound(srcSchema, ct.likeName());
            }
            meta = src.copyAs(schema, ct.name(), id, now);
        } else {
            meta = new TableMeta(
                    schema,
                    ct.name(),
                    id,
                    ct.engine(),
                    MetricTables.columnOrder(ct),
                    ct.timeIndex(),
                    ct.primaryKeys(),
                    ct.options(),
                    now,
                    ct.partitionColumns(),
                    ct.partitionExprs());
        }
        createStorage(call, meta);
        MetricTables.addTagsToPhysical(call, meta);
        return 0;
    }

    /** Creates the DuckDB table for {@code meta} and records the metadata. */
    public static void createStorage(Call call, TableMeta meta) throws SQLException {
        StringBuilder ddl = new StringBuilder("CREATE TABLE ")
                .append(Catalog.duckTable(meta))
                .append(" (");
        for (int i = 0; i < meta.columns().size(); i++) {
            ColumnMeta c = meta.columns().get(i);
            ddl.append(i == 0 ? "" : ", ")
                    .append(Catalog.quote(c.name()))
                    .append(' ')
                    .append(c.type().duck());
            if (!c.nullable()) {
                ddl.append(" NOT NULL");
            }
        }
        call.exec(ddl.append(')').toString());
        call.catalog.putTable(call.conn, meta);
    }

    public static void checkWritable(String schema) {
        if (schema.equals(Catalog.INFORMATION_SCHEMA)) {
            throw Errors.readOnly(schema);
        }
    }

    private static long createDatabase(Call call, Tokens t) throws SQLException {
        boolean ifNotExists = t.accept("if", "not", "exists");
        Token nameTok = t.next();
        String name = nameTok.text();
        if (!t.atEnd() && !t.peek().is("with")) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "SQL statement is not supported, keyword: " + t.peek().text());
        }
        Map<String, String> options = t.accept("with") ? TableOptions.validate(TableOptions.parse(t)) : Map.of();
        return createDatabase(call, name, ifNotExists, options);
    }

    static long createDatabase(Call call, String name, boolean ifNotExists, Map<String, String> options)
            throws SQLException {
        if (!DB_NAME.matcher(name).matches()) {
            throw new GreptimeError(StatusCode.UNEXPECTED, "Unexpected, violated: Invalid database name: " + name);
        }
        if (call.catalog.databaseExists(name)) {
            if (ifNotExists) {
                return 1;
            }
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Schema " + name + " already exists");
        }
        call.exec("CREATE SCHEMA greptime." + Catalog.quote(name));
        call.catalog.putDatabase(call.conn, new Catalog.Database(name, options, System.currentTimeMillis()));
        return 1;
    }

    private static long drop(Call call, Tokens t) throws SQLException {
        if (t.accept("database") || t.accept("schema")) {
            boolean ifExists = t.accept("if", "exists");
            return dropDatabase(call, t.next().text(), ifExists);
        }
        if (t.accept("view")) {
            return Views.drop(call, t);
        }
        if (!t.accept("table")) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "SQL statement is not supported, keyword: " + t.peek().text());
        }
        boolean ifExists = t.accept("if", "exists");
        List<String[]> names = new ArrayList<>();
        do {
            names.add(t.objectName());
        } while (t.acceptSymbol(","));
        List<TableMeta> found = new ArrayList<>();
        for (String[] n : names) {
            String schema = n[0] == null ? call.schema() : n[0];
            checkWritable(schema);
            TableMeta tm = call.catalog.table(schema, n[1]);
            if (tm == null && !ifExists) {
                throw Errors.tableNotFound(schema, n[1]);
            }
            if (tm != null) {
                found.add(tm);
            }
        }
        for (TableMeta tm : found) {
            dropTable(call, tm);
        }
        return 0;
    }

    static void dropTable(Call call, TableMeta tm) throws SQLException {
        if (Catalog.isNumbers(tm)) {
            throw new GreptimeError(StatusCode.UNSUPPORTED, "Cannot drop table: numbers");
        }
        Views.checkRouted(tm);
        MetricTables.checkDrop(call.catalog, tm);
        call.exec("DROP TABLE " + Catalog.duckTable(tm));
        call.catalog.removeTable(call.conn, tm.schema(), tm.name());
    }

    private static long dropDatabase(Call call, String name, boolean ifExists) throws SQLException {
        if (name.equals(Catalog.INFORMATION_SCHEMA) || name.equals(Catalog.PRIVATE)) {
            throw Errors.readOnly(name);
        }
        if (!call.catalog.databaseExists(name)) {
            if (ifExists) {
                return 0;
            }
            throw Errors.databaseNotFound(name);
        }
        if (name.equals(call.schema())) {
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Schema `" + name + "` is in use");
        }
        call.exec("DROP SCHEMA greptime." + Catalog.quote(name) + " CASCADE");
        call.catalog.removeDatabase(call.conn, name);
        return 0;
    }

    private static long truncate(Call call, Tokens t) throws SQLException {
        t.accept("table");
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        checkWritable(schema);
        TableMeta tm = call.catalog.table(schema, n[1]);
        if (tm == null) {
            throw Errors.tableNotFound(schema, n[1]);
        }
        Views.checkRouted(tm);
        call.exec("DELETE FROM " + Catalog.duckTable(tm));
        return 0;
    }
}
