package io.greptime.jdbc.tck.engine.duckdb.writes;

import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import java.sql.SQLException;

/**
 * Where the write paths tell the flows about rows they stage or delete. The flow code reads the write paths
 * (a flow pass upserts its sink through {@link Upsert}), so the write paths name only this class; each engine
 * provides the flows' side as a part of its state ({@code EngineState.provide}), as it provides the translator's
 * extensions.
 */
public final class FlowHooks {
    /** The flows' side; every method is called with the engine's write lock held, inside the writer's transaction. */
    public interface Listener {
        /** Whether a flow reads {@code t}: a write to it must then keep its staged rows for the flows. */
        boolean hasFlows(Call call, TableMeta t);

        /** After rows were staged in {@code gt_stg} for {@code t} (written, or about to be deleted). */
        void staged(Call call, TableMeta t, boolean deleted) throws SQLException;

        /** Before a SQL DELETE whose rows are {@code whereSql} of {@code t}. */
        void beforeDelete(Call call, TableMeta t, String whereSql) throws SQLException;
    }

    private FlowHooks() {}

    static boolean hasFlows(Call call, TableMeta t) {
        return of(call).hasFlows(call, t);
    }

    static void staged(Call call, TableMeta t, boolean deleted) throws SQLException {
        of(call).staged(call, t, deleted);
    }

    static void beforeDelete(Call call, TableMeta t, String whereSql) throws SQLException {
        of(call).beforeDelete(call, t, whereSql);
    }

    /** The listener the call's engine provides ({@code EngineState.part}). */
    private static Listener of(Call call) {
        return call.engine.part(Listener.class);
    }
}
