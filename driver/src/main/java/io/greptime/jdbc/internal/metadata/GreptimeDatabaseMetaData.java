package io.greptime.jdbc.internal.metadata;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.internal.config.DriverVersion;
import io.greptime.jdbc.internal.metadata.InformationSchemaReader.Row;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link java.sql.DatabaseMetaData} for GreptimeDB: catalog questions answered from information_schema
 * through the connection ({@link CatalogQueries}), fixed answers from {@link DatabaseCapabilities}, and
 * empty results with the standard columns for what GreptimeDB does not have (procedures, functions as
 * catalog objects, user-defined types, foreign keys, privileges), so tools that ask get an answer.
 */
public final class GreptimeDatabaseMetaData extends DatabaseCapabilities {
    private static final Pattern VERSION = Pattern.compile("v?(\\d+)\\.(\\d+)");

    private final Connection connection;
    private final String url;
    private final String user;
    private final InformationSchemaReader reader;
    private final CatalogQueries catalog;
    private final AtomicReference<String> productVersion = new AtomicReference<>();

    /**
     * @param connection the connection queries run through (and that {@link #getConnection()} returns)
     * @param url the URL the connection was opened with (credentials are not part of it)
     * @param user the user name, or null
     */
    public GreptimeDatabaseMetaData(Connection connection, String url, String user) {
        this.connection = connection;
        this.url = url;
        this.user = user;
        this.reader = new InformationSchemaReader(connection);
        this.catalog = new CatalogQueries(reader);
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    @Override
    public String getURL() {
        return url;
    }

    @Override
    public String getUserName() {
        return user == null ? "" : user;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return connection.isReadOnly();
    }

    @Override
    public String getDatabaseProductName() {
        return "GreptimeDB";
    }

    /**
     * The server's package version: the connection's version probe (the same text as
     * information_schema.build_info.pkg_version, read once per endpoint), else build_info itself.
     */
    @Override
    public String getDatabaseProductVersion() throws SQLException {
        String v = productVersion.get();
        if (v == null && connection.isWrapperFor(GreptimeConnection.class)) {
            v = connection.unwrap(GreptimeConnection.class).getServerVersion().orElse(null);
            if (v != null) {
                productVersion.compareAndSet(null, v);
            }
        }
        if (v == null) {
            List<Row> rows = reader.select("build_info", List.of("pkg_version"), Map.of());
            v = rows.isEmpty() || rows.get(0).string("pkg_version") == null
                    ? ""
                    : rows.get(0).string("pkg_version");
            productVersion.compareAndSet(null, v);
        }
        return v;
    }

    private int versionPart(int group) throws SQLException {
        Matcher m = VERSION.matcher(getDatabaseProductVersion());
        return m.find() ? Integer.parseInt(m.group(group)) : 0;
    }

    @Override
    public int getDatabaseMajorVersion() throws SQLException {
        return versionPart(1);
    }

    @Override
    public int getDatabaseMinorVersion() throws SQLException {
        return versionPart(2);
    }

    @Override
    public String getDriverName() {
        return DriverVersion.NAME;
    }

    @Override
    public String getDriverVersion() {
        return DriverVersion.VERSION;
    }

    @Override
    public int getDriverMajorVersion() {
        return DriverVersion.MAJOR;
    }

    @Override
    public int getDriverMinorVersion() {
        return DriverVersion.MINOR;
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        return catalog.catalogs();
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        return catalog.schemas(null, null);
    }

    @Override
    public ResultSet getSchemas(String catalogName, String schemaPattern) throws SQLException {
        return catalog.schemas(catalogName, schemaPattern);
    }

    @Override
    public ResultSet getTableTypes() {
        List<Object[]> rows = new ArrayList<>();
        CatalogQueries.TABLE_TYPES.forEach(t -> rows.add(new Object[] {t}));
        return new MetadataResultSet(StandardColumns.TABLE_TYPES, rows);
    }

    @Override
    public ResultSet getTables(String catalogName, String schemaPattern, String tableNamePattern, String[] types)
            throws SQLException {
        return catalog.tables(catalogName, schemaPattern, tableNamePattern, types);
    }

    @Override
    public ResultSet getColumns(
            String catalogName, String schemaPattern, String tableNamePattern, String columnNamePattern)
            throws SQLException {
        return catalog.columns(catalogName, schemaPattern, tableNamePattern, columnNamePattern);
    }

    @Override
    public ResultSet getPrimaryKeys(String catalogName, String schema, String table) throws SQLException {
        return catalog.primaryKeys(catalogName, schema, table);
    }

    @Override
    public ResultSet getIndexInfo(String catalogName, String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        return catalog.indexInfo(catalogName, schema, table, unique);
    }

    @Override
    public ResultSet getTypeInfo() {
        return TypeInfoRows.all();
    }

    @Override
    public ResultSet getImportedKeys(String catalogName, String schema, String table) {
        return StandardColumns.empty(StandardColumns.KEYS);
    }

    @Override
    public ResultSet getExportedKeys(String catalogName, String schema, String table) {
        return StandardColumns.empty(StandardColumns.KEYS);
    }

    @Override
    public ResultSet getCrossReference(
            String parentCatalog,
            String parentSchema,
            String parentTable,
            String foreignCatalog,
            String foreignSchema,
            String foreignTable) {
        return StandardColumns.empty(StandardColumns.KEYS);
    }

    @Override
    public ResultSet getBestRowIdentifier(String catalogName, String schema, String table, int scope, boolean nullable)
            throws SQLException {
        return catalog.bestRowIdentifier(catalogName, schema, table);
    }

    @Override
    public ResultSet getVersionColumns(String catalogName, String schema, String table) {
        return StandardColumns.empty(StandardColumns.VERSION_COLUMNS);
    }

    @Override
    public ResultSet getProcedures(String catalogName, String schemaPattern, String procedureNamePattern) {
        return StandardColumns.empty(StandardColumns.PROCEDURES);
    }

    @Override
    public ResultSet getProcedureColumns(
            String catalogName, String schemaPattern, String procedureNamePattern, String columnNamePattern) {
        return StandardColumns.empty(StandardColumns.PROCEDURE_COLUMNS);
    }

    @Override
    public ResultSet getFunctions(String catalogName, String schemaPattern, String functionNamePattern) {
        return StandardColumns.empty(StandardColumns.FUNCTIONS);
    }

    @Override
    public ResultSet getFunctionColumns(
            String catalogName, String schemaPattern, String functionNamePattern, String columnNamePattern) {
        return StandardColumns.empty(StandardColumns.FUNCTION_COLUMNS);
    }

    @Override
    public ResultSet getUDTs(String catalogName, String schemaPattern, String typeNamePattern, int[] types) {
        return StandardColumns.empty(StandardColumns.UDTS);
    }

    @Override
    public ResultSet getSuperTypes(String catalogName, String schemaPattern, String typeNamePattern) {
        return StandardColumns.empty(StandardColumns.SUPER_TYPES);
    }

    @Override
    public ResultSet getSuperTables(String catalogName, String schemaPattern, String tableNamePattern) {
        return StandardColumns.empty(StandardColumns.SUPER_TABLES);
    }

    @Override
    public ResultSet getAttributes(
            String catalogName, String schemaPattern, String typeNamePattern, String attributeNamePattern) {
        return StandardColumns.empty(StandardColumns.ATTRIBUTES);
    }

    @Override
    public ResultSet getColumnPrivileges(String catalogName, String schema, String table, String columnNamePattern) {
        return StandardColumns.empty(StandardColumns.COLUMN_PRIVILEGES);
    }

    @Override
    public ResultSet getTablePrivileges(String catalogName, String schemaPattern, String tableNamePattern) {
        return StandardColumns.empty(StandardColumns.TABLE_PRIVILEGES);
    }

    @Override
    public ResultSet getPseudoColumns(
            String catalogName, String schemaPattern, String tableNamePattern, String columnNamePattern) {
        return StandardColumns.empty(StandardColumns.PSEUDO_COLUMNS);
    }

    @Override
    public ResultSet getClientInfoProperties() {
        return StandardColumns.empty(StandardColumns.CLIENT_INFO);
    }
}
