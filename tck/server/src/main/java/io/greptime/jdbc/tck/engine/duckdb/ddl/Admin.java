package io.greptime.jdbc.tck.engine.duckdb.ddl;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.functions.AdminProcedures;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.Queries;
import java.sql.SQLException;
import java.util.List;

/** {@code ADMIN fn(...)}: flush/compact are no-ops here (DuckDB has no memtables); the answer is UInt64 0. */
public final class Admin {
    private Admin() {}

    public static Output run(Call call, Tokens t) throws SQLException {
        call.read();
        t.next();
        int start = t.pos;
        String fn = t.ident();
        int argsStart = t.pos;
        t.skipParens();
        String label = "ADMIN " + t.raw(start, t.pos);
        if (!FunctionLines.known(fn) || FunctionLines.absent(call.ctx.profile(), fn)) {
            // src/operator/src/statement/admin.rs: the registry has no such function on this line
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Admin function not found: " + fn);
        }
        String argText = t.raw(argsStart + 1, t.pos - 1);
        if (AdminProcedures.handles(fn) && !(fn.equals("discard_unflushed") && tableExists(call, argText))) {
            AdminProcedures.run(call.ctx.profile(), fn, argText, label, call.schema());
        }
        boolean modern = FunctionLines.line(call.ctx.profile()) >= FunctionLines.LINES.indexOf("1.0");
        if (modern) {
            // the checks a real v1.0.0 makes before it would act (flush_compact_table.rs, flush_compact_region.rs,
            // gc.rs, reconcile_*.rs); a standalone server refuses gc and reconcile outright
            AdminProcedures.checkV1(
                    call.ctx.profile(),
                    fn,
                    argText,
                    call.schema(),
                    (schema, table) -> {
                        TableMeta m = call.catalog.table(schema, table);
                        return m == null ? null : new AdminProcedures.Found(Views.isView(m), m.id());
                    },
                    regionTable -> tableWithId(call, regionTable));
        }
        switch (fn) {
            case "flush_table", "compact_table" -> {
                Tokens args = new Tokens(t.raw(argsStart + 1, t.pos - 1));
                Show.table(
                        call,
                        AdminProcedures.tableName(
                                call.ctx.profile(), fn, args.next().text(), call.schema()));
            }
            case "flush_flow",
                    "flush_region",
                    "compact_region",
                    "reconcile_table",
                    "reconcile_database",
                    "reconcile_catalog",
                    "build_index",
                    "gc_table",
                    "gc_regions" -> {}
            default -> throw new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: admin function " + fn);
        }
        String sql = "SELECT CAST(0 AS UBIGINT) AS " + Catalog.quote(label);
        return Queries.run(call, sql, null, List.of());
    }

    /** Whether some table has GreptimeDB table id {@code id} (a region id's upper 32 bits). */
    private static boolean tableWithId(Call call, long id) {
        for (String db : call.catalog.databaseNames()) {
            for (TableMeta m : call.catalog.tables(db)) {
                if (m.id() == id) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether discard_unflushed names an existing table: this engine keeps no memtables, so it cannot tell
     * what a flush would have kept, and leaves such a call unsupported rather than answer.
     */
    private static boolean tableExists(Call call, String args) {
        String name = AdminProcedures.tableArg(args);
        if (name == null) {
            return false;
        }
        String[] parts = AdminProcedures.tableName(call.ctx.profile(), "discard_unflushed", name, call.schema());
        return call.catalog.table(parts[0], parts[1]) != null;
    }
}
