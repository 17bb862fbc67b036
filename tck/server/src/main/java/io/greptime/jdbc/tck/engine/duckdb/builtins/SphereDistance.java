package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * GreptimeDB's {@code st_distance_sphere_m(wkt, wkt)} ({@code src/common/function/src/scalars/geo/measure.rs}):
 * both arguments are read as WKT by the {@code wkt} crate 0.11 into {@code geo_types} geometries, and two
 * points are measured with the {@code geo} crate's Haversine distance (0.29: mean Earth radius 6371008.8
 * m, lon/lat degrees). Any other pair of geometries is refused as unsupported.
 *
 * <p>WKT is tokenized as that crate does (words and numbers end at white space or a parenthesis or comma,
 * a token starting with a digit, sign or dot is a number) and points are parsed with its errors. Other
 * geometry types are not parsed here: a known type word is taken as a valid non-point geometry.
 */
final class SphereDistance {
    private SphereDistance() {}

    /** geo's MEAN_EARTH_RADIUS in metres. */
    static final double MEAN_EARTH_RADIUS = 6371008.8;

    private static final Set<String> OTHER_TYPES =
            Set.of("LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON", "GEOMETRYCOLLECTION");

    private static final Pattern RUST_FLOAT =
            Pattern.compile("[+-]?(\\d+\\.?\\d*([eE][+-]?\\d+)?|\\.\\d+([eE][+-]?\\d+)?|(?i:inf|infinity|nan))");

    /** A parsed geometry: a point (x = longitude, y = latitude), or some other geometry. */
    record Geometry(boolean point, double x, double y) {}

    /** {@code geo::Haversine::distance} between two points given as (lon, lat) degrees. */
    static double haversine(double lon1, double lat1, double lon2, double lat2) {
        double theta1 = lat1 * (Math.PI / 180.0);
        double theta2 = lat2 * (Math.PI / 180.0);
        double deltaTheta = (lat2 - lat1) * (Math.PI / 180.0);
        double deltaLambda = (lon2 - lon1) * (Math.PI / 180.0);
        double s1 = Math.sin(deltaTheta / 2);
        double s2 = Math.sin(deltaLambda / 2);
        double a = s1 * s1 + Math.cos(theta1) * Math.cos(theta2) * (s2 * s2);
        double c = 2 * Math.asin(Math.sqrt(a));
        return MEAN_EARTH_RADIUS * c;
    }

    static Double distance(String a, String b) {
        Geometry g1 = parse(a);
        Geometry g2 = parse(b);
        if (!g1.point() || !g2.point()) {
            throw failed("Great circle distance between non-point objects are not supported for now.");
        }
        return haversine(g1.x(), g1.y(), g2.x(), g2.y());
    }

