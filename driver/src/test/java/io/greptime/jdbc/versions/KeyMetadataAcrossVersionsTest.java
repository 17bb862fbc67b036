package io.greptime.jdbc.versions;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * getPrimaryKeys, getIndexInfo and getBestRowIdentifier on every line (audit C2): up to v1.0 key_column_usage
 * joins a column's constraints ({@code PRIMARY, INVERTED INDEX}) and numbers rows by column position, from v1.1
 * it has one row per constraint in key order. The driver answers the same on both.
 */
class KeyMetadataAcrossVersionsTest {
    private static ProfileServers servers;

    @BeforeAll
    static void start() {
        servers = new ProfileServers();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        servers.close();
    }

    /** Tags declared host, region but keyed (region, host); an inverted index on a tag, a skipping index on a field. */
    private static Connection withTable(ServerProfile profile) throws SQLException {
        Connection c = servers.connect(profile, "");
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE IF NOT EXISTS load (host STRING INVERTED INDEX, `region` STRING,"
                    + " ts TIMESTAMP TIME INDEX, `usage` DOUBLE SKIPPING INDEX, PRIMARY KEY (region, host))");
        }
        return c;
    }

    private static List<String> rows(ResultSet rs, String... labels) throws SQLException {
        List<String> out = new ArrayList<>();
        try (rs) {
            while (rs.next()) {
                StringBuilder sb = new StringBuilder();
                for (String l : labels) {
                    sb.append(sb.length() == 0 ? "" : "|").append(rs.getString(l));
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void primaryKeys_areEveryTagInKeyOrder(ServerProfile profile) throws SQLException {
        try (Connection c = withTable(profile)) {
            DatabaseMetaData md = c.getMetaData();
            assertThat(rows(md.getPrimaryKeys(null, "public", "load"), "COLUMN_NAME", "KEY_SEQ", "PK_NAME"))
                    .containsExactly("host|2|PRIMARY", "region|1|PRIMARY");
        }
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void bestRowIdentifier_isTagsAndTimeIndex_notIndexedFields(ServerProfile profile) throws SQLException {
        try (Connection c = withTable(profile)) {
            DatabaseMetaData md = c.getMetaData();
            assertThat(rows(
                            md.getBestRowIdentifier(null, "public", "load", DatabaseMetaData.bestRowSession, true),
                            "COLUMN_NAME"))
                    .containsExactlyInAnyOrder("host", "region", "ts");
        }
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void indexInfo_namesOneConstraintPerRow(ServerProfile profile) throws SQLException {
        try (Connection c = withTable(profile)) {
            DatabaseMetaData md = c.getMetaData();
            List<String> rows = rows(
                    md.getIndexInfo(null, "public", "load", false, true),
                    "INDEX_NAME",
                    "COLUMN_NAME",
                    "ORDINAL_POSITION");
            assertThat(rows).contains("PRIMARY|region|1", "PRIMARY|host|2", "TIME INDEX|ts|1");
            assertThat(rows).allSatisfy(r -> assertThat(r).doesNotContain(","));
        }
    }

    /**
     * The secondary indexes show on every line (audit D5): up to v1.0 through key_column_usage, from v1.1 (which
     * lists only the time index and the key there) through information_schema.statistics.
     */
    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void indexInfo_listsSecondaryIndexesOnEveryLine(ServerProfile profile) throws SQLException {
        try (Connection c = withTable(profile)) {
            List<String> rows = rows(
                    c.getMetaData().getIndexInfo(null, "public", "load", false, true),
                    "INDEX_NAME",
                    "COLUMN_NAME",
                    "ORDINAL_POSITION",
                    "NON_UNIQUE");
            assertThat(rows).anySatisfy(r -> assertThat(r).matches("INVERTED[ _]INDEX[^|]*\\|host\\|1\\|true"));
            assertThat(rows).anySatisfy(r -> assertThat(r).matches("SKIPPING[ _]INDEX[^|]*\\|usage\\|1\\|true"));
            assertThat(rows).noneSatisfy(r -> assertThat(r).contains("INDEX|region"));
            assertThat(c.getMetaData()
                            .getIndexInfo(null, "public", "load", true, true)
                            .next())
                    .isFalse();
        }
    }
}
