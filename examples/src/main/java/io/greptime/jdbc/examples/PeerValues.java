package io.greptime.jdbc.examples;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.HexFormat;

/**
 * Reads one value of a peer's table through greptime-jdbc and renders it in the peer's canonical text
 * (see {@code peers/python/peer.py}), using the getter a JDBC application would use for the column's
 * GreptimeDB type, so that "equal text" means "the value the peer sent came back exactly".
 */
final class PeerValues {
    static final String NULL = "\\N";

    private PeerValues() {}

    /** The canonical text of column {@code i} (1-based) of the current row, for a peer type name. */
    static String read(ResultSet rs, int i, String type) throws SQLException {
        String text = render(rs, i, type);
        return rs.wasNull() ? NULL : text;
    }

    private static String render(ResultSet rs, int i, String type) throws SQLException {
        switch (type) {
            case "BOOLEAN":
                return Boolean.toString(rs.getBoolean(i));
            case "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32":
                return Long.toString(rs.getLong(i));
            case "UINT64":
                BigInteger u = rs.getObject(i, BigInteger.class);
                return u == null ? NULL : u.toString();
            case "FLOAT32":
                return Float.toString(rs.getFloat(i));
            case "FLOAT64":
                return Double.toString(rs.getDouble(i));
            case "STRING":
                String s = rs.getString(i);
                return s == null ? NULL : "s:" + HexFormat.of().formatHex(s.getBytes(StandardCharsets.UTF_8));
            case "BINARY":
                byte[] b = rs.getBytes(i);
                return b == null ? NULL : "x:" + HexFormat.of().formatHex(b);
            case "DATE":
                LocalDate d = rs.getObject(i, LocalDate.class);
                return d == null ? NULL : Long.toString(d.toEpochDay());
            case "DECIMAL128":
                BigDecimal dec = rs.getBigDecimal(i);
                return dec == null ? NULL : dec.toPlainString();
            case "JSON":
                String json = rs.getString(i);
                return json == null ? NULL : compact(json);
            default:
                return temporal(rs, i, type);
        }
    }

    private static String temporal(ResultSet rs, int i, String type) throws SQLException {
        if (type.startsWith("TIMESTAMP_")) {
            Instant t = rs.getObject(i, Instant.class);
            return t == null ? NULL : Long.toString(inUnit(t, type.substring("TIMESTAMP_".length())));
        }
        if (type.startsWith("TIME_")) {
            LocalTime t = rs.getObject(i, LocalTime.class);
            return t == null ? NULL : Long.toString(t.toNanoOfDay() / nanosPer(type.substring("TIME_".length())));
        }
        throw new IllegalArgumentException("peer type " + type + " is not known to PeerCheck");
    }

    private static long inUnit(Instant t, String unit) {
        long per = nanosPer(unit);
        return Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L / per) + t.getNano() / per;
    }

    private static long nanosPer(String unit) {
        return switch (unit) {
            case "SECOND" -> 1_000_000_000L;
            case "MILLISECOND" -> 1_000_000L;
            case "MICROSECOND" -> 1_000L;
            case "NANOSECOND" -> 1L;
            default -> throw new IllegalArgumentException("unknown time unit " + unit);
        };
    }

    /** Whether the peer's expected text and the text read back mean the same value of the type. */
    static boolean same(String expected, String actual, String type) {
        if (expected.equals(actual) || expected.equals(NULL) || actual.equals(NULL)) {
            return expected.equals(actual);
        }
        // Floats: the peer prints Python's shortest repr ("1e-05", "-0.0"), Java its own; compare the bits.
        return switch (type) {
            case "FLOAT32" ->
                Float.floatToRawIntBits(Float.parseFloat(expected))
                        == Float.floatToRawIntBits(Float.parseFloat(actual));
            case "FLOAT64" ->
                Double.doubleToRawLongBits(Double.parseDouble(expected))
                        == Double.doubleToRawLongBits(Double.parseDouble(actual));
            default -> false;
        };
    }

    /**
     * A difference the embedded server is known to have (docs/peers.md), reported but not failed: it keeps
     * TIME columns in DuckDB's microsecond TIME, so a TIME(ns) value loses its last three digits.
     */
    static boolean knownDifference(String expected, String actual, String type) {
        if (!type.equals("TIME_NANOSECOND") || expected.equals(NULL) || actual.equals(NULL)) {
            return false;
        }
        try {
            long sent = Long.parseLong(expected);
            return Long.parseLong(actual) == sent - Math.floorMod(sent, 1000L);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A readable form of a canonical value for a mismatch report (hex strings decoded). */
    static String show(String canonical) {
        if (canonical.startsWith("s:")) {
            return '"' + new String(HexFormat.of().parseHex(canonical.substring(2)), StandardCharsets.UTF_8) + '"';
        }
        return canonical.length() > 80 ? canonical.substring(0, 77) + "..." : canonical;
    }

    /** JSON text without whitespace outside strings (GreptimeDB prints JSONB compactly). */
    static String compact(String json) {
        StringBuilder out = new StringBuilder(json.length());
        boolean inString = false;
        for (int k = 0; k < json.length(); k++) {
            char c = json.charAt(k);
            if (inString) {
                out.append(c);
                if (c == '\\' && k + 1 < json.length()) {
                    out.append(json.charAt(++k));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
                out.append(c);
            } else if (!Character.isWhitespace(c)) {
                out.append(c);
            }
        }
        return out.toString();
    }
}
