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

    /**
     * Doubles at their edges (NaN, both infinities, the largest, the smallest subnormal, a negative
     * normal minimum), binary holding every byte value, and DECIMAL(38,10) values at full precision come
     * back exactly (doubles bit for bit, NaN as some NaN) on every path and profile.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("profilesAndPaths")
    void edgeDoublesBinaryAndDecimals_roundTripExactly(ServerProfile profile, WritePath path) throws Exception {
        List<Double> doubles = List.of(
                Double.NaN,
                Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY,
                Double.MAX_VALUE,
                -Double.MAX_VALUE,
                Double.MIN_VALUE,
                -Double.MIN_NORMAL,
                0.1,
                1e-300);
        byte[] everyByte = new byte[256];
        for (int i = 0; i < everyByte.length; i++) {
            everyByte[i] = (byte) i;
        }
        List<byte[]> blobs = List.of(everyByte, new byte[] {0}, new byte[] {(byte) 0xFF, 0, (byte) 0x80});
        List<java.math.BigDecimal> decimals = List.of(
                new java.math.BigDecimal("1234567890123456789012345678.0123456789"),
                new java.math.BigDecimal("-1234567890123456789012345678.9999999999"),
                new java.math.BigDecimal("-0.0000000001"),
                new java.math.BigDecimal("0E-10"));
        try (ProfileServer server = new ProfileServer(profile);
                Connection c = server.connect(path.properties)) {
            try (Statement st = c.createStatement()) {
                for (String t : List.of("d DOUBLE", "b VARBINARY", "n DECIMAL(38, 10)")) {
                    String[] nameType = t.split(" ", 2);
                    st.executeUpdate("CREATE TABLE " + nameType[0]
                            + " (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, v " + nameType[1] + ")");
                }
            }
            path.write(c, "d", "k", 0, doubles, PreparedStatement::setDouble);
            path.write(c, "b", "k", 0, blobs, PreparedStatement::setBytes);
            path.write(c, "n", "k", 0, decimals, PreparedStatement::setBigDecimal);
            List<Long> bits = new ArrayList<>();
            List<byte[]> readBlobs = new ArrayList<>();
            List<java.math.BigDecimal> readDecimals = new ArrayList<>();
            try (Statement st = c.createStatement()) {
                try (ResultSet rs = st.executeQuery("SELECT v FROM d ORDER BY ts")) {
                    while (rs.next()) {
                        double v = rs.getDouble(1);
                        bits.add(Double.isNaN(v) ? Double.doubleToLongBits(Double.NaN) : Double.doubleToRawLongBits(v));
                    }
                }
                try (ResultSet rs = st.executeQuery("SELECT v FROM b ORDER BY ts")) {
                    while (rs.next()) {
                        readBlobs.add(rs.getBytes(1));
                    }
                }
                try (ResultSet rs = st.executeQuery("SELECT v FROM n ORDER BY ts")) {
                    while (rs.next()) {
                        readDecimals.add(rs.getBigDecimal(1));
                    }
                }
            }
            assertThat(bits)
                    .containsExactlyElementsOf(
                            doubles.stream().map(Double::doubleToLongBits).toList());
            assertThat(readBlobs).hasSize(blobs.size());
            for (int i = 0; i < blobs.size(); i++) {
                assertThat(readBlobs.get(i)).as("blob %d", i).isEqualTo(blobs.get(i));
            }
            assertThat(readDecimals).hasSize(decimals.size());
            for (int i = 0; i < decimals.size(); i++) {
                assertThat(readDecimals.get(i)).as("decimal %d", i).isEqualByComparingTo(decimals.get(i));
            }
        }
    }

    /**
     * Timestamps near the limits of their unit come back as the same instant: nanoseconds near both ends
     * of the signed 64-bit range (1677 and 2262), a nanosecond before the epoch, and milliseconds on the
     * first and last day of years 1 and 9999. Instants are read back with {@code getObject(Instant)}.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("profilesAndPaths")
    void timestampsNearTheLimitsOfTheirUnit_roundTripExactly(ServerProfile profile, WritePath path) throws Exception {
        List<java.time.Instant> nanos = List.of(
                java.time.Instant.parse("1677-09-22T00:00:00.000000001Z"),
                java.time.Instant.parse("2262-04-11T23:47:16.854775807Z"),
                java.time.Instant.parse("1969-12-31T23:59:59.999999999Z"),
                java.time.Instant.EPOCH);
        List<java.time.Instant> millis = List.of(
                java.time.Instant.parse("0001-01-01T00:00:00.000Z"),
                java.time.Instant.parse("9999-12-31T23:59:59.999Z"),
                java.time.Instant.parse("1969-12-31T23:59:59.999Z"));
        try (ProfileServer server = new ProfileServer(profile);
                Connection c = server.connect(path.properties)) {
            create(c, "TIMESTAMP(9)");
            path.write(c, "t", "k", 0, nanos, (ps, i, v) -> ps.setObject(i, v));
            assertThat(instants(c, "t")).containsExactlyElementsOf(nanos);
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE ms (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, v TIMESTAMP(3))");
            }
            path.write(c, "ms", "k", 0, millis, (ps, i, v) -> ps.setObject(i, v));
            assertThat(instants(c, "ms")).containsExactlyElementsOf(millis);
        }
    }

    /**
     * Timestamps of the second and microsecond units at their limits come back as the same instant: the
     * first and last representable second of years 1 and 9999, the same in microseconds, and one unit
     * before the epoch (the nanosecond and millisecond units are above).
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("profilesAndPaths")
    void secondAndMicrosecondTimestampsAtTheirLimits_roundTripExactly(ServerProfile profile, WritePath path)
            throws Exception {
        List<java.time.Instant> seconds = List.of(
                java.time.Instant.parse("0001-01-01T00:00:00Z"),
                java.time.Instant.parse("9999-12-31T23:59:59Z"),
                java.time.Instant.parse("1969-12-31T23:59:59Z"));
        List<java.time.Instant> micros = List.of(
                java.time.Instant.parse("0001-01-01T00:00:00.000000Z"),
                java.time.Instant.parse("9999-12-31T23:59:59.999999Z"),
                java.time.Instant.parse("1969-12-31T23:59:59.999999Z"));
        try (ProfileServer server = new ProfileServer(profile);
                Connection c = server.connect(path.properties)) {
            create(c, "TIMESTAMP(0)");
            path.write(c, "t", "k", 0, seconds, (ps, i, v) -> ps.setObject(i, v));
            assertThat(instants(c, "t")).containsExactlyElementsOf(seconds);
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE us (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, v TIMESTAMP(6))");
            }
            path.write(c, "us", "k", 0, micros, (ps, i, v) -> ps.setObject(i, v));
            assertThat(instants(c, "us")).containsExactlyElementsOf(micros);
        }
    }

    /**
     * Strings of random code points from every plane (controls and U+0000, the BMP's upper end with its
     * non-characters and the byte order mark, supplementary characters, the empty string) come back
     * exactly on every path and profile. Seeded per case, so a failure names the seed that reproduces it.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("profilesAndPaths")
    void randomStringsOfAnyCodePoints_roundTripExactly(ServerProfile profile, WritePath path) throws Exception {
        long seed = 17L * 31 + profile.ordinal() * 8L + path.ordinal();
        java.util.Random random = new java.util.Random(seed);
        List<String> values = new ArrayList<>();
        values.add("");
        values.add("\u0000\uFEFF\uFFFE\uFFFF\uDBFF\uDFFF");
        for (int i = 0; i < 30; i++) {
            values.add(randomString(random, random.nextInt(24)));
        }
        try (ProfileServer server = new ProfileServer(profile);
                Connection c = server.connect(path.properties)) {
            create(c, "STRING");
            path.write(c, "t", "k", 0, values, PreparedStatement::setString);
            List<String> read = strings(c, "SELECT v FROM t ORDER BY ts");
            assertThat(read).as("seed %d", seed).hasSameSizeAs(values);
            for (int i = 0; i < values.size(); i++) {
                assertThat(read.get(i).codePoints().toArray())
                        .as("string %d of seed %d", i, seed)
                        .containsExactly(values.get(i).codePoints().toArray());
            }
        }
    }

    /** A string of {@code length} code points, each from a range chosen at random; never a lone surrogate. */
    private static String randomString(java.util.Random random, int length) {
        int[][] ranges = {
            {0x00, 0x1F}, {0x20, 0x7E}, {0x7F, 0xFF}, {0x100, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}
        };
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int[] r = ranges[random.nextInt(ranges.length)];
            b.appendCodePoint(r[0] + random.nextInt(r[1] - r[0] + 1));
        }
        return b.toString();
    }

    private static List<java.time.Instant> instants(Connection c, String table) throws SQLException {
        List<java.time.Instant> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT v FROM " + table + " ORDER BY ts")) {
            while (rs.next()) {
                out.add(rs.getObject(1, java.time.Instant.class));
            }
        }
        return out;
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
