package io.greptime.jdbc.tck.engine.flow;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.flow.CreateFlowParser.CreateFlow;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Column;
import io.greptime.jdbc.tck.engine.flow.FlowHost.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The flow engine of one SQL engine: the flows (keyed by name, as GreptimeDB scopes flows by catalog),
 * their DDL, the write notifications that mark work, ADMIN FLUSH_FLOW, and the scheduler that runs
 * passes in the background ({@link FlowScheduler}).
 */
public final class FlowRuntime implements AutoCloseable {
    static final long FIRST_FLOW_ID = 1024;

    private final FlowHost host;
    private final Map<String, FlowState> flows = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(FIRST_FLOW_ID);
    /** Serializes flow DDL (create/replace/drop) so checks and changes are one step. */
    private final ReentrantLock ddlLock = new ReentrantLock();

    private final FlowScheduler scheduler;

    public FlowRuntime(FlowHost host) {
        this.host = host;
        for (FlowDefinition f : host.load()) {
            FlowState s = new FlowState(f);
            if (f.streaming()) {
                s.markPending();
            }
            flows.put(f.name(), s);
            nextId.set(Math.max(nextId.get(), f.id() + 1));
        }
        this.scheduler = new FlowScheduler(this);
    }

    /** CREATE FLOW in SQL; {@code schema} is the session database. */
    public long create(String schema, String sql) {
        return create(schema, CreateFlowParser.parse(sql));
    }

    /** CREATE FLOW from its parts (the gRPC DdlRequest form). */
    public long create(
            String schema,
            boolean orReplace,
            boolean ifNotExists,
            String name,
            String sinkSchema,
            String sinkTable,
            Long expireAfterSeconds,
            Long evalIntervalSeconds,
            String comment,
            Map<String, String> options,
            String query) {
        for (String key : options.keySet()) {
            if (!CreateFlowParser.USER_OPTIONS.contains(key) && !key.equals("flow_type")) {
                throw new GreptimeError(
                        StatusCode.INVALID_ARGUMENTS,
                        "Invalid SQL, error: unknown flow option '" + key
                                + "', supported options: defer_on_missing_source, experimental_enable_incremental_read");
            }
        }
        Map<String, String> userOptions = new java.util.LinkedHashMap<>(options);
        userOptions.remove("flow_type");
        return create(
                schema,
                new CreateFlow(
                        orReplace,
                        ifNotExists,
                        new String[] {null, name},
                        new String[] {sinkSchema, sinkTable},
                        expireAfterSeconds,
                        evalIntervalSeconds,
                        comment,
                        userOptions,
                        query));
    }

    private long create(String schema, CreateFlow c) {
        if (c.orReplace() && c.ifNotExists()) {
            throw new GreptimeError(
                    StatusCode.UNSUPPORTED,
                    "Unsupported operation Create flow with both `IF NOT EXISTS` and `OR REPLACE`");
        }
        ddlLock.lock();
        try {
            String name = c.flow()[1];
            FlowState existing = flows.get(name);
            if (existing != null && c.ifNotExists()) {
                return 0;
            }
            if (existing != null && !c.orReplace()) {
                throw new GreptimeError(StatusCode.FLOW_ALREADY_EXISTS, "Flow already exists: greptime." + name);
            }
            FlowDefinition def = define(schema, c, existing);
            if (existing != null) {
                retire(existing);
            }
            host.save(def);
            FlowState state = new FlowState(def);
            if (state.tql()) {
                // a TQL flow evaluates its statement once created, then after writes and on flush
                state.markAll();
            }
            flows.put(name, state);
            scheduler.wake();
            return 0;
        } finally {
            ddlLock.unlock();
        }
    }

