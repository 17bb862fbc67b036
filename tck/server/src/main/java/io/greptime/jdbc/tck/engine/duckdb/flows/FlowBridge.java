package io.greptime.jdbc.tck.engine.duckdb.flows;

import com.google.gson.Gson;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Ddl;
import io.greptime.jdbc.tck.engine.duckdb.ddl.Views;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.exec.EngineState;
import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.infoschema.InformationSchema;
import io.greptime.jdbc.tck.engine.duckdb.parse.Tokens;
import io.greptime.jdbc.tck.engine.duckdb.sql.ProjectionNames;
import io.greptime.jdbc.tck.engine.duckdb.sql.Queries;
import io.greptime.jdbc.tck.engine.duckdb.sql.QueryRewriter;
import io.greptime.jdbc.tck.engine.duckdb.writes.RowAssembler;
import io.greptime.jdbc.tck.engine.duckdb.writes.Upsert;
import io.greptime.jdbc.tck.engine.flow.FlowDefinition;
import io.greptime.jdbc.tck.engine.flow.FlowHost;
import io.greptime.jdbc.tck.engine.flow.FlowRuntime;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The DuckDB engine's side of flows ({@link io.greptime.jdbc.tck.engine.flow}): it answers the flow
 * engine's questions about tables, runs flow passes in one transaction, persists flows in
 * {@code greptime.main.gt_flows}, and is called by the write paths after rows are staged.
 */
public final class FlowBridge implements FlowHost {
    private static final Gson GSON = new Gson();
    private final EngineState engine;

    public FlowBridge(EngineState engine) {
        this.engine = engine;
    }

    private Call call(String schema) {
        return new Call(engine, QueryContext.defaults().withSchema(schema), engine.staging);
    }

