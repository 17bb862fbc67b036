package io.greptime.jdbc.tck.engine.duckdb.functions;

import com.uber.h3core.H3Core;
import com.uber.h3core.exceptions.H3Exception;
import com.uber.h3core.util.LatLng;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * GreptimeDB's {@code h3_*} scalar functions ({@code src/common/function/src/scalars/geo/h3.rs}, over the
 * h3o crate 0.6), computed with Uber's H3 library (the same cell system). A cell argument reaches Java as
 * {@code <duckdb type>:<text>}: text for a string cell is the hex form, for an integer the number (an Int64
 * taken as its 64 bits). Cells are checked the way h3o's {@code CellIndex::try_from} checks them, so a bad
 * cell fails with h3o's reason. What GreptimeDB answers as {@code None} (a parent finer than the cell, a
 * child coarser, a position past the children) is NULL here.
 *
 * <p>Lines before 1.0 (the Vector-based h3.rs of 0.14 to 0.17) differ in errors only: every h3o error is a
 * PlainError ({@code H3 error: ...}), a resolution is taken {@code as u8} (wrapping, no cast error), and a
 * negative distance or position is an InvalidFuncArgs error. The rendered call names its line last.
 */
public final class H3Functions {
    private static final int[] PENTAGON_BASE_CELLS = {4, 14, 24, 38, 49, 58, 63, 72, 83, 97, 107, 117};
    /** h3o's EARTH_RADIUS_KM. */
    private static final double EARTH_RADIUS_KM = 6371.007180918475;

    /** The functions as the lines before 1.0 answer them. */
    public static final H3Functions LEGACY = new H3Functions(true);
    /** The functions as 1.0 and later answer them. */
    public static final H3Functions MODERN = new H3Functions(false);

    /** Whether these are the functions of a line before 1.0. */
    private final boolean legacy;

    private H3Functions(boolean legacy) {
        this.legacy = legacy;
    }

    /** The functions of the line a call's last argument names ("0" before 1.0, "1" from it). */
    public static H3Functions ofLine(String flag) {
        return "0".equals(flag) ? LEGACY : MODERN;
    }

    private boolean legacy() {
        return legacy;
    }

    private static final class Holder {
        static final H3Core H3;

        static {
            try {
                H3 = H3Core.newInstance();
            } catch (IOException e) {
                throw new IllegalStateException("the H3 native library does not load", e);
            }
        }
    }

    private static H3Core h3() {
        return Holder.H3;
    }

    // ---- arguments

    /** A DataFusion Execution error of h3.rs ({@code DataFusionError::Execution(format!("H3 error: {}"))}). */
    private GreptimeError execution(String reason) {
        if (legacy()) {
            return plain(reason);
        }
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: H3 error: " + reason);
    }

