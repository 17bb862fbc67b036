package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Admin;
import io.greptime.jdbc.tck.engine.duckdb.ddl.CommentOn;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Ddl;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Show;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.flows.FlowStatements;
import io.greptime.jdbc.tck.engine.duckdb.parse.Token;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.results.MaterializedReader;
import io.greptime.jdbc.tck.engine.duckdb.sql.Queries;
import io.greptime.jdbc.tck.engine.duckdb.tql.TqlStatement;
import io.greptime.jdbc.tck.engine.duckdb.writes.SqlWrites;
import java.sql.SQLException;

/** Routes one SQL statement by its leading keyword. */
final class SqlStatements {
    private SqlStatements() {}

    static Output execute(Call call, String sql) {
        Tokens t = new Tokens(sql);
        Token first = t.peek();
        try {
            if (first.type() == Token.Type.EOF) {
                throw new GreptimeError(StatusCode.INVALID_SYNTAX, "sql parser error: empty statement");
            }
            if (FlowStatements.matches(t)) {
                return FlowStatements.execute(call, t, sql);
            }
            if (first.isSymbol("(")) {
                return Queries.select(call, t);
            }
            if (CommentOn.matches(t) && call.ctx.profile().commentOn()) {
                return new Output.AffectedRows(CommentOn.run(call, t));
            }
            return switch (first.text()) {
                case "select", "with", "values", "explain", "from" -> Queries.select(call, t);
                case "show" -> Show.show(call, t);
                case "desc", "describe" -> Show.describe(call, t);
                case "create", "drop", "alter", "truncate" -> new Output.AffectedRows(Ddl.execute(call, t));
                case "insert", "replace" -> new Output.AffectedRows(SqlWrites.insert(call, t));
                case "delete" -> new Output.AffectedRows(SqlWrites.delete(call, t));
                case "use" -> use(call, t);
                case "set" -> new Output.AffectedRows(0);
                case "admin" -> Admin.run(call, t);
                case "tql" -> TqlStatement.run(call, sql);
                default ->
                    throw new GreptimeError(
                            StatusCode.UNSUPPORTED,
                            "SQL statement is not supported, keyword: " + sql.substring(first.start(), first.end()));
            };
        } catch (SQLException e) {
            throw Errors.map(e, call.schema());
        }
    }

    private static Output use(Call call, Tokens t) {
        t.next();
        String db = t.ident();
        if (!call.catalog.databaseExists(db)) {
            // USE checks the schema itself and answers the operator's SchemaNotFound, InvalidArguments on every
            // release (v1.0.0:src/operator/src/statement.rs:448-456 and error.rs:316-321,932; seen from a real
            // v1.0.0: "Failed to find schema, schema info: x", status 1004), not the catalog's 4004
            throw new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Failed to find schema, schema info: " + db);
        }
        // Every release answers USE with an empty record-batch output, not a row count
        // (HEAD:src/operator/src/statement.rs:510-523, v0.14.4:…:364-376): DoGet streams a schema with no
        // columns and no batch, and Handle refuses it as a query. Each request names its database anyway.
        return new Output.Rows(new MaterializedReader(
                call.out, new org.apache.arrow.vector.types.pojo.Schema(java.util.List.of()), java.util.List.of()));
    }
}
