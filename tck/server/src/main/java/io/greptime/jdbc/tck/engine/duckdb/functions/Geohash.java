package io.greptime.jdbc.tck.engine.duckdb.functions;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;

/**
 * GreptimeDB's {@code geohash(lat, lon, resolution)} and {@code geohash_neighbours}
 * ({@code src/common/function/src/scalars/geo/geohash.rs}, over the {@code geohash} crate): the standard
 * base-32 geohash of the point (longitude bits first), resolution 1 to 12; a neighbour is the hash of the
 * centre of the cell moved by one cell width, listed n, nw, w, sw, s, se, e, ne.
 */
public final class Geohash {
    private static final String BASE32 = "0123456789bcdefghjkmnpqrstuvwxyz";

    private Geohash() {}

    public static String encode(Double lat, Double lon, Long resolution) {
        return encode(lat, lon, resolution(resolution));
    }

    /** The eight neighbours as a DuckDB list literal's elements (text, comma-separated). */
    public static String neighbours(Double lat, Double lon, Long resolution) {
        int r = resolution(resolution);
        String center = encode(lat, lon, r);
        double[] box = decode(center); // lat, lon, latErr, lonErr
        double dLat = 2 * box[2];
        double dLon = 2 * box[3];
        int[][] moves = {{1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}, {0, 1}, {1, 1}};
        StringBuilder sb = new StringBuilder();
        for (int[] m : moves) {
            sb.append(sb.length() == 0 ? "" : ",").append(encode(box[0] + m[0] * dLat, box[1] + m[1] * dLon, r));
        }
        return sb.toString();
    }

    private static int resolution(Long r) {
        if (r < 0 || r > 255) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Cast error: Can't cast value " + r + " to type UInt8");
        }
        if (r < 1 || r > 12) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Execution error: Invalid geohash resolution " + r + ", valid value range: [1, 12]");
        }
        return r.intValue();
    }

    static String encode(double lat, double lon, int len) {
        if (!(lon >= -180 && lon <= 180) || !(lat >= -90 && lat <= 90)) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    "Geohash error: invalid coordinate range: lon " + lon + ", lat " + lat);
        }
        double[] latR = {-90, 90};
        double[] lonR = {-180, 180};
        StringBuilder out = new StringBuilder();
        boolean even = true; // longitude first
        int bits = 0;
        int ch = 0;
        while (out.length() < len) {
            double[] range = even ? lonR : latR;
            double v = even ? lon : lat;
            double mid = (range[0] + range[1]) / 2;
            ch <<= 1;
            if (v >= mid) {
                ch |= 1;
                range[0] = mid;
            } else {
                range[1] = mid;
            }
            even = !even;
            if (++bits == 5) {
                out.append(BASE32.charAt(ch));
                bits = 0;
                ch = 0;
            }
        }
        return out.toString();
    }

    /** Centre and half-sizes of a hash's cell: {lat, lon, latErr, lonErr}. */
    static double[] decode(String hash) {
        double[] latR = {-90, 90};
        double[] lonR = {-180, 180};
        boolean even = true;
        for (char c : hash.toCharArray()) {
            int v = BASE32.indexOf(c);
            for (int b = 4; b >= 0; b--) {
                double[] range = even ? lonR : latR;
                double mid = (range[0] + range[1]) / 2;
                if ((v >> b & 1) == 1) {
                    range[0] = mid;
                } else {
                    range[1] = mid;
                }
                even = !even;
            }
        }
        return new double[] {
            (latR[0] + latR[1]) / 2, (lonR[0] + lonR[1]) / 2, (latR[1] - latR[0]) / 2, (lonR[1] - lonR[0]) / 2
        };
    }
}
