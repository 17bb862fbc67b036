package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.functions.H3Functions;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * GreptimeDB's {@code s2_*} scalar functions ({@code src/common/function/src/scalars/geo/s2.rs}, over the
 * Rust {@code s2} crate 0.0.12, a port of Google's S2 geometry). The cell of a point follows that crate
 * step by step, in the same floating-point operations: degrees times {@code PI / 180}, the unit vector,
 * the cube face of its largest component, the face's (u, v), the quadratic (s, t) projection, the leaf
 * (i, j) and the Hilbert curve position through the 4-bit lookup table. A cell argument is an Int64 (its
 * 64 bits) or a UInt64; a level is an integer in 0..30.
 *
 * <p>Arguments reach Java as text tagged with their DuckDB type ({@code TYPE:text}), or {@code NULL}: a
 * NULL cell gives NULL, but the level is still checked, as s2.rs checks it before it looks at the cell.
 */
final class S2Functions {
    private S2Functions() {}

    private static final int MAX_LEVEL = 30;
    private static final int POS_BITS = 2 * MAX_LEVEL + 1;
    private static final int MAX_SIZE = 1 << MAX_LEVEL;
    private static final int LOOKUP_BITS = 4;
    private static final int SWAP_MASK = 1;
    private static final int INVERT_MASK = 2;
    /** For each orientation, the (i, j) quadrant of each Hilbert position, as (i << 1) | j. */
    private static final int[][] POS_TO_IJ = {{0, 1, 3, 2}, {0, 2, 3, 1}, {3, 2, 0, 1}, {3, 1, 0, 2}};

    private static final int[] POS_TO_ORIENTATION = {SWAP_MASK, 0, 0, INVERT_MASK | SWAP_MASK};
    /** (i, j, orientation) of a 4-bit block to (position, orientation), as the crate's LOOKUP_POS. */
    private static final int[] LOOKUP_POS = new int[1 << (2 * LOOKUP_BITS + 2)];

    static {
        for (int orientation = 0; orientation < 4; orientation++) {
            fill(0, 0, 0, orientation, 0, orientation);
        }
    }

    private static void fill(int level, int i, int j, int origin, int pos, int orientation) {
        if (level == LOOKUP_BITS) {
            int ij = (i << LOOKUP_BITS) + j;
            LOOKUP_POS[(ij << 2) + origin] = (pos << 2) + orientation;
            return;
        }
        int[] quadrants = POS_TO_IJ[orientation];
        for (int k = 0; k < 4; k++) {
            fill(
                    level + 1,
                    (i << 1) + (quadrants[k] >> 1),
                    (j << 1) + (quadrants[k] & 1),
                    origin,
                    (pos << 2) + k,
                    orientation ^ POS_TO_ORIENTATION[k]);
        }
    }

    // ---- the cell system

    /** The leaf cell of a point given in degrees ({@code CellID::from(LatLng::from_degrees(lat, lng))}). */
    static long leafCell(double latDegrees, double lngDegrees) {
        double phi = latDegrees * (Math.PI / 180.0);
        double theta = lngDegrees * (Math.PI / 180.0);
        double cosPhi = Math.cos(phi);
        double x = Math.cos(theta) * cosPhi;
        double y = Math.sin(theta) * cosPhi;
        double z = Math.sin(phi);
        int face = face(x, y, z);
        double u;
        double v;
        switch (face) {
            case 0 -> {
                u = y / x;
                v = z / x;
            }
            case 1 -> {
                u = -x / y;
                v = z / y;
            }
            case 2 -> {
                u = -x / z;
                v = -y / z;
            }
            case 3 -> {
                u = z / x;
                v = y / x;
            }
            case 4 -> {
                u = z / y;
                v = -x / y;
            }
            default -> {
                u = -y / z;
                v = -x / z;
            }
        }
        return fromFaceIj(face, stToIj(uvToSt(u)), stToIj(uvToSt(v)));
    }

