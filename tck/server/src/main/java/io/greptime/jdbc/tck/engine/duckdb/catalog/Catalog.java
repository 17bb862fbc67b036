package io.greptime.jdbc.tck.engine.duckdb.catalog;

import com.google.gson.Gson;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * GreptimeDB's catalog metadata (databases, tables, columns) kept in memory for fast reads and persisted
 * as JSON rows in DuckDB's {@code greptime.main} schema, so it commits or rolls back together with the
 * data it describes. Callers hold the engine's write lock while changing it.
 */
public final class Catalog {
    public static final String CATALOG = "greptime";
    public static final String INFORMATION_SCHEMA = "information_schema";
    public static final String PRIVATE = "greptime_private";
    public static final String PUBLIC = "public";
    static final long FIRST_TABLE_ID = 1024;

    private static final Gson GSON = new Gson();

    /** A database with its options and creation time. */
    public record Database(String name, Map<String, String> options, long createTimeMillis) {}

    private final Map<String, Database> databases = new ConcurrentHashMap<>();
    private final Map<String, TableMeta> tables = new ConcurrentHashMap<>();
    private final AtomicLong nextTableId = new AtomicLong(FIRST_TABLE_ID);
    /** The engine's flows, for information_schema.flows (set once the engine is open). */
    public volatile io.greptime.jdbc.tck.engine.flow.FlowRuntime flows;
    /** The cluster's nodes for information_schema.cluster_info (none: a standalone server). */
    public final io.greptime.jdbc.tck.engine.ClusterNodes cluster = new io.greptime.jdbc.tck.engine.ClusterNodes();

    public static String quote(String ident) {
        return "\"" + ident.replace("\"", "\"\"") + "\"";
    }

    public static String duckTable(String schema, String table) {
        return CATALOG + "." + quote(schema) + "." + quote(table);
    }

    public static String duckTable(TableMeta t) {
        return duckTable(t.schema(), t.name());
    }

    private static String key(String schema, String table) {
        return schema + "\u0000" + table;
    }

    /** Registers the engine's SQL functions on a connection (the engine's Java functions). */
    @FunctionalInterface
    public interface FunctionInstaller {
        void install(Connection c) throws SQLException;
    }

