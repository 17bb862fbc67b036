package io.greptime.jdbc.tck.engine.duckdb.flows;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Show;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.functions.AdminProcedures;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.Queries;
import io.greptime.jdbc.tck.engine.flow.FlowDefinition;
import io.greptime.jdbc.tck.engine.flow.FlowRuntime;
import java.sql.SQLException;
import java.util.List;

/**
 * Flow statements in SQL: CREATE [OR REPLACE] FLOW, DROP FLOW, SHOW FLOWS, SHOW CREATE FLOW and
 * ADMIN FLUSH_FLOW, plus the rows of information_schema.flows. They run outside the statement's own lock:
 * the flow engine takes the engine's locks itself, per step.
 */
public final class FlowStatements {
    private FlowStatements() {}

    /** Whether the statement is one of ours (the cursor is left where it was). */
    public static boolean matches(Tokens t) {
        Token a = t.peek();
        if (a.is("create")) {
            return t.peek(1).is("flow")
                    || t.peek(1).is("or")
                            && t.peek(2).is("replace")
                            && t.peek(3).is("flow");
        }
        if (a.is("drop")) {
            return t.peek(1).is("flow");
        }
        if (a.is("show")) {
            return t.peek(1).is("flows") || t.peek(1).is("create") && t.peek(2).is("flow");
        }
        return a.is("admin") && t.peek(1).is("flush_flow");
    }

    public static Output execute(Call call, Tokens t, String sql) throws SQLException {
        FlowRuntime flows = call.engine.flows;
        Token first = t.next();
        if (first.is("create")) {
            return new Output.AffectedRows(flows.create(call.schema(), sql));
        }
        if (first.is("drop")) {
            t.expect("flow");
            boolean ifExists = t.accept("if", "exists");
            String[] name = t.objectName();
            return new Output.AffectedRows(flows.drop(name[1], ifExists));
        }
        if (first.is("show")) {
            return show(call, t, flows);
        }
        return flush(call, t, flows);
    }

    private static Output show(Call call, Tokens t, FlowRuntime flows) throws SQLException {
        call.read();
        if (t.accept("flows")) {
            if (t.accept("from") || t.accept("in")) {
                t.ident(); // flows are named per catalog, so every database lists the same flows
            }
            StringBuilder base = new StringBuilder("SELECT CAST(NULL AS VARCHAR) AS \"Flows\" WHERE FALSE");
            for (FlowDefinition f : flows.flows()) {
                base.append(" UNION ALL SELECT ").append(Show.lit(f.name()));
            }
            return Queries.run(call, Show.filteredSql(t, base.toString(), "\"Flows\"", "\"Flows\""), null, List.of());
        }
        t.expect("create");
        t.expect("flow");
        String[] name = t.objectName();
        FlowDefinition f = flows.flow(name[1]);
        if (f == null) {
            throw new GreptimeError(StatusCode.FLOW_NOT_FOUND, "Flow not found: greptime." + name[1]);
        }
        return Queries.run(
                call,
                "SELECT " + Show.lit(f.name()) + " AS \"Flow\", " + Show.lit(f.definition()) + " AS \"Create Flow\"",
                null,
                List.of());
    }

    private static Output flush(Call call, Tokens t, FlowRuntime flows) throws SQLException {
        int start = t.pos;
        t.next();
        int argsStart = t.pos;
        t.skipParens();
        String label = "ADMIN " + t.raw(start, t.pos);
        Tokens args = new Tokens(t.raw(argsStart + 1, t.pos - 1));
        Token arg = args.next();
        if (arg.type() != Token.Type.STRING) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS, "Invalid function args: flush_flow expects a flow name");
        }
        long n;
        try {
            n = flows.flush(arg.text());
        } catch (GreptimeError e) {
            if (e.status() == StatusCode.FLOW_NOT_FOUND
                    && FunctionLines.line(call.ctx.profile()) >= FunctionLines.LINES.indexOf("1.0")) {
                // from v1.0 the admin function's error wraps the flow's (a real v1.0.0 answers so)
                String flow = arg.text().contains(".") ? arg.text() : Catalog.CATALOG + "." + arg.text();
                AdminProcedures.fail(
                        call.ctx.profile(), "flush_flow", StatusCode.FLOW_NOT_FOUND, "Flow not found: '" + flow + "'");
            }
            throw e;
        }
        call.read();
        return Queries.run(call, "SELECT CAST(" + n + " AS UBIGINT) AS " + Catalog.quote(label), null, List.of());
    }
}