    private static int face(double x, double y, double z) {
        int id = 0;
        double value = x;
        if (Math.abs(y) > Math.abs(x)) {
            id = 1;
            value = y;
        }
        if (Math.abs(z) > Math.abs(value)) {
            id = 2;
            value = z;
        }
        return value < 0 ? id + 3 : id;
    }

    private static double uvToSt(double u) {
        return u >= 0 ? 0.5 * Math.sqrt(1 + 3 * u) : 1 - 0.5 * Math.sqrt(1 - 3 * u);
    }

    /** {@code clamp(floor(MAX_SIZE * s) as i32, 0, MAX_SIZE - 1)}; Rust's float-to-int cast saturates. */
    private static int stToIj(double s) {
        double f = Math.floor(MAX_SIZE * s);
        int i = Double.isNaN(f) ? 0 : (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, f));
        return Math.max(0, Math.min(MAX_SIZE - 1, i));
    }

    private static long fromFaceIj(int face, int i, int j) {
        long n = ((long) face) << (POS_BITS - 1);
        int bits = face & SWAP_MASK;
        int mask = (1 << LOOKUP_BITS) - 1;
        for (int k = 7; k >= 0; k--) {
            bits += ((i >> (k * LOOKUP_BITS)) & mask) << (LOOKUP_BITS + 2);
            bits += ((j >> (k * LOOKUP_BITS)) & mask) << 2;
            bits = LOOKUP_POS[bits];
            n |= ((long) (bits >> 2)) << (k * 2 * LOOKUP_BITS);
            bits &= SWAP_MASK | INVERT_MASK;
        }
        return n * 2 + 1;
    }

    /**
     * {@code 30 - trailing_zeros / 2} in u64 arithmetic: the invalid cell 0 (64 trailing zeros) wraps, as a
     * release build of GreptimeDB computes it.
     */
    static BigInteger level(long cell) {
        long level = MAX_LEVEL - (Long.numberOfTrailingZeros(cell) >> 1);
        return new BigInteger(Long.toUnsignedString(level));
    }

    /** The id in 16 hex digits without its trailing zeros; {@code X} for 0. */
    static String token(long cell) {
        if (cell == 0) {
            return "X";
        }
        String hex = String.format("%016x", cell);
        int end = hex.length();
        while (end > 0 && hex.charAt(end - 1) == '0') {
            end--;
        }
        return hex.substring(0, end);
    }

    /** The cell's bits above {@code level}'s lowest bit, with that bit set (no check against the cell's level). */
    static long parent(long cell, int level) {
        long lsb = 1L << (2 * (MAX_LEVEL - level));
        return (cell & -lsb) | lsb;
    }

    // ---- the SQL functions

    /** s2.rs's InvalidFuncArgs error, answered with its own text as measure.rs's errors are. */
    private static GreptimeError invalidArgs(String msg) {
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Invalid function args: " + msg);
    }

    static String latLngToCell(String lat, String lng) {
        double la = H3Functions.duckDouble(lat);
        double ln = H3Functions.duckDouble(lng);
        double phi = la * (Math.PI / 180.0);
        double theta = ln * (Math.PI / 180.0);
        // LatLng::is_valid: |lat| <= PI/2 and |lng| <= PI in radians (NaN fails both)
        if (!(Math.abs(phi) <= Math.PI / 2 && Math.abs(theta) <= Math.PI)) {
            throw invalidArgs("The input coordinates are invalid");
        }
        return Long.toUnsignedString(leafCell(la, ln));
    }

    /** A tagged cell: an integer type's value as its 64 bits; any other type (or NULL) holds no cell. */
    static Long cell(String tagged) {
        int colon = tagged.indexOf(':');
        if (colon < 0) {
            return null;
        }
        String type = tagged.substring(0, colon);
        String text = tagged.substring(colon + 1).trim();
        return switch (type) {
            case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT" ->
                new BigInteger(text).longValue();
            // an integer literal past Int64 is a UInt64 to DataFusion, a HUGEINT to DuckDB
            case "HUGEINT" -> {
                BigInteger v = new BigInteger(text);
                yield v.signum() >= 0 && v.bitLength() <= 64 ? v.longValue() : null;
            }
            default -> null;
        };
    }

    /** s2.rs's value_to_level: an integer in 0..30, NULL for NULL; out of range is an execution error. */
    static Integer levelArgument(String tagged) {
        int colon = tagged.indexOf(':');
        if (colon < 0) {
            return null;
        }
        BigInteger v;
        try {
            v = new BigInteger(tagged.substring(colon + 1).trim());
        } catch (NumberFormatException e) {
            return null;
        }
        if (v.signum() < 0 || v.compareTo(BigInteger.valueOf(MAX_LEVEL)) > 0) {
            throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: argument out of valid range");
        }
        return v.intValue();
    }

    static String cellLevel(String tagged) {
        Long c = cell(tagged);
        return c == null ? null : level(c).toString();
    }

    static String cellToToken(String tagged) {
        Long c = cell(tagged);
        return c == null ? null : token(c);
    }

    static String cellParent(String taggedCell, String taggedLevel) {
        Long c = cell(taggedCell);
        Integer level = levelArgument(taggedLevel);
        return c == null || level == null ? null : Long.toUnsignedString(parent(c, level));
    }

    // ---- wiring

    static void install(Connection c) throws SQLException {
        JavaFunctions.texts(c, "gt_s2_latlng_to_cell", String.class, a -> latLngToCell(a[0], a[1]));
        JavaFunctions.texts(c, "gt_s2_cell_level", String.class, a -> cellLevel(a[0]));
        JavaFunctions.texts(c, "gt_s2_cell_to_token", String.class, a -> cellToToken(a[0]));
        JavaFunctions.texts(c, "gt_s2_cell_parent", String.class, a -> cellParent(a[0], a[1]));
    }

    /**
     * The DuckDB SQL of an {@code s2_*} call, or null when {@code c} is none (or has the wrong number of
     * arguments, left to the generic path). Coordinates go as DOUBLE text; cells and levels tagged with
     * their type, a NULL as the text {@code NULL}; the answers are cast to s2.rs's types (UInt64 cells and
     * levels, Utf8View tokens).
     */
    static String render(ExprRenderer r, SqlAst.Call c) {
        List<SqlAst.Expr> a = c.args();
        switch (c.name()) {
            case "s2_latlng_to_cell":
                return a.size() != 2
                        ? null
                        : "CAST(gt_s2_latlng_to_cell(" + coordinate(r, a.get(0)) + ", " + coordinate(r, a.get(1))
                                + ") AS UBIGINT)";
            case "s2_cell_level":
                return a.size() != 1 ? null : "CAST(gt_s2_cell_level(" + tagged(r, a.get(0)) + ") AS UBIGINT)";
            case "s2_cell_to_token":
                return a.size() != 1 ? null : "gt_s2_cell_to_token(" + tagged(r, a.get(0)) + ")";
            case "s2_cell_parent":
                return a.size() != 2
                        ? null
                        : "CAST(gt_s2_cell_parent(" + tagged(r, a.get(0)) + ", " + tagged(r, a.get(1))
                                + ") AS UBIGINT)";
            default:
                return null;
        }
    }

    private static String coordinate(ExprRenderer r, SqlAst.Expr e) {
        return "CAST(CAST(" + r.render(e) + " AS DOUBLE) AS VARCHAR)";
    }

    private static String tagged(ExprRenderer r, SqlAst.Expr e) {
        String x = r.render(e);
        return "coalesce(typeof(" + x + ") || ':' || CAST(" + x + " AS VARCHAR), 'NULL')";
    }
}
