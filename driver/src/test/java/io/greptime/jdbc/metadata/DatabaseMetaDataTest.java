package io.greptime.jdbc.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.testing.DuckDbFixture;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** DatabaseMetaData against the embedded server's information_schema (DuckDB engine). */
class DatabaseMetaDataTest {
    private static DuckDbFixture fixture;
    private static Connection conn;
    private static DatabaseMetaData md;

    @BeforeAll
    static void start() throws SQLException {
        fixture = new DuckDbFixture();
        conn = fixture.connect();
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("CREATE TABLE cpu_load (host STRING, `region` STRING, ts TIMESTAMP TIME INDEX,"
                    + " `usage` DOUBLE COMMENT 'percent busy', cores INT UNSIGNED DEFAULT 4, price DECIMAL(10, 2),"
                    + " PRIMARY KEY (region, host)) WITH (comment = 'load per host')");
            st.executeUpdate("CREATE TABLE cpuXload (ts TIMESTAMP(9) TIME INDEX, v BIGINT NOT NULL)");
            st.executeUpdate("CREATE VIEW busy AS SELECT host, usage FROM cpu_load WHERE usage > 90");
        }
        md = conn.getMetaData();
    }

    @AfterAll
    static void stop() throws SQLException {
        conn.close();
        fixture.close();
    }

    private static List<List<Object>> rows(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        try (rs) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getObject(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    private static List<String> labels(ResultSet rs) throws SQLException {
        ResultSetMetaData m = rs.getMetaData();
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= m.getColumnCount(); i++) {
            out.add(m.getColumnLabel(i));
        }
        return out;
    }

    private static List<String> column(ResultSet rs, String label) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                out.add(rs.getString(label));
            }
        }
        return out;
    }

    @Test
    void getTables_escapedUnderscoreMatchesOnlyTheLiteralName() throws SQLException {
        String escaped = "cpu" + md.getSearchStringEscape() + "_load";
        assertThat(column(md.getTables("greptime", "public", escaped, null), "TABLE_NAME"))
                .containsExactly("cpu_load");
        // an unescaped _ is a wildcard and also matches cpuxload (unquoted names are stored lower case)
        assertThat(column(md.getTables("greptime", "public", "cpu_load", null), "TABLE_NAME"))
                .containsExactly("cpu_load", "cpuxload");
        assertThat(column(md.getTables(null, "public", "cpu%load", new String[] {"TABLE"}), "TABLE_NAME"))
                .containsExactly("cpu_load", "cpuxload");
        assertThat(column(md.getTables(null, "pub\\%", "%", null), "TABLE_NAME"))
                .isEmpty();
    }

    @Test
    void getTables_mapsTypesAndRemarks() throws SQLException {
        ResultSet rs = md.getTables("greptime", "public", "%", null);
        assertThat(labels(rs))
                .containsExactly(
                        "TABLE_CAT",
                        "TABLE_SCHEM",
                        "TABLE_NAME",
                        "TABLE_TYPE",
                        "REMARKS",
                        "TYPE_CAT",
                        "TYPE_SCHEM",
                        "TYPE_NAME",
                        "SELF_REFERENCING_COL_NAME",
                        "REF_GENERATION");
        List<List<Object>> rows = rows(rs);
        assertThat(rows.stream().map(r -> r.subList(0, 5)).toList())
                .contains(List.of("greptime", "public", "cpu_load", "TABLE", "load per host"));
        assertThat(rows.stream().map(r -> r.get(2) + ":" + r.get(3)).toList())
                .contains("busy:VIEW", "cpuxload:TABLE", "numbers:SYSTEM TABLE");
        assertThat(column(md.getTables(null, "information_schema", "columns", null), "TABLE_TYPE"))
                .containsExactly("SYSTEM TABLE");
        assertThat(column(md.getTables(null, null, "%", new String[] {"VIEW"}), "TABLE_NAME"))
                .containsExactly("busy");
        assertThat(column(md.getTableTypes(), "TABLE_TYPE")).containsExactly("SYSTEM TABLE", "TABLE", "VIEW");
    }

    @Test
    void getTables_hostilePatternIsDataNotSql() throws SQLException {
        assertThat(rows(md.getTables(null, "public", "x' OR '1'='1", null))).isEmpty();
        assertThat(rows(md.getColumns(null, "public'; DROP TABLE cpu_load; --", "cpu_load", null)))
                .isEmpty();
        assertThat(column(md.getTables(null, "public", "cpu\\_load", null), "TABLE_NAME"))
                .containsExactly("cpu_load");
    }

    @Test
    void getCatalogsAndSchemas() throws SQLException {
        assertThat(column(md.getCatalogs(), "TABLE_CAT")).containsExactly("greptime");
        ResultSet rs = md.getSchemas();
        assertThat(labels(rs)).containsExactly("TABLE_SCHEM", "TABLE_CATALOG");
        assertThat(column(rs, "TABLE_SCHEM")).contains("public", "information_schema");
        assertThat(column(md.getSchemas("greptime", "pub%"), "TABLE_SCHEM")).containsExactly("public");
        assertThat(column(md.getSchemas("other", null), "TABLE_SCHEM")).isEmpty();
    }

    @Test
    void getColumns_allStandardColumnsInOrder() throws SQLException {
        ResultSet rs = md.getColumns("greptime", "public", "cpu\\_load", "%");
        assertThat(labels(rs))
                .containsExactly(
                        "TABLE_CAT",
                        "TABLE_SCHEM",
                        "TABLE_NAME",
                        "COLUMN_NAME",
                        "DATA_TYPE",
                        "TYPE_NAME",
                        "COLUMN_SIZE",
                        "BUFFER_LENGTH",
                        "DECIMAL_DIGITS",
                        "NUM_PREC_RADIX",
                        "NULLABLE",
                        "REMARKS",
                        "COLUMN_DEF",
                        "SQL_DATA_TYPE",
                        "SQL_DATETIME_SUB",
                        "CHAR_OCTET_LENGTH",
                        "ORDINAL_POSITION",
                        "IS_NULLABLE",
                        "SCOPE_CATALOG",
                        "SCOPE_SCHEMA",
                        "SCOPE_TABLE",
                        "SOURCE_DATA_TYPE",
                        "IS_AUTOINCREMENT",
                        "IS_GENERATEDCOLUMN");
        ResultSetMetaData m = rs.getMetaData();
        assertThat(m.getColumnType(5)).isEqualTo(Types.INTEGER);
        assertThat(m.getColumnType(22)).isEqualTo(Types.SMALLINT);
        List<List<Object>> rows = rows(rs);
        assertThat(rows.stream().map(r -> (String) r.get(3)).toList())
                .containsExactly("host", "region", "ts", "usage", "cores", "price");
        assertThat(rows.get(0).subList(4, 12))
                .containsExactly(
                        Types.VARCHAR,
                        "VARCHAR",
                        Integer.MAX_VALUE,
                        null,
                        null,
                        null,
                        DatabaseMetaData.columnNullable,
                        null);
        assertThat(rows.get(2).subList(4, 11))
                .containsExactly(Types.TIMESTAMP, "TIMESTAMP", 23, null, 3, null, DatabaseMetaData.columnNoNulls);
        assertThat(rows.get(2).get(17)).isEqualTo("NO");
        assertThat(rows.get(3).subList(4, 12))
                .containsExactly(
                        Types.DOUBLE, "DOUBLE", 15, null, null, 10, DatabaseMetaData.columnNullable, "percent busy");
        assertThat(rows.get(4).subList(4, 10)).containsExactly(Types.BIGINT, "INT UNSIGNED", 10, null, 0, 10);
        assertThat(rows.get(4).get(12)).isEqualTo("4");
        assertThat(rows.get(5).subList(4, 10)).containsExactly(Types.DECIMAL, "DECIMAL", 10, null, 2, 10);
        assertThat(rows.stream().map(r -> r.get(16)).toList()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(rows.stream()
                        .map(r -> r.get(22) + "/" + r.get(23))
                        .distinct()
                        .toList())
                .containsExactly("NO/NO");
    }

    @Test
    void getColumns_typesAgreeWithResultSetMetaData() throws SQLException {
        List<List<Object>> cols = rows(md.getColumns(null, "public", "cpu\\_load", null));
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT host, region, ts, usage, cores, price FROM cpu_load")) {
            ResultSetMetaData m = rs.getMetaData();
            for (int i = 1; i <= m.getColumnCount(); i++) {
                assertThat(cols.get(i - 1).get(4)).as(m.getColumnName(i)).isEqualTo(m.getColumnType(i));
            }
        }
    }

    @Test
    void getColumns_columnPatternAndEscape() throws SQLException {
        assertThat(column(md.getColumns(null, "public", "cpu\\_load", "c%"), "COLUMN_NAME"))
                .containsExactly("cores");
        assertThat(column(md.getColumns(null, "public", "cpuxload", "v"), "TYPE_NAME"))
                .containsExactly("BIGINT");
    }

    @Test
    void getPrimaryKeys_areTheTagsNamedPrimary() throws SQLException {
        ResultSet rs = md.getPrimaryKeys("greptime", "public", "cpu_load");
        assertThat(labels(rs))
                .containsExactly("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ", "PK_NAME");
        assertThat(rows(rs))
                .containsExactly(
                        List.of("greptime", "public", "cpu_load", "host", (short) 2, "PRIMARY"),
                        List.of("greptime", "public", "cpu_load", "region", (short) 1, "PRIMARY"));
        assertThat(rows(md.getPrimaryKeys(null, "public", "cpuxload"))).isEmpty();
    }

    @Test
    void getIndexInfo_listsTimeIndexAndPrimaryKey() throws SQLException {
        List<String> names = new ArrayList<>();
        try (ResultSet rs = md.getIndexInfo(null, "public", "cpu_load", false, true)) {
            assertThat(rs.getMetaData().getColumnCount()).isEqualTo(13);
            while (rs.next()) {
                names.add(rs.getString("INDEX_NAME") + "." + rs.getShort("ORDINAL_POSITION") + "="
                        + rs.getString("COLUMN_NAME"));
                assertThat(rs.getBoolean("NON_UNIQUE")).isTrue();
            }
        }
        assertThat(names).containsExactly("PRIMARY.1=region", "PRIMARY.2=host", "TIME INDEX.1=ts");
        assertThat(rows(md.getIndexInfo(null, "public", "cpu_load", true, true)))
                .isEmpty();
    }

    @Test
    void getBestRowIdentifier_isTagsAndTimeIndex() throws SQLException {
        assertThat(column(
                        md.getBestRowIdentifier(
                                "greptime", "public", "cpu_load", DatabaseMetaData.bestRowSession, true),
                        "COLUMN_NAME"))
                .containsExactly("host", "region", "ts");
        assertThat(column(md.getBestRowIdentifier(null, "public", "cpuxload", 0, true), "COLUMN_NAME"))
                .containsExactly("ts");
    }

    @Test
    void getTypeInfo_everyGreptimeTypeWithEighteenColumns() throws SQLException {
        ResultSet rs = md.getTypeInfo();
        assertThat(rs.getMetaData().getColumnCount()).isEqualTo(18);
        List<String> names = column(rs, "LOCAL_TYPE_NAME");
        assertThat(names)
                .contains(
                        "Boolean",
                        "Int8",
                        "Int16",
                        "Int32",
                        "Int64",
                        "UInt8",
                        "UInt16",
                        "UInt32",
                        "UInt64",
                        "Float32",
                        "Float64",
                        "Decimal",
                        "String",
                        "Binary",
                        "Date",
                        "TimestampSecond",
                        "TimestampMillisecond",
                        "TimestampMicrosecond",
                        "TimestampNanosecond",
                        "TimeSecond",
                        "TimeMillisecond",
                        "TimeMicrosecond",
                        "TimeNanosecond",
                        "IntervalMonthDayNano",
                        "Json",
                        "Vector");
        List<Integer> types = new ArrayList<>();
        try (ResultSet again = md.getTypeInfo()) {
            while (again.next()) {
                types.add(again.getInt("DATA_TYPE"));
            }
        }
        assertThat(types).isSorted();
    }

    @Test
    void emptyResultsHaveTheirStandardColumns() throws SQLException {
        assertThat(rows(md.getImportedKeys(null, "public", "cpu_load"))).isEmpty();
        assertThat(md.getExportedKeys(null, "public", "cpu_load").getMetaData().getColumnCount())
                .isEqualTo(14);
        assertThat(md.getCrossReference(null, null, "a", null, null, "b")
                        .getMetaData()
                        .getColumnCount())
                .isEqualTo(14);
        assertThat(md.getProcedures(null, null, "%").getMetaData().getColumnCount())
                .isEqualTo(9);
        assertThat(md.getProcedureColumns(null, null, "%", "%").getMetaData().getColumnCount())
                .isEqualTo(20);
        assertThat(md.getFunctions(null, null, "%").getMetaData().getColumnCount())
                .isEqualTo(6);
        assertThat(md.getFunctionColumns(null, null, "%", "%").getMetaData().getColumnCount())
                .isEqualTo(17);
        assertThat(md.getUDTs(null, null, "%", null).getMetaData().getColumnCount())
                .isEqualTo(7);
        assertThat(md.getSuperTypes(null, null, "%").getMetaData().getColumnCount())
                .isEqualTo(6);
        assertThat(md.getSuperTables(null, null, "%").getMetaData().getColumnCount())
                .isEqualTo(4);
        assertThat(md.getAttributes(null, null, "%", "%").getMetaData().getColumnCount())
                .isEqualTo(21);
        assertThat(md.getColumnPrivileges(null, null, "t", "%").getMetaData().getColumnCount())
                .isEqualTo(8);
        assertThat(md.getTablePrivileges(null, null, "%").getMetaData().getColumnCount())
                .isEqualTo(7);
        assertThat(md.getBestRowIdentifier(null, null, "t", 0, true)
                        .getMetaData()
                        .getColumnCount())
                .isEqualTo(8);
        assertThat(md.getVersionColumns(null, null, "t").getMetaData().getColumnCount())
                .isEqualTo(8);
        assertThat(md.getPseudoColumns(null, null, "%", "%").getMetaData().getColumnCount())
                .isEqualTo(12);
        assertThat(md.getClientInfoProperties().getMetaData().getColumnCount()).isEqualTo(4);
    }

    @Test
    void identityAndCapabilities() throws SQLException {
        assertThat(md.getDatabaseProductName()).isEqualTo("GreptimeDB");
        String version;
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT pkg_version FROM information_schema.build_info")) {
            assertThat(rs.next()).isTrue();
            version = rs.getString(1);
        }
        assertThat(md.getDatabaseProductVersion()).isEqualTo(version).isNotBlank();
        assertThat(version).contains(md.getDatabaseMajorVersion() + "." + md.getDatabaseMinorVersion());
        assertThat(md.getConnection()).isSameAs(conn);
        assertThat(md.supportsBatchUpdates()).isTrue();
        assertThat(md.supportsTransactions()).isFalse();
        assertThat(md.getDefaultTransactionIsolation()).isEqualTo(Connection.TRANSACTION_NONE);
        assertThat(md.storesLowerCaseIdentifiers()).isTrue();
        assertThat(md.storesMixedCaseQuotedIdentifiers()).isTrue();
        assertThat(md.getIdentifierQuoteString()).isEqualTo("\"");
        assertThat(md.getSearchStringEscape()).isEqualTo("\\");
        assertThat(md.supportsResultSetType(java.sql.ResultSet.TYPE_SCROLL_INSENSITIVE))
                .isFalse();
    }

    @Test
    void quotedMixedCaseNamesAreFoundAsStored() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("CREATE TABLE \"MixedCase\" (ts TIMESTAMP TIME INDEX, \"Val\" DOUBLE)");
        }
        assertThat(column(md.getTables(null, "public", "MixedCase", null), "TABLE_NAME"))
                .containsExactly("MixedCase");
        assertThat(column(md.getColumns(null, "public", "MixedCase", "Val"), "COLUMN_NAME"))
                .containsExactly("Val");
    }

    @Test
    void commentOn_throughTheDriver_reachesRemarks() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("CREATE TABLE commented (ts TIMESTAMP TIME INDEX, v DOUBLE)");
            assertThat(st.executeUpdate("COMMENT ON TABLE commented IS 'set after CREATE'"))
                    .isZero();
            st.executeUpdate("COMMENT ON COLUMN commented.v IS 'a value'");
        }
        assertThat(column(md.getTables(null, "public", "commented", null), "REMARKS"))
                .containsExactly("set after CREATE");
        assertThat(column(md.getColumns(null, "public", "commented", "v"), "REMARKS"))
                .containsExactly("a value");
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("COMMENT ON COLUMN commented.v IS NULL");
            SQLException e = org.assertj.core.api.Assertions.catchThrowableOfType(
                    SQLException.class, () -> st.executeUpdate("COMMENT ON TABLE not_there IS 'x'"));
            assertThat(e.getMessage()).contains("Table not found: 'greptime.public.not_there'");
            assertThat(e.getSQLState()).isEqualTo("42S02");
        }
        assertThat(column(md.getColumns(null, "public", "commented", "v"), "REMARKS"))
                .allSatisfy(r -> assertThat(r).isNull());
    }
}
