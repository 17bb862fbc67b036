package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.arrow.jsonb.Jsonb;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.arrow.vector.VarBinaryVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * executeBatch into a table with a JSON column takes DoPut: GreptimeDB's DoPut path stores a JSON
 * column's Binary bytes as they arrive, so the driver sends JSONB, and refuses text that is not JSON.
 */
// v0.14 has no real DoPut (its stub answers byte counts, so the write route sends row inserts there): the DoPut
// tests here leave that profile out; WriteRoutesTest and ValueFidelityTest cover it.
class JsonDoPutTest {
    private static final Instant T0 = Instant.parse("2024-05-01T00:00:00Z");
    private static final String INSERT = "INSERT INTO events (ts, source, doc) VALUES (?, ?, ?)";
    private BulkFixture fixture;

    private Connection open(ServerProfile profile) throws SQLException {
        fixture = new BulkFixture(profile);
        Connection c = fixture.connect("bulkCompression=none");
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE events (ts TIMESTAMP(3) TIME INDEX, `source` STRING PRIMARY KEY, doc JSON)");
        }
        return c;
    }

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void jsonColumn_goesAsJsonbOverDoPut_andReadsBackAsText(ServerProfile profile) throws Exception {
        List<byte[]> sent = new CopyOnWriteArrayList<>();
        try (Connection c = open(profile);
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            fixture.engine.onPut = batch -> {
                VarBinaryVector doc = (VarBinaryVector) batch.getVector("doc");
                for (int r = 0; r < batch.getRowCount(); r++) {
                    sent.add(doc.isNull(r) ? null : doc.get(r));
                }
            };
            String[] docs = {
                "{\"b\": 1, \"a\": [true, null, \"x\"]}", "[1.5, -2, {\"k\": \"v\"}]", "\"text\"", "42", null,
            };
            for (int i = 0; i < docs.length; i++) {
                ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(i)));
                ps.setString(2, "s" + i);
                if (docs[i] == null) {
                    ps.setNull(3, Types.OTHER);
                } else {
                    ps.setString(3, docs[i]);
                }
                ps.addBatch();
            }
            assertThat(ps.executeBatch()).containsExactly(1, 1, 1, 1, 1);
            assertThat(stats(c).doPutRows()).isEqualTo(5);
            assertThat(stats(c).statementBatches()).isZero();

            // what went on the wire is JSONB, not the text: GreptimeDB would store text bytes as they are
            assertThat(sent).hasSize(5);
            assertThat(sent.get(0)[0]).as("object container header").isEqualTo((byte) 0x40);
            assertThat(sent.get(1)[0]).as("array container header").isEqualTo((byte) 0x80);
            assertThat(sent.get(2)[0]).as("scalar container header").isEqualTo((byte) 0x20);
            assertThat(new String(sent.get(3), StandardCharsets.ISO_8859_1)).isNotEqualTo("42");
            assertThat(sent.get(4)).isNull();
            assertThat(Jsonb.decode(sent.get(0))).isEqualTo("{\"a\":[true,null,\"x\"],\"b\":1}");

            List<String> read = new ArrayList<>();
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT doc FROM events ORDER BY ts")) {
                while (rs.next()) {
                    read.add(rs.getString(1));
                }
            }
            assertThat(read)
                    .containsExactly(
                            "{\"a\":[true,null,\"x\"],\"b\":1}", "[1.5,-2,{\"k\":\"v\"}]", "\"text\"", "42", null);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ServerProfile.class, names = "V0_14", mode = EnumSource.Mode.EXCLUDE)
    void textThatIsNotJson_isRefusedAtTheSetter_andNothingIsSent(ServerProfile profile) throws Exception {
        try (Connection c = open(profile);
                PreparedStatement ps = c.prepareStatement(INSERT)) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "ok");
            ps.setString(3, "{\"fine\": true}");
            ps.addBatch();
            ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(1)));
            ps.setString(2, "bad");
            assertThatThrownBy(() -> ps.setString(3, "{secret: 1"))
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> {
                        SQLException s = (SQLException) e;
                        assertThat(s.getSQLState()).isEqualTo("22032");
                        assertThat(s.getMessage())
                                .contains("Row 2", "doc", "offset 1")
                                .doesNotContain("secret");
                    });
            ps.setString(3, "{\"fixed\": 1}");
            ps.addBatch();
            assertThat(ps.executeBatch()).containsExactly(1, 1);
            assertThat(BulkFixture.count(c, "events")).isEqualTo(2);
            assertThat(stats(c).doPutRows()).isEqualTo(2);
        }
    }
}
