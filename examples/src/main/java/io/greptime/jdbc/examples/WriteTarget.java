package io.greptime.jdbc.examples;

import io.greptime.jdbc.tck.engine.Engine;
import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * The server {@link WriteProcesses} writes to: the embedded server in this process (its CPU is this
 * process's), or the GreptimeDB at {@code GREPTIMEDB_ENDPOINT}, whose CPU is read from
 * {@code /proc/PID/stat} when {@code -Dbench.serverPid=PID} names its process (otherwise it is not measured
 * and prints as 0). On a real server the tables are named with this run's id, so runs never meet, and each is
 * dropped once counted, so a long run does not fill its disk.
 */
final class WriteTarget implements AutoCloseable {
    private final DuckDbEngine storage;
    private final SinkEngine sink;
    private final EmbeddedGreptimeServer server;
    private final Connection admin;
    private final String address;
    private final String runId;
    private final long serverPid;

    private WriteTarget(
            DuckDbEngine storage, SinkEngine sink, EmbeddedGreptimeServer server, String address, String runId)
            throws SQLException {
        this.storage = storage;
        this.sink = sink;
        this.server = server;
        this.address = address;
        this.runId = runId;
        this.serverPid = Long.getLong("bench.serverPid", -1L);
        this.admin = DriverManager.getConnection("jdbc:greptime://" + address + "/public");
    }

    /** An embedded server on a free port; its engine counts the rows ({@code sink}) or stores them in DuckDB. */
    static WriteTarget embedded(boolean duck) throws SQLException {
        DuckDbEngine storage = DuckDbEngine.inMemory();
        SinkEngine sink = duck ? null : new SinkEngine(storage);
        Engine engine = duck ? storage : sink;
        EmbeddedGreptimeServer server =
                EmbeddedGreptimeServer.builder().port(0).engine(engine).build().start();
        return new WriteTarget(storage, sink, server, server.address(), "");
    }

    /** The GreptimeDB at {@code host:port}. */
    static WriteTarget external(String endpoint) throws SQLException {
        return new WriteTarget(null, null, null, endpoint, "_" + Long.toString(System.currentTimeMillis(), 36));
    }

    boolean embedded() {
        return server != null;
    }

    String address() {
        return address;
    }

    String tableName(String method, int round) {
        return "bench_p_" + method.replaceAll("[^A-Za-z0-9]", "_").toLowerCase(Locale.ROOT) + "_" + round + runId;
    }

    void create(String table) throws SQLException {
        WriteBenchmark.createTable(admin, table);
    }

    /** Rows stored (with the sink: received) in {@code table}. */
    long count(String table) throws SQLException {
        return sink != null ? sink.count(table) : WriteBenchmark.count(admin, table);
    }

    /** Drops a table on a real server; the embedded one keeps its tables as it always did. */
    void drop(String table) throws SQLException {
        if (!embedded()) {
            try (Statement st = admin.createStatement()) {
                st.executeUpdate("DROP TABLE IF EXISTS " + table);
            }
        }
    }

    /** CPU nanoseconds the server has used so far: this process, the process {@code bench.serverPid}, or 0. */
    long serverCpuNanos() throws Exception {
        if (embedded()) {
            return WriteProcesses.Child.processCpuNanos();
        }
        if (serverPid < 0) {
            return 0;
        }
        String stat = Files.readString(Path.of("/proc/" + serverPid + "/stat"));
        // fields after the parenthesised name: state is the 3rd field, utime the 14th and stime the 15th
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        return ticks * 10_000_000L; // USER_HZ is 100 on Linux
    }

    @Override
    public void close() throws Exception {
        try {
            admin.close();
        } finally {
            if (server != null) {
                server.close();
                storage.close();
            }
        }
    }
}
