package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.AlterColumn;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnDefaults;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnOptionsParser;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableOptions;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TypeParser;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import java.sql.SQLException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ALTER TABLE: add/drop/modify columns, rename, SET/UNSET options. Column changes rebuild the DuckDB
 * table so its physical column order always equals GreptimeDB's.
 */
public final class AlterTable {
    private AlterTable() {}

    static long run(Call call, Tokens t) throws SQLException {
        t.expect("table");
        String[] n = t.objectName();
        String schema = n[0] == null ? call.schema() : n[0];
        Ddl.checkWritable(schema);
        TableMeta tm = call.catalog.table(schema, n[1]);
        if (tm == null) {
            throw Errors.tableNotFound(schema, n[1]);
        }
        Views.checkRouted(tm);
        if (t.accept("rename")) {
            t.accept("to");
            String newName = t.ident();
            call.exec("ALTER TABLE " + Catalog.duckTable(tm) + " RENAME TO " + Catalog.quote(newName));
            call.catalog.removeTable(call.conn, schema, tm.name());
            call.catalog.putTable(call.conn, tm.renamed(newName));
            return 0;
        }
        if (t.accept("set")) {
            Map<String, String> opts = new LinkedHashMap<>(tm.options());
            Map<String, String> changes = new LinkedHashMap<>();
            do {
                String k = t.next().text().toLowerCase(java.util.Locale.ROOT);
                t.expectSymbol("=");
                Token value = t.next();
                // SET 'k' = NULL reaches the region as an empty value (clears the override)
                changes.put(k, value.is("null") ? "" : value.text());
                opts.put(k, value.text());
            } while (t.acceptSymbol(","));
            TableOptions.checkAlterSet(changes);
            if (tm.appendMode() && "false".equalsIgnoreCase(opts.get("append_mode"))) {
                // GreptimeDB's regions refuse to leave append mode once in it
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid region request, region_id: " + (tm.id() << 32) + "(" + tm.id() + ", 0)"
                                + ", err: Only allow changing append_mode from false to true");
            }
            call.catalog.putTable(call.conn, tm.withOptions(TableOptions.validate(opts)));
            return 0;
        }
        if (t.accept("unset")) {
            Map<String, String> opts = new LinkedHashMap<>(tm.options());
            List<String> unset = new ArrayList<>();
            do {
                String k = t.next().text();
                unset.add(k);
                opts.remove(k.toLowerCase(java.util.Locale.ROOT));
            } while (t.acceptSymbol(","));
            TableOptions.checkAlterUnset(unset);
            call.catalog.putTable(call.conn, tm.withOptions(opts));
            return 0;
        }
        List<ColumnMeta> cols = new ArrayList<>(tm.columns());
        List<String> keys = new ArrayList<>(tm.primaryKeys());
        do {
            clause(t, tm, cols, keys, call.ctx.timeZone());
        } while (t.acceptSymbol(","));
        rebuild(call, tm, tm.withColumns(cols, keys));
        return 0;
    }

    private static void clause(Tokens t, TableMeta tm, List<ColumnMeta> cols, List<String> keys, ZoneId zone) {
        if (t.accept("add")) {
            t.accept("column");
            boolean ifNotExists = t.accept("if", "not", "exists");
            String name = t.ident();
            GreptimeType type = TypeParser.parse(t);
            ColumnOptionsParser o = ColumnOptionsParser.parseUntilLocation(t);
            if (find(cols, name) >= 0) {
                if (ifNotExists) {
                    return;
                }
                throw new GreptimeError(
                        StatusCode.TABLE_COLUMN_EXISTS, "Column " + name + " already exists in table " + tm.name());
            }
            if (type.kind() == GreptimeType.Kind.INTERVAL) {
                throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: Add column with interval type");
            }
            if (o.notNull && o.defaultSql == null) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid alter table(" + tm.name() + ") request: no default value for column " + name);
            }
            String sem = o.primaryKey ? ColumnMeta.TAG : ColumnMeta.FIELD;
            if (o.primaryKey) {
                keys.add(name);
            }
            ColumnMeta c = new ColumnMeta(
                    name,
                    type.name(),
                    sem,
                    !o.notNull,
                    ColumnDefaults.normalize(type, o.defaultSql, zone),
                    o.comment,
                    o.options);
            int at = cols.size();
            if (t.accept("first")) {
                at = 0;
            } else if (t.accept("after")) {
                String after = t.ident();
                at = find(cols, after) + 1;
                if (at == 0) {
                    throw columnMissing(after, tm);
                }
            }
            cols.add(at, c);
        } else if (t.accept("drop")) {
            t.accept("column");
            String name = t.ident();
            int i = find(cols, name);
            if (i < 0) {
                throw columnMissing(name, tm);
            }
            if (!cols.get(i).semantic().equals(ColumnMeta.FIELD)) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Not allowed to remove index column " + name + " from table " + tm.name());
            }
            cols.remove(i);
        } else if (t.accept("modify")) {
            t.accept("column");
            String name = t.ident();
            int i = find(cols, name);
            if (i < 0) {
                throw columnMissing(name, tm);
            }
            if (AlterColumn.apply(t, tm, cols, i, zone)) {
                return;
            }
            GreptimeType type = TypeParser.parse(t);
            if (type.kind() == GreptimeType.Kind.INTERVAL) {
                throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: Modify column type to interval type");
            }
            if (!cols.get(i).semantic().equals(ColumnMeta.FIELD)) {
                // TableMeta::builder_with_alter_kind's checks (v1.0.0:src/table/src/metadata.rs:869-892): a
                // primary key column first, then the time index
                String column = cols.get(i).name();
                boolean timeIndex = column.equals(tm.timeIndex());
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid alter table(" + tm.name() + ") request: "
                                + (timeIndex
                                        ? "Not allowed to change timestamp index column '" + column + "' datatype"
                                        : "Not allowed to change primary key index column '" + column + "'"));
            }
            cols.set(i, cols.get(i).withType(type.name()));
        } else {
            throw t.unexpected("ADD, DROP, MODIFY, RENAME, SET or UNSET");
        }
    }

    static GreptimeError columnMissing(String name, TableMeta tm) {
        return new GreptimeError(
                StatusCode.TABLE_COLUMN_NOT_FOUND, "Column " + name + " not exists in table " + tm.name());
    }

    public static int find(List<ColumnMeta> cols, String name) {
        for (int i = 0; i < cols.size(); i++) {
            if (cols.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Copies the data into a table with the new column list (casting changed types) and swaps it in. */
    public static void rebuild(Call call, TableMeta old, TableMeta now) throws SQLException {
        StringBuilder sel = new StringBuilder();
        for (ColumnMeta c : now.columns()) {
            String q = Catalog.quote(c.name());
            ColumnMeta was = old.column(c.name());
            String src = was != null ? q : defaultSql(c);
            // a changed type converts each stored value as Arrow's safe cast does: one that does not convert
            // reads as NULL (a real v1.0.0 answers 'x' of a STRING column modified to DOUBLE as NULL)
            boolean changed = was != null && !was.type().name().equals(c.type().name());
            sel.append(sel.length() == 0 ? "" : ", ")
                    .append(changed ? "TRY_CAST(" : "CAST(")
                    .append(src)
                    .append(" AS ")
                    .append(c.type().duck())
                    .append(") AS ")
                    .append(q);
        }
        String tmp = Catalog.duckTable(old.schema(), "gt_rebuild_" + old.id());
        call.exec("CREATE TABLE " + tmp + " AS SELECT " + sel + " FROM " + Catalog.duckTable(old));
        call.exec("DROP TABLE " + Catalog.duckTable(old));
        call.exec("ALTER TABLE " + tmp + " RENAME TO " + Catalog.quote(old.name()));
        call.catalog.putTable(call.conn, now);
    }

    private static String defaultSql(ColumnMeta c) {
        String d = c.defaultSql();
        if (d == null) {
            return "NULL";
        }
        if (d.startsWith("current_timestamp") || d.startsWith("now")) {
            return "now()";
        }
        return d;
    }
}