    private FlowDefinition define(String schema, CreateFlow c, FlowState existing) {
        String sinkSchema = c.sink()[0] == null ? schema : c.sink()[0];
        FlowQuery q = FlowQuery.analyze(c.query());
        Set<String> sources = new LinkedHashSet<>();
        Table firstSource = null;
        boolean missing = false;
        for (String[] s : q.sources) {
            String db = s[0] == null ? schema : s[0];
            Table t = host.table(db, s[1]);
            if (t == null) {
                if (!"true".equalsIgnoreCase(c.options().get("defer_on_missing_source"))) {
                    throw new GreptimeError(StatusCode.TABLE_NOT_FOUND, "Table not found: greptime." + db + "." + s[1]);
                }
                missing = true;
            } else if (firstSource == null) {
                firstSource = t;
            }
            if (db.equals(sinkSchema) && s[1].equals(c.sink()[1])) {
                throw new GreptimeError(
                        StatusCode.UNSUPPORTED,
                        "Unsupported operation Creating flow with source and sink" + " table being the same: greptime."
                                + db + "." + s[1]);
            }
            sources.add(db + "." + s[1]);
        }
        boolean instant = firstSource != null
                && "instant".equalsIgnoreCase(firstSource.options().get("ttl"));
        String type = (q.aggregate || missing) && !instant ? "batching" : "streaming";
        if (type.equals("batching")
                && "true".equalsIgnoreCase(c.options().get("experimental_enable_incremental_read"))) {
            requireAppendOnly(schema, q);
        }
        if (!missing) {
            prepareSink(schema, sinkSchema, c.sink()[1], q, c.query(), firstSource);
        }
        long now = System.currentTimeMillis();
        long id = existing != null ? existing.def.id() : nextId.getAndIncrement();
        long created = existing != null ? existing.def.createdMillis() : now;
        return new FlowDefinition(
                schema,
                c.flow()[1],
                id,
                sinkSchema,
                c.sink()[1],
                c.expireAfterSeconds(),
                c.evalIntervalSeconds(),
                c.comment(),
                c.options(),
                c.query(),
                List.copyOf(sources),
                type,
                created,
                now);
    }

