package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.bulk.BulkFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.tck.server.ServerProfile;
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
import org.junit.jupiter.api.Test;

/**
 * executeBatch into a VECTOR(n) column takes DoPut: the driver packs n float32 values little-endian,
 * which is what GreptimeDB's DoPut path stores, from text, a float[] or packed bytes.
 */
class VectorDoPutTest {
    private static final Instant T0 = Instant.parse("2024-05-01T00:00:00Z");
    private static final String INSERT = "INSERT INTO emb (ts, id, v) VALUES (?, ?, ?)";
    private BulkFixture fixture;
    private Connection conn;

    private void open() throws SQLException {
        open("bulkCompression=none");
    }

    private void open(String query) throws SQLException {
        fixture = new BulkFixture(ServerProfile.V1_2);
        conn = fixture.connect(query);
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("CREATE TABLE emb (ts TIMESTAMP(3) TIME INDEX, `id` STRING PRIMARY KEY, v VECTOR(3))");
        }
    }

    @AfterEach
    void stop() throws SQLException {
        if (conn != null) {
            conn.close();
        }
        BulkFixture.closeChecked(fixture);
    }

    @Test
    void textFloatsAndPackedBytes_goAsPackedFloat32_andReadBack() throws Exception {
        open();
        List<byte[]> sent = new CopyOnWriteArrayList<>();
        fixture.engine.onPut = batch -> {
            VarBinaryVector v = (VarBinaryVector) batch.getVector("v");
            for (int r = 0; r < batch.getRowCount(); r++) {
                sent.add(v.isNull(r) ? null : v.get(r));
            }
        };
        // 1.5f, -2f, 300f as IEEE 754 float32, little-endian: 0x3FC00000, 0xC0000000, 0x43960000
        byte[] packed = {0, 0, (byte) 0xC0, 0x3F, 0, 0, 0, (byte) 0xC0, 0, 0, (byte) 0x96, 0x43};
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            row(ps, 0, () -> ps.setString(3, " [1.5, -2, 3e2] "));
            row(ps, 1, () -> ps.setObject(3, new float[] {1.5f, -2f, 300f}));
            row(ps, 2, () -> ps.setBytes(3, packed));
            row(ps, 3, () -> ps.setNull(3, Types.OTHER));
            assertThat(ps.executeBatch()).containsExactly(1, 1, 1, 1);
        }
        assertThat(stats(conn).doPutRows()).isEqualTo(4);
        assertThat(stats(conn).statementBatches()).isZero();
        assertThat(sent).hasSize(4);
        assertThat(sent.get(0)).isEqualTo(packed);
        assertThat(sent.get(1)).isEqualTo(packed);
        assertThat(sent.get(2)).isEqualTo(packed);
        assertThat(sent.get(3)).isNull();

        List<Object> read = new ArrayList<>();
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT v FROM emb ORDER BY ts")) {
            while (rs.next()) {
                read.add(rs.getString(1));
            }
        }
        assertThat(read).containsExactly("[1.5,-2,300]", "[1.5,-2,300]", "[1.5,-2,300]", null);
    }

    /** A small batch on the row path (bulkRowPathBelow) carries VECTOR values as packed binary_value. */
    @Test
    void smallBatchOnTheRowPath_carriesVectors() throws Exception {
        open("bulkRowPathBelow=100");
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            row(ps, 0, () -> ps.setString(3, "[1.5, -2, 300]"));
            row(ps, 1, () -> ps.setNull(3, Types.OTHER));
            assertThat(ps.executeBatch()).containsExactly(1, 1);
        }
        assertThat(stats(conn).rowInsertRows()).isEqualTo(2);
        assertThat(stats(conn).doPutRows()).isZero();
        List<String> read = new ArrayList<>();
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT v FROM emb ORDER BY ts")) {
            while (rs.next()) {
                read.add(rs.getString(1));
            }
        }
        assertThat(read).containsExactly("[1.5,-2,300]", null);
    }

    @Test
    void wrongDimensionOrText_isRefusedAtTheSetter() throws Exception {
        open();
        try (PreparedStatement ps = conn.prepareStatement(INSERT)) {
            ps.setTimestamp(1, Timestamp.from(T0));
            ps.setString(2, "a");
            assertRefused(() -> ps.setString(3, "[1, 2]"), "2 values");
            assertRefused(() -> ps.setString(3, "[1, two, 3]"), "not a valid Vector(3)");
            assertRefused(() -> ps.setString(3, "1, 2, 3"), "not a valid Vector(3)");
            assertRefused(() -> ps.setObject(3, new float[4]), "4 values");
            assertRefused(() -> ps.setBytes(3, new byte[8]), "8 bytes");
            ps.setString(3, "[0, 0, 1]");
            ps.addBatch();
            assertThat(ps.executeBatch()).containsExactly(1);
        }
        assertThat(BulkFixture.count(conn, "emb")).isEqualTo(1);
    }

    /** One setter call that may fail. */
    private interface Setter {
        void run() throws SQLException;
    }

    private static void row(PreparedStatement ps, int i, Setter setVector) throws SQLException {
        ps.setTimestamp(1, Timestamp.from(T0.plusSeconds(i)));
        ps.setString(2, "id" + i);
        setVector.run();
        ps.addBatch();
    }

    private static void assertRefused(Setter set, String reason) {
        assertThatThrownBy(set::run)
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("'v'")
                .hasMessageContaining(reason)
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("22018");
    }
}
