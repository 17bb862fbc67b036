package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.AddColumn;
import io.greptime.jdbc.proto.v1.AlterTableExpr;
import io.greptime.jdbc.proto.v1.ColumnDef;
import io.greptime.jdbc.proto.v1.CreateTableExpr;
import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DropColumn;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ProtoTypes;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableOptions;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code GreptimeRequest.ddl} expressions (protocol.md §2.5). */
public final class ProtoDdl {
    private ProtoDdl() {}

    public static long execute(Call call, DdlRequest req) {
        try {
            call.write();
            long n = switch (req.getExprCase()) {
                case CREATE_DATABASE ->
                    Ddl.createDatabase(
                            call,
                            req.getCreateDatabase().getSchemaName(),
                            req.getCreateDatabase().getCreateIfNotExists(),
                            TableOptions.validate(req.getCreateDatabase().getOptionsMap()));
                case CREATE_TABLE -> createTable(call, req.getCreateTable());
                case DROP_TABLE ->
                    dropTable(
                            call,
                            schemaOf(call, req.getDropTable().getSchemaName()),
                            req.getDropTable().getTableName(),
                            req.getDropTable().getDropIfExists());
                case TRUNCATE_TABLE ->
                    truncate(
                            call,
                            schemaOf(call, req.getTruncateTable().getSchemaName()),
                            req.getTruncateTable().getTableName());
                case ALTER_TABLE -> alter(call, req.getAlterTable());
                default -> throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: DDL " + req.getExprCase());
            };
            call.commit();
            return n;
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        }
    }

    private static String schemaOf(Call call, String s) {
        return s.isEmpty() ? call.schema() : s;
    }

    private static long createTable(Call call, CreateTableExpr e) throws SQLException {
        List<ColumnMeta> cols = new ArrayList<>();
        for (ColumnDef d : e.getColumnDefsList()) {
            cols.add(columnOf(d, e.getTimeIndex(), e.getPrimaryKeysList()));
        }
        ColumnMeta ti = cols.stream()
                .filter(c -> c.name().equals(e.getTimeIndex()))
                .findFirst()
                .orElse(null);
        if (ti == null || ti.type().kind() != GreptimeType.Kind.TIMESTAMP) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid request: time index column " + e.getTimeIndex() + " must be a timestamp column");
        }
        Map<String, String> opts = TableOptions.validate(new LinkedHashMap<>(e.getTableOptionsMap()));
        String engine = e.getEngine().isEmpty() ? "mito" : e.getEngine();
        CreateTableParser.CreateTable ct = new CreateTableParser.CreateTable(
                null,
                e.getTableName(),
                e.getCreateIfNotExists(),
                null,
                null,
                cols,
                e.getTimeIndex(),
                e.getPrimaryKeysList(),
                engine,
                opts,
                List.of(),
                List.of());
        Ddl.createTable(call, schemaOf(call, e.getSchemaName()), ct);
        return 0;
    }

    private static ColumnMeta columnOf(ColumnDef d, String timeIndex, List<String> pk) {
        GreptimeType type =
                ProtoTypes.type(d.getDataType(), d.hasDatatypeExtension() ? d.getDatatypeExtension() : null);
        String sem = d.getName().equals(timeIndex)
                ? ColumnMeta.TIMESTAMP
                : pk.contains(d.getName()) ? ColumnMeta.TAG : ColumnMeta.FIELD;
        boolean nullable = d.getIsNullable() && !sem.equals(ColumnMeta.TIMESTAMP);
        String comment = d.getComment().isEmpty() ? null : d.getComment();
        return new ColumnMeta(d.getName(), type.name(), sem, nullable, null, comment, Map.of());
    }

    private static long dropTable(Call call, String schema, String table, boolean ifExists) throws SQLException {
        Ddl.checkWritable(schema);
        TableMeta tm = call.catalog.table(schema, table);
        if (tm == null) {
            if (ifExists) {
                return 0;
            }
            throw Errors.tableNotFound(schema, table);
        }
        Ddl.dropTable(call, tm);
        return 0;
    }

    private static long truncate(Call call, String schema, String table) throws SQLException {
        TableMeta tm = call.catalog.table(schema, table);
        if (tm == null) {
            throw Errors.tableNotFound(schema, table);
        }
        call.exec("DELETE FROM " + Catalog.duckTable(tm));
        return 0;
    }

    private static long alter(Call call, AlterTableExpr e) throws SQLException {
        String schema = schemaOf(call, e.getSchemaName());
        TableMeta tm = call.catalog.table(schema, e.getTableName());
        if (tm == null) {
            throw Errors.tableNotFound(schema, e.getTableName());
        }
        List<ColumnMeta> cols = new ArrayList<>(tm.columns());
        List<String> keys = new ArrayList<>(tm.primaryKeys());
        switch (e.getKindCase()) {
            case ADD_COLUMNS -> {
                for (AddColumn a : e.getAddColumns().getAddColumnsList()) {
                    ColumnDef d = a.getColumnDef();
                    if (AlterTable.find(cols, d.getName()) >= 0) {
                        if (a.getAddIfNotExists()) {
                            continue;
                        }
                        throw new GreptimeError(
                                StatusCode.TABLE_COLUMN_EXISTS,
                                "Column " + d.getName() + " already exists in table " + tm.name());
                    }
                    boolean tag = d.getSemanticType() == io.greptime.jdbc.proto.v1.SemanticType.TAG;
                    ColumnMeta c = columnOf(d, "", tag ? List.of(d.getName()) : List.of());
                    if (tag) {
                        keys.add(c.name());
                    }
                    cols.add(position(a, cols), c);
                }
            }
            case DROP_COLUMNS -> {
                for (DropColumn d : e.getDropColumns().getDropColumnsList()) {
                    int i = AlterTable.find(cols, d.getName());
                    if (i < 0) {
                        throw AlterTable.columnMissing(d.getName(), tm);
                    }
                    cols.remove(i);
                }
            }
            case SET_TABLE_OPTIONS -> {
                Map<String, String> opts = new LinkedHashMap<>(tm.options());
                e.getSetTableOptions().getTableOptionsList().forEach(o -> opts.put(o.getKey(), o.getValue()));
                call.catalog.putTable(call.conn, tm.withOptions(TableOptions.validate(opts)));
                return 0;
            }
            case UNSET_TABLE_OPTIONS -> {
                Map<String, String> opts = new LinkedHashMap<>(tm.options());
                e.getUnsetTableOptions().getKeysList().forEach(opts::remove);
                call.catalog.putTable(call.conn, tm.withOptions(opts));
                return 0;
            }
            default -> throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: alter " + e.getKindCase());
        }
        AlterTable.rebuild(call, tm, tm.withColumns(cols, keys));
        return 0;
    }

    private static int position(AddColumn a, List<ColumnMeta> cols) {
        if (!a.hasLocation()) {
            return cols.size();
        }
        if (a.getLocation().getLocationTypeValue() == 0) {
            return 0;
        }
        return AlterTable.find(cols, a.getLocation().getAfterColumnName()) + 1;
    }
}
