package io.greptime.jdbc.tck.engine.duckdb.flows;

import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.engine.duckdb.writes.FlowHooks;
import java.sql.SQLException;

/** The flows' side of the write paths ({@link FlowHooks}): {@link FlowBridge}'s write hooks. */
public final class FlowWriteHooks implements FlowHooks.Listener {
    public static final FlowWriteHooks INSTANCE = new FlowWriteHooks();

    private FlowWriteHooks() {}

    @Override
    public boolean hasFlows(Call call, TableMeta t) {
        return FlowBridge.hasFlows(call, t);
    }

    @Override
    public void staged(Call call, TableMeta t, boolean deleted) throws SQLException {
        FlowBridge.staged(call, t, deleted);
    }

    @Override
    public void beforeDelete(Call call, TableMeta t, String whereSql) throws SQLException {
        FlowBridge.beforeDelete(call, t, whereSql);
    }
}