    /**
     * Creates the metadata tables if needed, registers the engine's functions with {@code functions} (views
     * reloaded from the metadata may call them) and loads everything into memory.
     */
    public void open(Connection c, FunctionInstaller functions) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(
                    "CREATE TABLE IF NOT EXISTS greptime.main.gt_databases (name VARCHAR PRIMARY KEY, meta VARCHAR)");
            st.execute("CREATE TABLE IF NOT EXISTS greptime.main.gt_tables "
                    + "(schema_name VARCHAR, table_name VARCHAR, meta VARCHAR, PRIMARY KEY (schema_name, table_name))");
        }
        try (Statement st = c.createStatement()) {
            st.execute("CREATE OR REPLACE MACRO greptime.main.gt_to_unixtime(x) AS coalesce("
                    + "TRY_CAST(CAST(x AS VARCHAR) AS BIGINT),"
                    + " CAST(epoch(CAST(trim(CAST(x AS VARCHAR)) AS TIMESTAMPTZ)) AS BIGINT))");
        }
        functions.install(c);
        reload(c);
        if (!databases.containsKey(PUBLIC)) {
            putDatabase(c, new Database(PUBLIC, Map.of(), System.currentTimeMillis()));
            try (Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA IF NOT EXISTS greptime.public");
                st.execute("CREATE OR REPLACE VIEW greptime.public.numbers AS "
                        + "SELECT CAST(range AS UINTEGER) AS number FROM range(100)");
            }
        }
    }

    /** Reloads the in-memory view from DuckDB (after a rolled-back DDL). */
    /**
     * Replaces the in-memory metadata with what the database holds (after a rollback). Readers outside the
     * write lock (the flow scheduler, schema look-ups) may be reading concurrently, so the maps are never
     * emptied: entries are overwritten and the vanished ones removed, and a table that exists before and
     * after the reload stays visible throughout.
     */
    public void reload(Connection c) throws SQLException {
        Map<String, Database> freshDatabases = new LinkedHashMap<>();
        Map<String, TableMeta> freshTables = new LinkedHashMap<>();
        long maxId = FIRST_TABLE_ID - 1;
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT meta FROM greptime.main.gt_databases")) {
            while (rs.next()) {
                Database d = GSON.fromJson(rs.getString(1), Database.class);
                freshDatabases.put(d.name(), d);
            }
        }
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT meta FROM greptime.main.gt_tables")) {
            while (rs.next()) {
                TableMeta t = GSON.fromJson(rs.getString(1), TableMeta.class);
                freshTables.put(key(t.schema(), t.name()), t);
                maxId = Math.max(maxId, t.id());
            }
        }
        databases.putAll(freshDatabases);
        databases.keySet().retainAll(freshDatabases.keySet());
        tables.putAll(freshTables);
        tables.keySet().retainAll(freshTables.keySet());
        nextTableId.set(maxId + 1);
    }

    public long allocateTableId() {
        return nextTableId.getAndIncrement();
    }

    public boolean databaseExists(String name) {
        return name.equals(INFORMATION_SCHEMA) || name.equals(PRIVATE) || databases.containsKey(name);
    }

    /** All database names including the built-in ones, sorted. */
    public List<String> databaseNames() {
        List<String> names = new ArrayList<>(databases.keySet());
        names.add(INFORMATION_SCHEMA);
        names.add(PRIVATE);
        names.sort(Comparator.naturalOrder());
        return names;
    }

    public Database database(String name) {
        Database d = databases.get(name);
        return d != null ? d : new Database(name, Map.of(), 0);
    }

    public void putDatabase(Connection c, Database d) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("INSERT OR REPLACE INTO greptime.main.gt_databases VALUES (?, ?)")) {
            ps.setString(1, d.name());
            ps.setString(2, GSON.toJson(d));
            ps.executeUpdate();
        }
        databases.put(d.name(), d);
    }

    public void removeDatabase(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM greptime.main.gt_databases WHERE name = ?")) {
            ps.setString(1, name);
            ps.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM greptime.main.gt_tables WHERE schema_name = ?")) {
            ps.setString(1, name);
            ps.executeUpdate();
        }
        databases.remove(name);
        tables.values().removeIf(t -> t.schema().equals(name));
    }

    public TableMeta table(String schema, String name) {
        TableMeta t = tables.get(key(schema, name));
        if (t == null && schema.equals(PUBLIC) && name.equals("numbers")) {
            return numbersTable();
        }
        return t;
    }

    /** Tables of a schema (user tables plus the built-in {@code numbers}), sorted by name. */
    public List<TableMeta> tables(String schema) {
        List<TableMeta> out = new ArrayList<>();
        for (TableMeta t : tables.values()) {
            if (t.schema().equals(schema)) {
                out.add(t);
            }
        }
        if (schema.equals(PUBLIC)) {
            out.add(numbersTable());
        }
        out.sort(Comparator.comparing(TableMeta::name));
        return out;
    }

    public void putTable(Connection c, TableMeta t) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("INSERT OR REPLACE INTO greptime.main.gt_tables VALUES (?, ?, ?)")) {
            ps.setString(1, t.schema());
            ps.setString(2, t.name());
            ps.setString(3, GSON.toJson(t));
            ps.executeUpdate();
        }
        tables.put(key(t.schema(), t.name()), t);
    }

    public void removeTable(Connection c, String schema, String name) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("DELETE FROM greptime.main.gt_tables WHERE schema_name = ? AND table_name = ?")) {
            ps.setString(1, schema);
            ps.setString(2, name);
            ps.executeUpdate();
        }
        tables.remove(key(schema, name));
    }

    /** GreptimeDB's built-in test table {@code public.numbers} (engine {@code test_engine}). */
    static TableMeta numbersTable() {
        ColumnMeta number = new ColumnMeta("number", "UInt32", ColumnMeta.TAG, false, null, null, Map.of());
        return new TableMeta(
                PUBLIC,
                "numbers",
                2,
                "test_engine",
                List.of(number),
                "",
                List.of("number"),
                new LinkedHashMap<>(),
                0,
                List.of(),
                List.of());
    }

    public static boolean isNumbers(TableMeta t) {
        return t.schema().equals(PUBLIC)
                && t.name().equals("numbers")
                && t.engine().equals("test_engine");
    }
}
