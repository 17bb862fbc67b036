package io.greptime.jdbc.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The calls DBeaver's generic driver makes when it connects and a user browses: a main and a metadata
 * connection, capability questions, catalogs, schemas, tables with {@code _} escaped by the search string
 * escape (hiding table types that contain SYSTEM), columns, keys, indexes, then the table's data with
 * maxRows.
 */
class DbeaverCallSequenceTest {
    private static TicksDatabase db;

    @BeforeAll
    static void start() throws SQLException {
        db = new TicksDatabase();
    }

    @AfterAll
    static void stop() {
        db.close();
    }

    private static String escape(DatabaseMetaData md, String name) throws SQLException {
        String esc = md.getSearchStringEscape();
        return name.replace("_", esc + "_").replace("%", esc + "%");
    }

    @Test
    void connectBrowseAndReadData() throws SQLException {
        try (Connection main = DriverManager.getConnection(db.url());
                Connection meta = DriverManager.getConnection(db.url())) {
            DatabaseMetaData md = meta.getMetaData();
            // what DBeaver reads once per data source
            assertThat(md.getDatabaseProductName()).isEqualTo("GreptimeDB");
            assertThat(md.getDatabaseProductVersion()).isNotBlank();
            assertThat(md.getDriverName()).isNotBlank();
            md.getSQLKeywords();
            md.getNumericFunctions();
            md.getStringFunctions();
            md.getSystemFunctions();
            md.getTimeDateFunctions();
            assertThat(md.supportsTransactions()).isFalse();
            assertThat(md.getIdentifierQuoteString()).isEqualTo("\"");
            assertThat(md.supportsCatalogsInDataManipulation()).isTrue();
            assertThat(md.storesLowerCaseIdentifiers()).isTrue();
            main.setAutoCommit(true);
            assertThat(main.getAutoCommit()).isTrue();
            assertThat(main.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_NONE);
            assertThat(main.isReadOnly()).isFalse();

            List<String> types = strings(md.getTableTypes(), "TABLE_TYPE");
            List<String> shown = types.stream()
                    .filter(t -> !t.toUpperCase(Locale.ROOT).contains("SYSTEM"))
                    .toList();
            assertThat(shown).containsExactly("TABLE", "VIEW");
            assertThat(strings(md.getCatalogs(), "TABLE_CAT")).containsExactly("greptime");
            assertThat(strings(md.getSchemas("greptime", null), "TABLE_SCHEM")).contains("public");

            List<String> tables =
                    strings(md.getTables("greptime", "public", "%", shown.toArray(String[]::new)), "TABLE_NAME");
            assertThat(tables).containsExactly("ticks");

            String pattern = escape(md, "ticks");
            List<String> columns = new ArrayList<>();
            try (ResultSet rs = md.getColumns("greptime", "public", pattern, "%")) {
                while (rs.next()) {
                    columns.add(
                            rs.getString("COLUMN_NAME") + ":" + rs.getString("TYPE_NAME") + ":" + rs.getInt("DATA_TYPE")
                                    + ":" + rs.getInt("NULLABLE") + ":" + rs.getString("IS_AUTOINCREMENT"));
                }
            }
            assertThat(columns)
                    .containsExactly(
                            "sym:VARCHAR:12:1:NO",
                            "venue:VARCHAR:12:1:NO",
                            "ts:TIMESTAMP:93:0:NO",
                            "price:DOUBLE:8:1:NO",
                            "qty:BIGINT:-5:1:NO");
            assertThat(strings(md.getPrimaryKeys("greptime", "public", "ticks"), "COLUMN_NAME"))
                    .containsExactly("sym", "venue");
            assertThat(strings(md.getIndexInfo("greptime", "public", "ticks", false, true), "INDEX_NAME"))
                    .containsExactly("PRIMARY", "PRIMARY", "TIME INDEX");
            assertThat(strings(md.getImportedKeys("greptime", "public", "ticks"), "FK_NAME"))
                    .isEmpty();
            assertThat(strings(md.getExportedKeys("greptime", "public", "ticks"), "FK_NAME"))
                    .isEmpty();

            readData(main);
        }
    }

    private static void readData(Connection main) throws SQLException {
        try (Statement st = main.createStatement()) {
            st.setMaxRows(1);
            try (ResultSet rs = st.executeQuery("SELECT * FROM \"public\".\"ticks\" ORDER BY sym")) {
                ResultSetMetaData m = rs.getMetaData();
                assertThat(m.getColumnCount()).isEqualTo(5);
                for (int i = 1; i <= m.getColumnCount(); i++) {
                    m.getColumnLabel(i);
                    m.getColumnTypeName(i);
                    m.getTableName(i);
                    m.getSchemaName(i);
                    m.getCatalogName(i);
                    m.isAutoIncrement(i);
                    m.isNullable(i);
                    m.getPrecision(i);
                    m.getScale(i);
                }
                assertThat(m.getColumnType(4)).isEqualTo(Types.DOUBLE);
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString("sym")).isEqualTo("AAPL");
                assertThat(rs.getDouble("price")).isEqualTo(185.5);
                assertThat(rs.next()).isFalse();
            }
        }
    }

    private static List<String> strings(ResultSet rs, String label) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(rs.getString(label));
            }
        }
        return out;
    }
}
