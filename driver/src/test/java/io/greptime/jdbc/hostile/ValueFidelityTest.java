package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Values that used to change on the way (#17 item 4): a lone surrogate became {@code '?'} on every write
 * path, {@code -0.0} became {@code 0.0} on the statement path, and a string holding U+0000 was stored but
 * could not be matched by {@code WHERE s = ?}. Every write path, every server profile.
 */
class ValueFidelityTest {
    static Stream<Arguments> profilesAndPaths() {
        List<Arguments> out = new ArrayList<>();
        for (ServerProfile p : ServerProfile.values()) {
            for (WritePath w : WritePath.values()) {
                // on v0.14, whose DoPut is a stub, the DoPut-shaped paths take row inserts: values must survive too
                out.add(Arguments.of(p, w));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("profilesAndPaths")
    void loneSurrogate_isRefusedWith22021_andNothingIsStored(ServerProfile profile, WritePath path) throws Exception {
        try (ProfileServer server = new ProfileServer(profile);
                Connection c = server.connect(path.properties)) {
            create(c, "STRING");
            for (String bad : List.of("a\uD800b", "\uDC00", "tail\uD83D")) {
                assertThatThrownBy(() -> path.write(c, "t", "k", 0, List.of("fine", bad), PreparedStatement::setString))
                        .isInstanceOfSatisfying(SQLException.class, e -> {
                            SQLException first = rootData(e);
                            assertThat(first.getSQLState()).as(e.toString()).isEqualTo("22021");
                            assertThat(e.getMessage()).doesNotContain(bad);
                        });
            }
            // a refused value fails its own bind: the batch sends nothing, a single execute only the rows before
            long stored = count(c, "SELECT count(*) FROM t");
            assertThat(stored).isEqualTo(path == WritePath.SINGLE_EXECUTE ? 1 : 0);
            assertThat(count(c, "SELECT count(*) FROM t WHERE v = '?' OR v LIKE '%?%'"))
                    .isZero();
            String pair = "ok\uD83D\uDE00";
            path.write(c, "t", "k", 100, List.of(pair), PreparedStatement::setString);
            assertThat(strings(c, "SELECT v FROM t ORDER BY ts DESC LIMIT 1")).containsExactly(pair);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("profilesAndPaths")
    void negativeZero_staysNegative(ServerProfile profile, WritePath path) throws Exception {
        try (ProfileServer server = new ProfileServer(profile);
                Connection c = server.connect(path.properties)) {
            create(c, "DOUBLE");
            path.write(c, "t", "k", 0, List.of(-0.0, 0.0), PreparedStatement::setDouble);
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT v FROM t ORDER BY ts")) {
                assertThat(rs.next()).isTrue();
                assertThat(Double.doubleToRawLongBits(rs.getDouble(1)))
                        .as("-0.0 read back")
                        .isEqualTo(Double.doubleToRawLongBits(-0.0));
                assertThat(rs.next()).isTrue();
                assertThat(Double.doubleToRawLongBits(rs.getDouble(1))).isZero();
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("profilesAndPaths")
    void nulInAString_isStored_andMatchedByABoundParameter(ServerProfile profile, WritePath path) throws Exception {
        String withNul = "x\u0000y";
        try (ProfileServer server = new ProfileServer(profile);
                Connection c = server.connect(path.properties)) {
            create(c, "STRING");
            path.write(c, "t", "k", 0, List.of(withNul, "xy"), PreparedStatement::setString);
            try (PreparedStatement ps = c.prepareStatement("SELECT v FROM t WHERE v = ?")) {
                ps.setString(1, withNul);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo(withNul);
                    assertThat(rs.next()).isFalse();
                }
            }
        }
    }

    static void create(Connection c, String valueType) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE t (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, v " + valueType + ")");
        }
    }

    static long count(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static List<String> strings(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** The data exception behind a batch failure (BatchUpdateException chains the row's own error). */
    private static SQLException rootData(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLDataException d) {
                return d;
            }
        }
        for (SQLException n = e; n != null; n = n.getNextException()) {
            if (n instanceof SQLDataException d) {
                return d;
            }
        }
        return e;
    }
}