    /** A PlainError of h3.rs (EngineExecuteQuery, {@code "H3 error: {}"}). */
    private static GreptimeError plain(String reason) {
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "H3 error: " + reason);
    }

    private GreptimeError badCell(Long value, String reason) {
        String got = value == null ? "None" : "Some(" + Long.toUnsignedString(value) + ")";
        return execution("invalid cell index (got " + got + "): " + reason);
    }

    /** The resolution argument: cast to UInt8 (refused outside 0..255), then h3o's 0..15. */
    int resolution(String text) {
        long r;
        try {
            r = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Cast error: Can't cast value " + text + " to type UInt8");
        }
        if (legacy()) {
            r &= 0xFF; // `v as u8`
        }
        if (r < 0 || r > 255) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Cast error: Can't cast value " + r + " to type UInt8");
        }
        if (r > 15) {
            throw execution("invalid resolution (got Some(" + r + ")): out of range");
        }
        return (int) r;
    }

    /** A grid distance k or a child position: negative is refused, as h3.rs's ensure_then_coerce does. */
    private BigInteger nonNegative(String text) {
        BigInteger v = new BigInteger(text.trim());
        if (v.signum() < 0 && legacy()) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS, "Invalid function args: Argument was outside of acceptable range ");
        }
        if (v.signum() < 0) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: Argument was outside of acceptable range");
        }
        return v;
    }

    /** A tagged cell argument ({@code TYPE:text}). */
    long cell(String tagged) {
        int colon = tagged.indexOf(':');
        String type = tagged.substring(0, colon);
        String text = tagged.substring(colon + 1);
        if (type.equals("VARCHAR")) {
            return parseHex(text);
        }
        if (integerType(type)) {
            return checked(new BigInteger(text.trim()).longValue());
        }
        throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: H3 cell of type " + type);
    }

    private static boolean integerType(String type) {
        return switch (type) {
            case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT" -> true;
            default -> false;
        };
    }

    /** h3o's {@code CellIndex::from_str}: a 64-bit hex number (Rust's from_str_radix), then the cell checks. */
    long parseHex(String s) {
        long v;
        try {
            v = Long.parseUnsignedLong(s, 16);
        } catch (NumberFormatException e) {
            throw badCell(null, "invalid 64-bit hex number");
        }
        return checked(v);
    }

    /** h3o's {@code CellIndex::try_from(u64)} checks, in its order and with its reasons. */
    long checked(long v) {
        if (((v >>> 56) & 0b1000_0111) != 0) {
            throw badCell(v, "tainted reserved bits");
        }
        if (((v >>> 59) & 0xF) != 1) {
            throw badCell(v, "invalid index mode");
        }
        int base = (int) ((v >>> 45) & 0x7F);
        if (base > 121) {
            throw badCell(v, "invalid base cell");
        }
        int res = (int) ((v >>> 52) & 0xF);
        int unusedBits = (15 - res) * 3;
        long unusedMask = unusedBits == 0 ? 0 : (1L << unusedBits) - 1;
        if ((~v & unusedMask) != 0) {
            throw badCell(v, "invalid unused direction pattern");
        }
        int firstNonZero = 0;
        for (int r = 1; r <= res; r++) {
            int digit = (int) ((v >>> ((15 - r) * 3)) & 7);
            if (digit == 7) {
                throw badCell(v, "unexpected unused direction");
            }
            if (firstNonZero == 0 && digit != 0) {
                firstNonZero = digit;
            }
        }
        if (res != 0 && isPentagonBase(base) && firstNonZero == 1) {
            throw badCell(v, "pentagonal cell index with a deleted subsequence");
        }
        return v;
    }

    private static boolean isPentagonBase(int base) {
        for (int p : PENTAGON_BASE_CELLS) {
            if (p == base) {
                return true;
            }
        }
        return false;
    }

    /**
     * h3_cells_contains' first argument: a comma-separated string of hex cells, or a list of Int64, UInt64
     * or strings (NULL elements are refused); any other type holds no cell.
     */
    List<Long> cells(String tagged) {
        int colon = tagged.indexOf(':');
        String type = tagged.substring(0, colon);
        String text = tagged.substring(colon + 1);
        List<Long> out = new ArrayList<>();
        if (type.equals("VARCHAR")) {
            for (String s : text.split(",", -1)) {
                out.add(parseHex(s.trim()));
            }
            return out;
        }
        if (!type.endsWith("[]")) {
            return out;
        }
        String element = type.substring(0, type.length() - 2);
        boolean hex = element.equals("VARCHAR");
        if (!hex && !integerType(element)) {
            return out;
        }
        String body = text.substring(1, text.length() - 1).trim();
        if (body.isEmpty()) {
            return out;
        }
        for (String s : body.split(",", -1)) {
            String item = s.trim();
            if (item.equals("NULL")) {
                throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: Invalid data type in array");
            }
            if (hex && item.length() >= 2 && item.startsWith("'") && item.endsWith("'")) {
                item = item.substring(1, item.length() - 1);
            }
            out.add(hex ? parseHex(item) : checked(new BigInteger(item).longValue()));
        }
        return out;
    }

    // ---- the functions

    private long toCell(String lat, String lng, String res) {
        int r = resolution(res);
        double la = duckDouble(lat);
        double ln = duckDouble(lng);
        // h3o's LatLng::new refuses only what is not finite
        if (!Double.isFinite(la)) {
            throw plain("invalid latitude/longitude (got " + rustFloat(la) + "): infinite latitude");
        }
        if (!Double.isFinite(ln)) {
            throw plain("invalid latitude/longitude (got " + rustFloat(ln) + "): infinite longitude");
        }
        return h3().latLngToCell(la, ln, r);
    }

    /** DuckDB's text of a DOUBLE (it writes inf, -inf and nan). */
    public static double duckDouble(String s) {
        return switch (s) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan", "-nan" -> Double.NaN;
            default -> Double.parseDouble(s);
        };
    }

    private static String rustFloat(double d) {
        return Double.isNaN(d) ? "NaN" : d > 0 ? "inf" : "-inf";
    }

    public Long latLngToCell(String lat, String lng, String res) {
        return toCell(lat, lng, res);
    }

    public String latLngToCellString(String lat, String lng, String res) {
        return Long.toHexString(toCell(lat, lng, res));
    }

    public String cellToString(String c) {
        return Long.toHexString(cell(c));
    }

    public Long stringToCell(String s) {
        return parseHex(s);
    }

    /** [lat, lng] of the centre, as list text. */
    public String centerLatLng(String c) {
        LatLng p = h3().cellToLatLng(cell(c));
        return "[" + p.lat + ", " + p.lng + "]";
    }

    public Long resolutionOf(String c) {
        return (long) h3().getResolution(cell(c));
    }

    public Long base(String c) {
        return (long) h3().getBaseCellNumber(cell(c));
    }

    public Boolean isPentagon(String c) {
        return h3().isPentagon(cell(c));
    }

    public Long parent(String c, String res) {
        long cell = cell(c);
        int r = resolution(res);
        return r > h3().getResolution(cell) ? null : h3().cellToParent(cell, r);
    }

    public Long centerChild(String c, String res) {
        long cell = cell(c);
        int r = resolution(res);
        return r < h3().getResolution(cell) ? null : h3().cellToCenterChild(cell, r);
    }

    public String children(String c, String res) {
        long cell = cell(c);
        int r = resolution(res);
        return r < h3().getResolution(cell) ? "[]" : listText(h3().cellToChildren(cell, r));
    }

    public Long childrenSize(String c, String res) {
        long cell = cell(c);
        int r = resolution(res);
        return r < h3().getResolution(cell) ? 0L : h3().cellToChildrenSize(cell, r);
    }

    public Long childPos(String c, String res) {
        long cell = cell(c);
        int r = resolution(res);
        return r > h3().getResolution(cell) ? null : h3().cellToChildPos(cell, r);
    }

    public Long childPosToCell(String pos, String c, String res) {
        BigInteger p = nonNegative(pos);
        long cell = cell(c);
        int r = resolution(res);
        if (r < h3().getResolution(cell)) {
            return null;
        }
        BigInteger size = BigInteger.valueOf(h3().cellToChildrenSize(cell, r));
        return p.compareTo(size) >= 0 ? null : h3().childPosToCell(p.longValueExact(), cell, r);
    }

    private int distance(String k) {
        // h3.rs takes a UInt64 distance `as u32`
        return (int) Math.min(Integer.MAX_VALUE, nonNegative(k).longValue() & 0xFFFF_FFFFL);
    }

    public String gridDisk(String c, String k) {
        long cell = cell(c);
        return listText(h3().gridDisk(cell, distance(k)));
    }

    public String gridDiskDistances(String c, String k) {
        long cell = cell(c);
        List<Long> all = new ArrayList<>();
        for (List<Long> ring : h3().gridDiskDistances(cell, distance(k))) {
            all.addAll(ring);
        }
        return listText(all);
    }

    public Long gridDistance(String a, String b) {
        long x = cell(a);
        long y = cell(b);
        try {
            return h3().gridDistance(x, y);
        } catch (H3Exception e) {
            throw plain(localIjReason(e));
        }
    }

    public String gridPathCells(String a, String b) {
        long x = cell(a);
        long y = cell(b);
        try {
            return listText(h3().gridPathCells(x, y));
        } catch (H3Exception e) {
            throw execution(localIjReason(e));
        }
    }

    /** h3o's LocalIjError text for H3's error code. */
    private static String localIjReason(H3Exception e) {
        return switch (e.getCode()) {
            case 12 -> "resolution mismatch";
            case 9 -> "pentagon distortion";
            default -> "hex grid error: cannot unfold (base cells are not neighbors)";
        };
    }

    public Boolean cellsContains(String list, String c) {
        List<Long> cells = cells(list);
        long cell = cell(c);
        int res = h3().getResolution(cell);
        for (long that : cells) {
            int r = h3().getResolution(that);
            if (r <= res && h3().cellToParent(cell, r) == that) {
                return true;
            }
        }
        return false;
    }

    /** Great circle distance of the centres, h3o's haversine over its Earth radius. */
    public Double distanceSphereKm(String a, String b) {
        LatLng p = h3().cellToLatLng(cell(a));
        LatLng q = h3().cellToLatLng(cell(b));
        double lat1 = Math.toRadians(p.lat);
        double lat2 = Math.toRadians(q.lat);
        double sinLat = Math.sin((lat2 - lat1) / 2);
        double sinLng = Math.sin((Math.toRadians(q.lng) - Math.toRadians(p.lng)) / 2);
        double h = Math.fma(sinLat, sinLat, Math.cos(lat1) * Math.cos(lat2) * sinLng * sinLng);
        return 2 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h)) * EARTH_RADIUS_KM;
    }

    /** Euclidean distance of the centres in degrees. */
    public Double distanceDegree(String a, String b) {
        LatLng p = h3().cellToLatLng(cell(a));
        LatLng q = h3().cellToLatLng(cell(b));
        double dLat = p.lat - q.lat;
        double dLng = p.lng - q.lng;
        return Math.sqrt(dLat * dLat + dLng * dLng);
    }

    private static String listText(List<Long> cells) {
        StringBuilder sb = new StringBuilder("[");
        for (Long v : cells) {
            if (v == null || v == 0) {
                continue; // H3's gridDisk leaves 0 where a pentagon removes a cell
            }
            sb.append(sb.length() == 1 ? "" : ", ").append(Long.toUnsignedString(v));
        }
        return sb.append(']').toString();
    }
}
