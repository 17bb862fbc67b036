package io.greptime.jdbc.live;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Calendar;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.TimeZone;

/**
 * One driver's side of {@link CorrectnessTable}, in a JVM whose default zone the parent sets
 * ({@code -Duser.timezone}): {@code CorrectnessClient <url> <table>}. Each case writes one row (key = the case's
 * name) through this driver's setters and reads the column back through its getters, printing
 * {@code CASE name | read back} or {@code CASE name | ERROR message}.
 */
public final class CorrectnessClient {
    private CorrectnessClient() {}

    /** A case: the column, how it is written, how it is read. */
    record Case(String name, String column, Writer writer, Reader reader) {}

    interface Writer {
        void bind(PreparedStatement ps, int index) throws SQLException;
    }

    interface Reader {
        String read(ResultSet rs) throws SQLException;
    }

    static final Instant AT = Instant.parse("2024-05-06T07:08:09.123Z");

    static final List<Case> CASES = List.of(
            new Case(
                    "setTimestamp(Timestamp of 07:08:09.123Z)",
                    "t3",
                    (ps, i) -> ps.setTimestamp(i, Timestamp.from(AT)),
                    rs -> rs.getTimestamp(1).toInstant().toString()),
            new Case(
                    "setObject(LocalDateTime 03:08:09.123), naive in the JVM/session zone",
                    "t3",
                    (ps, i) -> ps.setObject(i, LocalDateTime.of(2024, 5, 6, 3, 8, 9, 123_000_000)),
                    rs -> rs.getObject(1, LocalDateTime.class).toString()),
            new Case(
                    "setTimestamp(Timestamp.valueOf(\"2024-05-06 07:08:09.123\"), UTC Calendar)",
                    "t3",
                    (ps, i) -> ps.setTimestamp(
                            i, Timestamp.valueOf("2024-05-06 07:08:09.123"), Calendar.getInstance(utc())),
                    rs -> rs.getTimestamp(1, Calendar.getInstance(utc())).toString()),
            new Case(
                    "DST: setObject(LocalDateTime 2024-11-03T01:30), the repeated hour",
                    "t3",
                    (ps, i) -> ps.setObject(i, LocalDateTime.of(2024, 11, 3, 1, 30)),
                    rs -> rs.getObject(1, LocalDateTime.class).toString()),
            new Case(
                    "DST: setObject(LocalDateTime 2024-03-10T02:30), the skipped hour",
                    "t3",
                    (ps, i) -> ps.setObject(i, LocalDateTime.of(2024, 3, 10, 2, 30)),
                    rs -> rs.getObject(1, LocalDateTime.class).toString()),
            new Case(
                    "nanoseconds: setTimestamp(.123456789) into TIMESTAMP(9)",
                    "t9",
                    (ps, i) -> {
                        Timestamp t = Timestamp.from(AT);
                        t.setNanos(123_456_789);
                        ps.setTimestamp(i, t);
                    },
                    rs -> rs.getTimestamp(1).toInstant().toString()),
            new Case(
                    "BIGINT UNSIGNED 18446744073709551615 (setObject BigInteger)",
                    "u64",
                    (ps, i) -> ps.setObject(i, new BigInteger("18446744073709551615")),
                    rs -> rs.getString(1)),
            new Case(
                    "DECIMAL(20,6) -12345678901234.123456",
                    "amt",
                    (ps, i) -> ps.setBigDecimal(i, new BigDecimal("-12345678901234.123456")),
                    rs -> rs.getBigDecimal(1).toPlainString()),
            new Case(
                    "JSON {\"a\":1,\"b\":[true,null]} (setString)",
                    "j",
                    (ps, i) -> ps.setString(i, "{\"a\":1,\"b\":[true,null]}"),
                    rs -> rs.getString(1)),
            new Case(
                    "VARBINARY 00 ff 7f (setBytes)",
                    "bin",
                    (ps, i) -> ps.setBytes(i, new byte[] {0, (byte) 0xFF, 0x7F}),
                    rs -> HexFormat.of().formatHex(rs.getBytes(1))),
            new Case(
                    "non-ASCII text 'héllo, 世界 😀' (setString)",
                    "s",
                    (ps, i) -> ps.setString(i, "héllo, 世界 😀"),
                    rs -> rs.getString(1)));

    static TimeZone utc() {
        return TimeZone.getTimeZone("UTC");
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String table = args[1];
        Properties props = new Properties();
        if (!url.startsWith("jdbc:greptime:")) {
            props.setProperty("user", "greptime");
            props.setProperty("password", "");
        }
        try (Connection c = DriverManager.getConnection(url, props)) {
            for (Case k : CASES) {
                System.out.println("CASE " + k.name() + " | " + run(c, table, k));
            }
        }
    }

    private static String run(Connection c, String table, Case k) {
        try {
            try (PreparedStatement ps =
                    c.prepareStatement("INSERT INTO " + table + " (k, " + k.column() + ") VALUES (?, ?)")) {
                ps.setString(1, k.name());
                k.writer().bind(ps, 2);
                ps.executeUpdate();
            }
            try (PreparedStatement ps =
                    c.prepareStatement("SELECT " + k.column() + " FROM " + table + " WHERE k = ?")) {
                ps.setString(1, k.name());
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? k.reader().read(rs) : "ERROR no row";
                }
            }
        } catch (SQLException | RuntimeException e) {
            return "ERROR " + String.valueOf(e.getMessage()).replace('\n', ' ');
        }
    }
}