    /** measure.rs's errors (a PlainError in an Execute error): GreptimeDB answers the PlainError's own text. */
    private static GreptimeError failed(String msg) {
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, msg);
    }

    private static GreptimeError badWkt(String reason) {
        return failed("Fail to parse WKT: Invalid WKT: " + reason);
    }

    /** The wkt crate's tokens: "(", ")", ",", numbers (as their text) and words. */
    static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = s.length();
        while (i < n) {
            char ch = s.charAt(i);
            if (ch == '\0') {
                break;
            }
            if (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t') {
                i++;
                continue;
            }
            if (ch == '(' || ch == ')' || ch == ',') {
                out.add(String.valueOf(ch));
                i++;
                continue;
            }
            int start = i++;
            while (i < n) {
                char d = s.charAt(i);
                if (d == '\0' || d == '(' || d == ')' || d == ',') {
                    break;
                }
                if (d == ' ' || d == '\n' || d == '\r' || d == '\t') {
                    i++;
                    break;
                }
                i++;
            }
            String token = s.substring(start, i).strip();
            out.add(token);
        }
        return out;
    }

    private static boolean numberLike(String token) {
        char c = token.charAt(0);
        return c == '.' || c == '-' || c == '+' || (c >= '0' && c <= '9');
    }

    /** A number token's value, or the tokenizer's error when Rust's f64 parser refuses it. */
    private static double number(String token) {
        String t = token.startsWith("+") ? token.substring(1) : token;
        if (!RUST_FLOAT.matcher(t).matches() || t.startsWith("+") || t.startsWith("-+") || t.startsWith("--")) {
            throw badWkt("Unable to parse input number as the desired output type");
        }
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.endsWith("inf") || lower.endsWith("infinity")) {
            return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (lower.endsWith("nan")) {
            return Double.NaN;
        }
        return Double.parseDouble(t);
    }

    /** Parses a WKT text the way {@code Geometry::try_from_wkt_str} does, as far as points go. */
    static Geometry parse(String wkt) {
        List<String> t = tokens(wkt);
        // a bad number fails wherever the tokenizer meets it first, which is before the parser looks at it
        int pos = 0;
        if (t.isEmpty() || numberLike(t.get(0)) || t.get(0).length() == 1 && "(),".contains(t.get(0))) {
            if (!t.isEmpty() && numberLike(t.get(0))) {
                number(t.get(0));
            }
            throw badWkt("Invalid WKT format");
        }
        String word = t.get(pos++);
        for (int k = 0; k < word.length(); k++) {
            if (word.charAt(k) > 0x7F) {
                throw badWkt("Encountered non-ascii word");
            }
        }
        String upper = word.toUpperCase(Locale.ROOT);
        int dims;
        boolean header;
        switch (upper) {
            case "POINT" -> {
                dims = 2;
                header = true;
            }
            case "POINTZ", "POINTM" -> {
                dims = 3;
                header = false;
            }
            case "POINTZM" -> {
                dims = 4;
                header = false;
            }
            default -> {
                String base = upper.replaceAll("(ZM|Z|M)$", "");
                if (OTHER_TYPES.contains(upper) || OTHER_TYPES.contains(base)) {
                    return new Geometry(false, 0, 0);
                }
                throw badWkt("Invalid type encountered");
            }
        }
        if (header) {
            if (pos >= t.size()) {
                throw badWkt("End of stream");
            }
            String next = t.get(pos);
            if (!numberLike(next) && !"(),".contains(next)) {
                switch (next.toUpperCase(Locale.ROOT)) {
                    case "Z", "M" -> {
                        dims = 3;
                        pos++;
                    }
                    case "ZM" -> {
                        dims = 4;
                        pos++;
                    }
                    case "EMPTY" -> {}
                    default -> throw badWkt("Unexpected word before open paren");
                }
            } else if (numberLike(next)) {
                number(next);
            }
        }
        String open = pos < t.size() ? t.get(pos++) : null;
        if (open != null && !open.equals("(")) {
            if (numberLike(open)) {
                number(open);
            }
            if (open.equalsIgnoreCase("EMPTY")) {
                // an empty point converts to an empty MultiPoint
                return new Geometry(false, 0, 0);
            }
        }
        if (!"(".equals(open)) {
            throw badWkt("Missing open parenthesis for type");
        }
        double[] coord = new double[dims];
        String[] names = dims == 2
                ? new String[] {"X", "Y"}
                : dims == 4 ? new String[] {"X", "Y", "Z", "M"} : new String[] {"X", "Y", upperThird(upper, t)};
        for (int k = 0; k < dims; k++) {
            String tok = pos < t.size() ? t.get(pos++) : null;
            if (tok == null || !numberLike(tok)) {
                throw badWkt("Expected a number for the " + names[k] + " coordinate");
            }
            coord[k] = number(tok);
        }
        String close = pos < t.size() ? t.get(pos) : null;
        if (close != null && numberLike(close)) {
            number(close);
        }
        if (!")".equals(close)) {
            throw badWkt("Missing closing parenthesis for type");
        }
        return new Geometry(true, coord[0], coord[1]);
    }

    /** The third coordinate's name of a three-dimensional point: Z, or M for POINTM / POINT M. */
    private static String upperThird(String word, List<String> t) {
        if (word.equals("POINTM")) {
            return "M";
        }
        return t.size() > 1 && t.get(1).equalsIgnoreCase("M") ? "M" : "Z";
    }

    // ---- wiring

    static void install(Connection c) throws SQLException {
        JavaFunctions.texts(c, "gt_st_distance_sphere_m", Double.class, a -> distance(a[0], a[1]));
    }

    /** {@code st_distance_sphere_m(a, b)}: both cast to text (Signature::string(2)), NULL gives NULL. */
    static String render(ExprRenderer r, SqlAst.Call c) {
        if (!c.name().equals("st_distance_sphere_m") || c.args().size() != 2) {
            return null;
        }
        return "gt_st_distance_sphere_m(CAST(" + r.render(c.args().get(0)) + " AS VARCHAR), CAST("
                + r.render(c.args().get(1)) + " AS VARCHAR))";
    }
}