    /** batching_mode/engine.rs ensure_incremental_source_append_only: incremental reads need append-only sources. */
    private void requireAppendOnly(String schema, FlowQuery q) {
        for (String[] s : q.sources) {
            String db = s[0] == null ? schema : s[0];
            Table t = host.table(db, s[1]);
            if (t != null && !"true".equalsIgnoreCase(t.options().get("append_mode"))) {
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Unsupported: Flow incremental read requires append-only source table, but source table `"
                                + "greptime." + db + "." + s[1] + "` is not append-only. Consider setting"
                                + " append_mode='true' on the source table or disabling"
                                + " experimental_enable_incremental_read");
            }
        }
    }

    private void prepareSink(
            String schema, String sinkSchema, String sinkName, FlowQuery q, String query, Table source) {
        List<Column> out = host.describe(schema, query);
        Table sink = host.table(sinkSchema, sinkName);
        if (q.tql) {
            if (sink == null) {
                throw new GreptimeError(
                        StatusCode.UNSUPPORTED,
                        "Unsupported: a TQL flow needs an existing sink table in the embedded server: " + sinkSchema
                                + "." + sinkName);
            }
            // batching flows match their output to the sink by name; the pass repeats the match
            SinkColumnMatch.match(sink, out);
        } else if (sink != null) {
            SinkPlanner.checkCompatible(sink, out);
        } else {
            host.createTable(SinkPlanner.autoSink(sinkSchema, sinkName, q, out, source));
        }
    }

    /** A flow created with missing sources gets its sink once they exist (its first pass). */
    void ensureSink(FlowDefinition f) {
        if (host.table(f.sinkSchema(), f.sinkTable()) != null) {
            return;
        }
        String[] src = f.sources().get(0).split("\\.", 2);
        prepareSink(
                f.schema(),
                f.sinkSchema(),
                f.sinkTable(),
                FlowQuery.analyze(f.query()),
                f.query(),
                host.table(src[0], src[1]));
    }

    /** DROP FLOW. */
    public long drop(String name, boolean ifExists) {
        ddlLock.lock();
        try {
            FlowState s = flows.get(name);
            if (s == null) {
                if (ifExists) {
                    return 0;
                }
                throw new GreptimeError(StatusCode.FLOW_NOT_FOUND, "Flow not found: greptime." + name);
            }
            retire(s);
            host.remove(s.def);
            flows.remove(name);
            return 0;
        } finally {
            ddlLock.unlock();
        }
    }

    /**
     * COMMENT ON FLOW: replaces the flow's comment (null or empty clears it, as GreptimeDB keeps an empty
     * comment for none) and its update time, unless the comment is the same; false when there is no such
     * flow.
     */
    public boolean comment(String name, String comment) {
        String wanted = comment == null || comment.isEmpty() ? null : comment;
        ddlLock.lock();
        try {
            FlowState s = flows.get(name);
            if (s == null) {
                return false;
            }
            if (!java.util.Objects.equals(s.def.comment(), wanted)) {
                FlowDefinition def = s.def.withComment(wanted, System.currentTimeMillis());
                host.save(def);
                s.def = def;
            }
            return true;
        } finally {
            ddlLock.unlock();
        }
    }

    /** Waits for a running pass of the flow to end, then forgets its buffered work. */
    private void retire(FlowState s) {
        s.runLock.lock();
        try {
            host.dropBuffer(s.def);
        } finally {
            s.runLock.unlock();
        }
    }

    /** Every flow, by name. */
    public List<FlowDefinition> flows() {
        List<FlowDefinition> out = new ArrayList<>();
        flows.values().forEach(s -> out.add(s.def));
        out.sort(Comparator.comparing(FlowDefinition::name));
        return out;
    }

    /** The flow, or null. */
    public FlowDefinition flow(String name) {
        FlowState s = flows.get(name);
        return s == null ? null : s.def;
    }

    /** Last successful pass (epoch millis) or null when the flow has not run. */
    public Long lastExecution(String name) {
        FlowState s = flows.get(name);
        return s == null || s.lastExecutionMillis < 0 ? null : s.lastExecutionMillis;
    }

    /** The last pass's error, or null. */
    public String lastError(String name) {
        FlowState s = flows.get(name);
        return s == null ? null : s.lastError;
    }

    /** ADMIN FLUSH_FLOW: runs every pending window now; returns the rows written. */
    public long flush(String name) {
        String n = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
        FlowState s = flows.get(n);
        if (s == null) {
            throw new GreptimeError(StatusCode.FLOW_NOT_FOUND, "Flow not found: greptime." + n);
        }
        long total = 0;
        // Holding the run lock first waits out a background pass that already took some of the work.
        s.runLock.lock();
        try {
            if (s.tql()) {
                s.markAll();
            }
            while (s.hasWork()) {
                total += scheduler.pass(s, Integer.MAX_VALUE, true);
            }
        } finally {
            s.runLock.unlock();
        }
        return total;
    }

    /** Flows reading {@code schema.table}. */
    public List<FlowDefinition> flowsOn(String schema, String table) {
        String key = schema + "." + table;
        List<FlowDefinition> out = new ArrayList<>();
        for (FlowState s : flows.values()) {
            if (s.def.sources().contains(key)) {
                out.add(s.def);
            }
        }
        return out;
    }

    /** The column whose values decide a batching flow's dirty windows ({@code null}: any change is all). */
    public String windowColumn(FlowDefinition f) {
        FlowState s = flows.get(f.name());
        return s == null || s.window() == null ? null : s.window().column();
    }

    /** Write hook: a streaming flow's keys were buffered. */
    public void buffered(FlowDefinition f) {
        FlowState s = flows.get(f.name());
        if (s != null && s.def.id() == f.id()) {
            s.markPending();
            scheduler.wake();
        }
    }

    /** Write hook: source rows with these timestamps (epoch microseconds) were written or deleted. */
    public void touched(FlowDefinition f, long[] tsMicros, boolean deleted) {
        FlowState s = flows.get(f.name());
        if (s == null || s.def.id() != f.id()) {
            return;
        }
        Long notBefore = f.expireAfterSeconds() == null
                ? null
                : (System.currentTimeMillis() - f.expireAfterSeconds() * 1000) * 1000;
        s.markDirty(tsMicros, deleted, notBefore);
        scheduler.wake();
    }

    FlowHost host() {
        return host;
    }

    Iterable<FlowState> states() {
        return flows.values();
    }

    @Override
    public void close() {
        scheduler.close();
    }
}