    @Override
    public Table table(String schema, String name) {
        TableMeta t = engine.catalog.table(schema, name);
        if (t == null || Views.isView(t)) {
            return null;
        }
        List<Column> cols = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            cols.add(new Column(c.name(), c.typeName(), c.nullable()));
        }
        return new Table(t.schema(), t.name(), cols, t.timeIndex(), t.primaryKeys(), t.options());
    }

    @Override
    public List<Column> describe(String schema, String query) {
        try (Call call = call(schema)) {
            call.read();
            if (io.greptime.jdbc.tck.promql.Tql.isTql(query)) {
                return TqlFlows.describe(call, query);
            }
            Tokens t = new Tokens(query);
            QueryRewriter rw = new QueryRewriter(t, schema, engine.catalog, call.ctx.timeZone());
            String sql = rw.rewrite(0, t.list.size());
            Output.Rows rows;
            if (!rw.missing.isEmpty()) {
                // the token rewriter does not know CTE names and newer syntax: the query translator does
                rows = translated(
                        call,
                        query,
                        () -> new GreptimeError(
                                StatusCode.TABLE_NOT_FOUND,
                                "Failed to plan SQL: Table not found: " + Catalog.CATALOG + "."
                                        + rw.missing.iterator().next()));
            } else {
                InformationSchema.materialize(call.conn, engine.catalog, rw.infoTables);
                List<String> names = ProjectionNames.of(t, rw.tables);
                try {
                    rows = (Output.Rows) Queries.run(call, "SELECT * FROM (" + sql + ") LIMIT 0", names, rw.tables);
                } catch (SQLException | GreptimeError e) {
                    rows = translated(
                            call,
                            query,
                            () -> e instanceof SQLException se ? Errors.map(se, schema) : (GreptimeError) e);
                }
            }
            try (ArrowReader reader = rows.reader()) {
                List<Column> out = new ArrayList<>();
                for (Field f : reader.getVectorSchemaRoot().getSchema().getFields()) {
                    out.add(new Column(f.getName(), typeName(f.getType()), true));
                }
                return out;
            }
        } catch (SQLException e) {
            throw Errors.map(e, schema);
        } catch (IOException e) {
            throw new GreptimeError(StatusCode.INTERNAL, "Internal error: " + e.getMessage(), e);
        }
    }

    /** GreptimeDB's type for a query result column; DuckDB's HUGEINT sums become Int64 as GreptimeDB's do. */
    static String typeName(ArrowType t) {
        return switch (t.getTypeID()) {
            case Int -> {
                ArrowType.Int i = (ArrowType.Int) t;
                yield (i.getIsSigned() ? "Int" : "UInt") + i.getBitWidth();
            }
            case FloatingPoint ->
                ((ArrowType.FloatingPoint) t).getPrecision()
                                == org.apache.arrow.vector.types.FloatingPointPrecision.SINGLE
                        ? "Float32"
                        : "Float64";
            case Bool -> "Boolean";
            case Binary, LargeBinary, BinaryView, FixedSizeBinary -> "Binary";
            case Date -> "Date";
            case Timestamp ->
                GreptimeType.timestamp(((ArrowType.Timestamp) t).getUnit()).name();
            case Decimal -> {
                ArrowType.Decimal d = (ArrowType.Decimal) t;
                yield d.getScale() == 0 && d.getPrecision() == 38
                        ? "Int64"
                        : "Decimal(" + d.getPrecision() + ", " + d.getScale() + ")";
            }
            default -> "String";
        };
    }

    @Override
    public void createTable(Table table) {
        List<ColumnMeta> cols = new ArrayList<>();
        for (Column c : table.columns()) {
            String sem = table.tags().contains(c.name())
                    ? ColumnMeta.TAG
                    : c.name().equals(table.timeIndex()) ? ColumnMeta.TIMESTAMP : ColumnMeta.FIELD;
            cols.add(new ColumnMeta(c.name(), c.typeName(), sem, c.nullable(), null, null, Map.of()));
        }
        Map<String, String> options = new LinkedHashMap<>();
        // GreptimeDB prints the flow engine's comment with a quoted key, unlike user options.
        table.options().forEach((k, v) -> options.put(k.equals("comment") ? "'comment'" : k, v));
        try (Call call = call(table.schema())) {
            call.write();
            if (engine.catalog.table(table.schema(), table.name()) == null) {
                TableMeta meta = new TableMeta(
                        table.schema(),
                        table.name(),
                        engine.catalog.allocateTableId(),
                        "mito",
                        cols,
                        table.timeIndex(),
                        table.tags(),
                        options,
                        System.currentTimeMillis(),
                        List.of(),
                        List.of());
                Ddl.createStorage(call, meta);
            }
            call.commit();
        } catch (SQLException e) {
            throw Errors.map(e, table.schema());
        }
    }

    @Override
    public long run(FlowDefinition flow, Pass pass) {
        try (Call call = call(flow.schema())) {
            call.write();
            TableMeta sink = engine.catalog.table(flow.sinkSchema(), flow.sinkTable());
            if (sink == null) {
                throw Errors.tableNotFound(flow.sinkSchema(), flow.sinkTable());
            }
            if (io.greptime.jdbc.tck.promql.Tql.isTql(pass.sql())) {
                long n = TqlFlows.run(call, sink, table(flow.sinkSchema(), flow.sinkTable()), pass.sql());
                call.commit();
                return n;
            }
            List<Object[]> rows = select(call, pass.sql());
            for (long[] r : pass.replaceRanges()) {
                String ti = Catalog.quote(sink.timeIndex());
                call.exec("DELETE FROM " + Catalog.duckTable(sink) + " WHERE " + ti + " >= make_timestamp(" + r[0]
                        + ") AND " + ti + " < make_timestamp(" + r[1] + ")");
            }
            long n = Upsert.write(call, sink, sinkRows(sink, rows, call.ctx.timeZone()));
            if (pass.clearBuffer()) {
                call.exec("DELETE FROM " + bufferName(flow));
            }
            call.commit();
            return n;
        } catch (SQLException e) {
            throw Errors.map(e, flow.schema());
        }
    }

    /**
     * Maps query rows onto the sink by position (GreptimeDB does the same), skipping {@code update_at}, which
     * gets the pass time, and {@code __ts_placeholder}, which stays at the epoch.
     */
    private static List<Object[]> sinkRows(TableMeta sink, List<Object[]> rows, java.time.ZoneId zone) {
        List<ColumnMeta> targets = new ArrayList<>();
        ColumnMeta updateAt = sink.column("update_at");
        ColumnMeta placeholder = sink.column("__ts_placeholder");
        for (ColumnMeta c : sink.columns()) {
            if (c != updateAt && c != placeholder) {
                targets.add(c);
            }
        }
        int width = rows.isEmpty() ? 0 : Math.min(rows.get(0).length, targets.size());
        List<ColumnMeta> used = new ArrayList<>(targets.subList(0, width));
        if (updateAt != null) {
            used.add(updateAt);
        }
        if (placeholder != null) {
            used.add(placeholder);
        }
        Instant now = Instant.now();
        List<Object[]> out = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            Object[] given = new Object[used.size()];
            System.arraycopy(r, 0, given, 0, width);
            int at = width;
            if (updateAt != null) {
                given[at++] = now;
            }
            if (placeholder != null) {
                given[at] = Instant.EPOCH;
            }
            out.add(RowAssembler.assemble(sink, used, given, zone));
        }
        return out;
    }

    /**
     * {@code query} through the query translator (what a SELECT statement runs), for flow queries the token
     * rewriter cannot take; when the translator cannot either, the rewriter's own error is raised.
     */
    private static Output.Rows translated(Call call, String query, java.util.function.Supplier<GreptimeError> original)
            throws SQLException {
        Output out;
        try {
            out = Queries.translatedOnly(call, new Tokens(query));
        } catch (SQLException | GreptimeError e) {
            throw original.get();
        }
        if (!(out instanceof Output.Rows rows)) {
            throw original.get();
        }
        return rows;
    }

    private List<Object[]> select(Call call, String query) throws SQLException {
        try {
            return rewrittenSelect(call, query);
        } catch (SQLException | GreptimeError e) {
            Output.Rows rows = translated(
                    call,
                    query,
                    () -> e instanceof SQLException se ? Errors.map(se, call.schema()) : (GreptimeError) e);
            return TqlFlows.rows(rows.reader());
        }
    }

    private List<Object[]> rewrittenSelect(Call call, String query) throws SQLException {
        Tokens t = new Tokens(query);
        QueryRewriter rw = new QueryRewriter(t, call.schema(), engine.catalog, call.ctx.timeZone());
        String sql = rw.rewrite(0, t.list.size());
        for (String m : rw.missing) {
            if (!m.startsWith("main.gt_flow_buf_")) {
                throw new GreptimeError(StatusCode.TABLE_NOT_FOUND, "Table not found: " + Catalog.CATALOG + "." + m);
            }
        }
        InformationSchema.materialize(call.conn, engine.catalog, rw.infoTables);
        return call.rows(sql);
    }

    @Override
    public String bufferName(FlowDefinition flow) {
        return "greptime.main.gt_flow_buf_" + flow.id();
    }

    @Override
    public void dropBuffer(FlowDefinition flow) {
        try (Call call = call(flow.schema())) {
            call.write();
            call.exec("DROP TABLE IF EXISTS " + bufferName(flow));
            call.commit();
        } catch (SQLException e) {
            throw Errors.map(e, flow.schema());
        }
    }

    @Override
    public void save(FlowDefinition flow) {
        persist(flow, true);
    }

    @Override
    public void remove(FlowDefinition flow) {
        persist(flow, false);
    }

    private void persist(FlowDefinition flow, boolean keep) {
        try (Call call = call(flow.schema())) {
            call.write();
            call.exec("CREATE TABLE IF NOT EXISTS greptime.main.gt_flows (name VARCHAR PRIMARY KEY, meta VARCHAR)");
            try (PreparedStatement ps =
                    call.conn.prepareStatement("DELETE FROM greptime.main.gt_flows WHERE name = ?")) {
                ps.setString(1, flow.name());
                ps.executeUpdate();
            }
            if (keep) {
                try (PreparedStatement ps =
                        call.conn.prepareStatement("INSERT INTO greptime.main.gt_flows VALUES (?, ?)")) {
                    ps.setString(1, flow.name());
                    ps.setString(2, GSON.toJson(flow));
                    ps.executeUpdate();
                }
            }
            call.commit();
        } catch (SQLException e) {
            throw Errors.map(e, flow.schema());
        }
    }

    @Override
    public List<FlowDefinition> load() {
        List<FlowDefinition> out = new ArrayList<>();
        try (Call call = call(Catalog.PUBLIC)) {
            call.write();
            call.exec("CREATE TABLE IF NOT EXISTS greptime.main.gt_flows (name VARCHAR PRIMARY KEY, meta VARCHAR)");
            // date_bin (DataFusion's, used by flows for time windows) bins from the Unix epoch by default.
            call.exec(
                    "CREATE OR REPLACE MACRO greptime.main.gt_date_bin(i, t) AS time_bucket(i, t, TIMESTAMP '1970-01-01'),"
                            + " (i, t, o) AS time_bucket(i, t, CAST(o AS TIMESTAMP))");
            call.exec("CREATE OR REPLACE MACRO greptime.main.gt_regexp_like(s, p) AS regexp_matches(s, p)");
            try (Statement st = call.conn.createStatement();
                    ResultSet rs = st.executeQuery("SELECT meta FROM greptime.main.gt_flows")) {
                while (rs.next()) {
                    out.add(GSON.fromJson(rs.getString(1), FlowDefinition.class));
                }
            }
            call.commit();
        } catch (SQLException e) {
            throw new GreptimeError(StatusCode.STORAGE_UNAVAILABLE, "Failed to load flows: " + e.getMessage(), e);
        }
        return out;
    }

    public static boolean isFlowDdl(io.greptime.jdbc.proto.v1.DdlRequest req) {
        return req.hasCreateFlow() || req.hasDropFlow();
    }

    /** DdlRequest create_flow / drop_flow (protocol.md §2.5); empty names default from the header. */
    public static long ddl(FlowRuntime flows, QueryContext ctx, io.greptime.jdbc.proto.v1.DdlRequest req) {
        if (req.hasDropFlow()) {
            return flows.drop(req.getDropFlow().getFlowName(), req.getDropFlow().getDropIfExists());
        }
        io.greptime.jdbc.proto.v1.CreateFlowExpr e = req.getCreateFlow();
        String sinkSchema = e.getSinkTableName().getSchemaName().isEmpty()
                ? ctx.schema()
                : e.getSinkTableName().getSchemaName();
        Long expire = e.hasExpireAfter() ? e.getExpireAfter().getValue() : null;
        Long eval = e.hasEvalInterval() ? e.getEvalInterval().getSeconds() : null;
        String comment = e.getComment().isEmpty() ? null : e.getComment();
        return flows.create(
                ctx.schema(),
                e.getOrReplace(),
                e.getCreateIfNotExists(),
                e.getFlowName(),
                sinkSchema,
                e.getSinkTableName().getTableName(),
                expire,
                eval,
                comment,
                e.getFlowOptionsMap(),
                e.getSql());
    }

    // ---- write hooks (called with the engine's write lock held, inside the writer's transaction) ----

    /** After rows were staged in {@code gt_stg} for {@code t}: buffers keys and marks windows for flows. */
    /** Whether a flow reads {@code t}: a write to it must then keep its staged rows for the flows. */
    static boolean hasFlows(Call call, TableMeta t) {
        FlowRuntime flows = call.engine.flows;
        return flows != null && !flows.flowsOn(t.schema(), t.name()).isEmpty();
    }

    static void staged(Call call, TableMeta t, boolean deleted) throws SQLException {
        FlowRuntime flows = call.engine.flows;
        if (flows == null) {
            return;
        }
        for (FlowDefinition f : flows.flowsOn(t.schema(), t.name())) {
            if (f.streaming()) {
                if (call.bulkInsert) {
                    continue; // the streaming engine refuses bulk inserts' dirty windows (flownode_impl.rs)
                }
                if (!deleted) {
                    if (f.sources().size() == 1) {
                        buffer(call, t, f); // joins rerun whole, so only single-source flows keep keys
                    }
                    flows.buffered(f);
                }
                continue;
            }
            String col = flows.windowColumn(f);
            flows.touched(f, distinctMicros(call, col == null ? t.timeIndex() : col), deleted);
        }
    }

    private static void buffer(Call call, TableMeta t, FlowDefinition f) throws SQLException {
        StringBuilder keys = new StringBuilder();
        for (String k : t.keyColumns()) {
            keys.append(keys.length() == 0 ? "" : ", ").append(Catalog.quote(k));
        }
        String buf = "greptime.main.gt_flow_buf_" + f.id();
        call.exec("CREATE TABLE IF NOT EXISTS " + buf + " AS SELECT " + keys + " FROM gt_stg LIMIT 0");
        call.exec("INSERT INTO " + buf + " SELECT " + keys + " FROM gt_stg");
    }

    private static long[] distinctMicros(Call call, String column) throws SQLException {
        String c = Catalog.quote(column);
        List<Long> out = new ArrayList<>();
        try (Statement st = call.conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT DISTINCT epoch_us(CAST(" + c
                        + " AS TIMESTAMP)) FROM gt_stg WHERE " + c + " IS NOT NULL")) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** Before a SQL DELETE: stages the rows it will remove so flows see which windows lose rows. */
    static void beforeDelete(Call call, TableMeta t, String whereSql) throws SQLException {
        FlowRuntime flows = call.engine.flows;
        if (flows == null || flows.flowsOn(t.schema(), t.name()).isEmpty()) {
            return;
        }
        call.exec("CREATE OR REPLACE TEMP TABLE gt_stg AS SELECT * FROM " + Catalog.duckTable(t) + " " + whereSql);
        staged(call, t, true);
        call.exec("DROP TABLE gt_stg");
    }
}
