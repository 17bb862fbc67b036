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

/**
 * What generic tools read from metadata: type names they can map (jOOQ, BI tools), a view's columns
 * (SchemaCrawler builds {@code SELECT col, ... FROM view} from them) and the table a result column comes
 * from. Against the embedded server.
 */
class ToolMetadataTest {
    private static DuckDbFixture fixture;

    @BeforeAll
    static void start() throws SQLException {
        fixture = new DuckDbFixture();
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE tm_cpu (host STRING, dc STRING, ts TIMESTAMP(3) TIME INDEX, `usage` DOUBLE,"
                    + " n BIGINT, small TINYINT UNSIGNED, ok BOOLEAN, PRIMARY KEY (host, dc))");
            st.execute("CREATE VIEW tm_cpu_v AS SELECT host, usage, ts FROM tm_cpu WHERE usage > 0.5");
        }
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static List<String> columns(ResultSet rs, String... labels) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (String l : labels) {
                    row.append(row.length() == 0 ? "" : ":").append(rs.getString(l));
                }
                out.add(row.toString());
            }
        }
        return out;
    }

    @Test
    void getColumns_typeNamesAreStandardSqlWords() throws SQLException {
        try (Connection c = fixture.connect()) {
            assertThat(columns(
                            c.getMetaData().getColumns(null, "public", "tm_cpu", null),
                            "COLUMN_NAME",
                            "TYPE_NAME",
                            "DATA_TYPE"))
                    .containsExactly(
                            "host:VARCHAR:" + Types.VARCHAR,
                            "dc:VARCHAR:" + Types.VARCHAR,
                            "ts:TIMESTAMP:" + Types.TIMESTAMP,
                            "usage:DOUBLE:" + Types.DOUBLE,
                            "n:BIGINT:" + Types.BIGINT,
                            "small:TINYINT UNSIGNED:" + Types.SMALLINT,
                            "ok:BOOLEAN:" + Types.BOOLEAN);
        }
    }

    @Test
    void getTypeInfo_keepsGreptimeDbsOwnNameAsLocalTypeName() throws SQLException {
        try (Connection c = fixture.connect()) {
            List<String> rows = columns(c.getMetaData().getTypeInfo(), "TYPE_NAME", "LOCAL_TYPE_NAME");
            assertThat(rows)
                    .contains(
                            "TIMESTAMP:TimestampMillisecond",
                            "VARCHAR:String",
                            "DOUBLE:Float64",
                            "BIGINT UNSIGNED:UInt64",
                            "DECIMAL:Decimal",
                            "JSON:Json");
        }
    }

    @Test
    void getColumns_ofAView_comeFromItsResultSchema() throws SQLException {
        try (Connection c = fixture.connect()) {
            DatabaseMetaData md = c.getMetaData();
            assertThat(columns(
                            md.getColumns(null, "public", "tm_cpu_v", null),
                            "TABLE_NAME",
                            "COLUMN_NAME",
                            "TYPE_NAME",
                            "ORDINAL_POSITION"))
                    .containsExactly("tm_cpu_v:host:VARCHAR:1", "tm_cpu_v:usage:DOUBLE:2", "tm_cpu_v:ts:TIMESTAMP:3");
            assertThat(columns(md.getColumns(null, "public", "tm_cpu_v", "u%"), "COLUMN_NAME"))
                    .containsExactly("usage");
            // a pattern over tables and views: the table's columns once, the view's once
            assertThat(columns(md.getColumns(null, "public", "tm%", "host"), "TABLE_NAME"))
                    .containsExactly("tm_cpu", "tm_cpu_v");
        }
    }

    @Test
    void resultSetMetaData_namesTheOneTableARead() throws SQLException {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT host, usage AS u, count(*) FROM tm_cpu GROUP BY host, usage")) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getTableName(1)).isEqualTo("tm_cpu");
                assertThat(md.getSchemaName(1)).isEqualTo("public");
                assertThat(md.getTableName(2)).isEqualTo("tm_cpu");
                assertThat(md.getTableName(3)).isEmpty();
                assertThat(md.getSchemaName(3)).isEmpty();
                assertThat(md.getColumnTypeName(1)).isEqualTo("VARCHAR");
            }
            try (ResultSet rs = st.executeQuery("SELECT * FROM public.tm_cpu")) {
                ResultSetMetaData md = rs.getMetaData();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    assertThat(md.getTableName(i)).isEqualTo("tm_cpu");
                }
            }
            try (ResultSet rs = st.executeQuery("SELECT 1 AS one")) {
                assertThat(rs.getMetaData().getTableName(1)).isEmpty();
            }
        }
    }
}
