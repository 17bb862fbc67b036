package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.tck.engine.duckdb.exec.Errors;
import io.greptime.jdbc.tck.engine.duckdb.functions.Geohash;
import io.greptime.jdbc.tck.engine.duckdb.functions.H3Functions;
import io.greptime.jdbc.tck.engine.duckdb.functions.IpFunctions;
import io.greptime.jdbc.tck.engine.duckdb.functions.JsonFunctions;
import io.greptime.jdbc.tck.engine.duckdb.functions.MatchesPattern;
import io.greptime.jdbc.tck.engine.duckdb.functions.MatchesTerm;
import io.greptime.jdbc.tck.engine.duckdb.functions.TextFunctions;
import io.greptime.jdbc.tck.engine.duckdb.functions.VectorFunctions;
import io.greptime.jdbc.tck.engine.duckdb.sql.Json2Values;
import io.greptime.jdbc.tck.engine.duckdb.sql.SchemaNames;
import io.greptime.jdbc.tck.engine.duckdb.time.ChronoParse;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.SQLException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.duckdb.DuckDBFunctions;
import org.duckdb.DuckDBScalarFunctionBuilder;

/**
 * GreptimeDB functions DuckDB has no equivalent for, registered as Java scalar functions named
 * {@code gt_<name>} on the engine's database (every connection duplicated from it sees them). A NULL
 * argument gives NULL; the logic lives beside its concern ({@link JsonFunctions}, ...).
 */
public final class JavaFunctions {
    private JavaFunctions() {}

    public static void install(Connection c) throws SQLException {
        unary(c, "gt_parse_json", String.class, String.class, JsonFunctions::parseJson);
        unary(c, "gt_json_to_string", String.class, String.class, JsonFunctions::canonical);
        binary(c, "gt_json_get", String.class, String.class, String.class, JsonFunctions::get);
        binary(c, "gt_json_get_int", String.class, String.class, Long.class, JsonFunctions::getInt);
        binary(c, "gt_json_get_float", String.class, String.class, Double.class, JsonFunctions::getFloat);
        binary(c, "gt_json_get_bool", String.class, String.class, Boolean.class, JsonFunctions::getBool);
        binary(c, "gt_json_get_string", String.class, String.class, String.class, JsonFunctions::getString);
        binary(c, "gt_json_get_object", String.class, String.class, String.class, JsonFunctions::getObject);
        binary(c, "gt_json_is", String.class, String.class, Boolean.class, JsonFunctions::is);
        binary(c, "gt_json_path_exists", String.class, String.class, Boolean.class, JsonFunctions::pathExists);
        binary(c, "gt_json_path_match", String.class, String.class, Boolean.class, JsonFunctions::pathMatch);
        binary(c, "gt_json2_get", String.class, String.class, String.class, Json2Values::get);
        binary(c, "gt_json2_get_int", String.class, String.class, Long.class, Json2Values::getInt);
        binary(c, "gt_json2_get_uint", String.class, String.class, String.class, (j, p) -> {
            java.math.BigInteger u = Json2Values.getUint(j, p);
            return u == null ? null : u.toString();
        });
        binary(c, "gt_json2_get_float", String.class, String.class, Double.class, Json2Values::getFloat);
        binary(c, "gt_json2_get_bool", String.class, String.class, Boolean.class, Json2Values::getBool);
        binary(c, "gt_format", Double.class, Long.class, String.class, JavaFunctions::mysqlFormat);
        binary(c, "gt_matches_term", String.class, String.class, Boolean.class, MatchesTerm::matches);
        binary(c, "gt_matches", String.class, String.class, Boolean.class, MatchesPattern::matches);
        vectors(c);
        // GreptimeDB's to_unixtime of text: (text, session zone) to whole seconds
        binary(
                c,
                "gt_unixtime_text",
                String.class,
                String.class,
                Long.class,
                io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals::unixSeconds);
        // Arrow's timestamp text (to_timestamp of a text column) as UTC nanoseconds, null when it is none
        unary(
                c,
                "gt_text_nanos",
                String.class,
                Long.class,
                s -> io.greptime.jdbc.tck.engine.duckdb.time.TimestampLiterals.parseNanos(s, java.time.ZoneOffset.UTC));
        // DataFusion's to_timestamp/to_date of text: (text, chrono format...) tried in order; to_date without one
        texts(
                c,
                "gt_chrono_nanos",
                Long.class,
                a -> ChronoParse.nanos(a[0], java.util.Arrays.copyOfRange(a, 1, a.length)));
        texts(
                c,
                "gt_chrono_days",
                Long.class,
                a -> a.length == 1
                        ? ChronoParse.days(a[0])
                        : ChronoParse.days(a[0], java.util.Arrays.copyOfRange(a, 1, a.length)));
        unary(c, "gt_uddsketch_state", String.class, String.class, UddSketchFunctions::state);
        unary(c, "gt_uddsketch_merge", String.class, String.class, UddSketchFunctions::merge);
        binary(c, "gt_uddsketch_calc", Double.class, String.class, Double.class, UddSketchFunctions::calc);
        texts(c, "gt_tdigest", Double.class, Percentiles::estimate);
        binary(c, "gt_anomaly_score", String.class, String.class, Double.class, AnomalyScores::score);
        binary(c, "gt_vec_aggregate", String.class, String.class, String.class, VectorAggregates::aggregate);
        ip(c);
        // Arrow's text-to-timestamp cast of a column: the count of the unit (given in nanoseconds) or its error
        binary(
                c,
                "gt_text_timestamp",
                String.class,
                Long.class,
                Long.class,
                io.greptime.jdbc.tck.engine.duckdb.time.ArrowTimestampText::count);
        // Rust's f64::cbrt (the C library's): exact on perfect cubes, where DuckDB's cbrt is off by an ulp
        unary(c, "gt_cbrt", Double.class, Double.class, Math::cbrt);
        binary(c, "gt_levenshtein", String.class, String.class, Long.class, TextFunctions::levenshtein);
        unary(c, "gt_reverse", String.class, String.class, TextFunctions::reverse);
        unary(c, "gt_hll_state", String.class, String.class, HllFunctions::state);
        unary(c, "gt_hll_merge", String.class, String.class, HllFunctions::merge);
        unary(c, "gt_hll_count", String.class, Long.class, HllFunctions::count);
        ternary(c, "gt_geohash", Geohash::encode);
        // the wkt crate's Point display: POINT(x y), longitude first, numbers as Rust prints f64
        binary(
                c,
                "gt_wkt_point_from_latlng",
                Double.class,
                Double.class,
                String.class,
                (lat, lng) -> "POINT(" + SchemaNames.floatText(lng) + " " + SchemaNames.floatText(lat) + ")");
        ternary(c, "gt_geohash_neighbours", Geohash::neighbours);
        h3(c);
        MoreFunctions.install(c);
    }

    private static void h3(Connection c) throws SQLException {
        h3fn(c, "gt_h3_latlng_to_cell", Long.class, (h, a) -> h.latLngToCell(a[0], a[1], a[2]));
        h3fn(c, "gt_h3_latlng_to_cell_string", String.class, (h, a) -> h.latLngToCellString(a[0], a[1], a[2]));
        h3fn(c, "gt_h3_cell_to_string", String.class, (h, a) -> h.cellToString(a[0]));
        h3fn(c, "gt_h3_string_to_cell", Long.class, (h, a) -> h.stringToCell(a[0]));
        h3fn(c, "gt_h3_cell_center_latlng", String.class, (h, a) -> h.centerLatLng(a[0]));
        h3fn(c, "gt_h3_cell_resolution", Long.class, (h, a) -> h.resolutionOf(a[0]));
        h3fn(c, "gt_h3_cell_base", Long.class, (h, a) -> h.base(a[0]));
        h3fn(c, "gt_h3_cell_is_pentagon", Boolean.class, (h, a) -> h.isPentagon(a[0]));
        h3fn(c, "gt_h3_cell_parent", Long.class, (h, a) -> h.parent(a[0], a[1]));
        h3fn(c, "gt_h3_cell_center_child", Long.class, (h, a) -> h.centerChild(a[0], a[1]));
        h3fn(c, "gt_h3_cell_to_children", String.class, (h, a) -> h.children(a[0], a[1]));
        h3fn(c, "gt_h3_cell_to_children_size", Long.class, (h, a) -> h.childrenSize(a[0], a[1]));
        h3fn(c, "gt_h3_cell_to_child_pos", Long.class, (h, a) -> h.childPos(a[0], a[1]));
        h3fn(c, "gt_h3_child_pos_to_cell", Long.class, (h, a) -> h.childPosToCell(a[0], a[1], a[2]));
        h3fn(c, "gt_h3_grid_disk", String.class, (h, a) -> h.gridDisk(a[0], a[1]));
        h3fn(c, "gt_h3_grid_disk_distances", String.class, (h, a) -> h.gridDiskDistances(a[0], a[1]));
        h3fn(c, "gt_h3_grid_distance", Long.class, (h, a) -> h.gridDistance(a[0], a[1]));
        h3fn(c, "gt_h3_grid_path_cells", String.class, (h, a) -> h.gridPathCells(a[0], a[1]));
        h3fn(c, "gt_h3_cells_contains", Boolean.class, (h, a) -> h.cellsContains(a[0], a[1]));
        h3fn(c, "gt_h3_distance_sphere_km", Double.class, (h, a) -> h.distanceSphereKm(a[0], a[1]));
        h3fn(c, "gt_h3_distance_degree", Double.class, (h, a) -> h.distanceDegree(a[0], a[1]));
    }

    /**
     * An h3 function: its text arguments, then the line flag that picks the line's functions
     * ({@link H3Functions#ofLine}), passed to the body with the arguments.
     */
    private static <R> void h3fn(Connection c, String name, Class<R> out, BiFunction<H3Functions, String[], R> fn)
            throws SQLException {
        texts(c, name, out, a -> fn.apply(H3Functions.ofLine(a[a.length - 1]), a));
    }

    /** A function of VARCHAR arguments (declared varargs: DuckDB's typed Java functions take at most two). */
    static <R> void texts(Connection c, String name, Class<R> out, Function<String[], R> fn) throws SQLException {
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction();
                org.duckdb.DuckDBLogicalType text =
                        org.duckdb.DuckDBLogicalType.of(org.duckdb.DuckDBColumnType.VARCHAR)) {
            b.withName(name)
                    .withVarArgs(text)
                    .withReturnType(out)
                    .withVarArgsFunction(args -> {
                        String[] s = new String[args.length];
                        for (int i = 0; i < args.length; i++) {
                            if (args[i] == null) {
                                return null;
                            }
                            s[i] = args[i].toString();
                        }
                        return raising(() -> fn.apply(s));
                    })
                    .register(c);
        }
    }

    /**
     * A function of three DOUBLEs (latitude, longitude, resolution) to VARCHAR, NULL when any argument is;
     * DuckDB's Java functions take at most two typed parameters, so it is declared DOUBLE varargs.
     */
    private static void ternary(Connection c, String name, GeoFunction fn) throws SQLException {
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction();
                org.duckdb.DuckDBLogicalType dbl =
                        org.duckdb.DuckDBLogicalType.of(org.duckdb.DuckDBColumnType.DOUBLE)) {
            b.withName(name)
                    .withVarArgs(dbl)
                    .withReturnType(String.class)
                    .withVarArgsFunction(args ->
                            args.length != 3 || args[0] == null || args[1] == null || args[2] == null
                                    ? null
                                    : raising(() -> fn.apply(
                                            ((Number) args[0]).doubleValue(), ((Number) args[1]).doubleValue(), (long)
                                                    ((Number) args[2]).doubleValue())))
                    .register(c);
        }
    }

    /** (latitude, longitude, resolution) to text. */
    interface GeoFunction {
        String apply(Double lat, Double lon, Long resolution);
    }

    private static void ip(Connection c) throws SQLException {
        unary(c, "gt_ipv4_num_to_string", Long.class, String.class, IpFunctions::ipv4NumToString);
        unary(c, "gt_ipv4_string_to_num", String.class, Long.class, IpFunctions::ipv4StringToNum);
        binary(c, "gt_ipv4_to_cidr", String.class, Long.class, String.class, IpFunctions::ipv4ToCidr);
        binary(c, "gt_ipv6_to_cidr", String.class, Long.class, String.class, IpFunctions::ipv6ToCidr);
        binary(c, "gt_ipv4_in_range", String.class, String.class, Boolean.class, IpFunctions::ipv4InRange);
        unary(c, "gt_ipv6_num_to_string", String.class, String.class, IpFunctions::ipv6NumToString);
        // the 16 bytes as hex; SQL unhexes them into the BLOB GreptimeDB's BinaryView answer becomes
        unary(
                c,
                "gt_ipv6_string_to_num",
                String.class,
                String.class,
                s -> java.util.HexFormat.of().formatHex(IpFunctions.ipv6StringToNum(s)));
        binary(c, "gt_ipv6_in_range", String.class, String.class, Boolean.class, IpFunctions::ipv6InRange);
    }

    private static void vectors(Connection c) throws SQLException {
        unary(c, "gt_parse_vec", String.class, String.class, a -> VectorFunctions.hex(VectorFunctions.vector(a)));
        unary(c, "gt_vec_to_string", String.class, String.class, VectorFunctions::toText);
        unary(c, "gt_vec_norm", String.class, String.class, VectorFunctions::norm);
        unary(c, "gt_vec_dim", String.class, Long.class, a -> (long) VectorFunctions.vector(a).length);
        for (String fn : new String[] {"vec_add", "vec_sub", "vec_mul", "vec_div"}) {
            binary(
                    c,
                    "gt_" + fn,
                    String.class,
                    String.class,
                    String.class,
                    (a, b) -> VectorFunctions.elementwise(fn, a, b));
        }
        for (String fn : new String[] {"vec_dot_product", "vec_l2sq_distance", "vec_cos_distance"}) {
            binary(
                    c,
                    "gt_" + fn,
                    String.class,
                    String.class,
                    Float.class,
                    (a, b) -> VectorFunctions.distance(fn, a, b));
        }
        for (String fn : new String[] {"vec_elem_sum", "vec_elem_product", "vec_elem_avg"}) {
            unary(c, "gt_" + fn, String.class, Float.class, a -> VectorFunctions.element(fn, a));
        }
        // scalar_add.rs / scalar_mul.rs: each element plus (times) the scalar taken as f32
        binary(
                c,
                "gt_vec_scalar_add",
                Double.class,
                String.class,
                String.class,
                (k, v) ->
                        VectorFunctions.hex(VectorFunctions.scaled(VectorFunctions.vector(v), k.floatValue(), false)));
        binary(
                c,
                "gt_vec_scalar_mul",
                Double.class,
                String.class,
                String.class,
                (k, v) -> VectorFunctions.hex(VectorFunctions.scaled(VectorFunctions.vector(v), k.floatValue(), true)));
        binary(c, "gt_vec_kth_elem", String.class, Long.class, Float.class, VectorFunctions::kth);
        binary(c, "gt_vec_subvector", String.class, String.class, String.class, (a, range) -> {
            String[] r = range.split(":");
            return VectorFunctions.subvector(a, Long.parseLong(r[0]), Long.parseLong(r[1]));
        });
    }

    private static <A, R> void unary(Connection c, String name, Class<A> in, Class<R> out, Function<A, R> fn)
            throws SQLException {
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction()) {
            b.withName(name)
                    .withParameter(in)
                    .withReturnType(out)
                    .withFunction((A x) -> x == null ? null : raising(() -> fn.apply(x)))
                    .register(c);
        }
    }

    private static <A, B, R> void binary(
            Connection c, String name, Class<A> a, Class<B> b2, Class<R> out, BiFunction<A, B, R> fn)
            throws SQLException {
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction()) {
            b.withName(name)
                    .withParameters(a, b2)
                    .withReturnType(out)
                    .withFunction((A x, B y) -> x == null || y == null ? null : raising(() -> fn.apply(x, y)))
                    .register(c);
        }
    }

    /**
     * Runs a function body; a GreptimeDB error it raises leaves DuckDB as a message {@link Errors} maps back
     * to the same status ({@code GT<code>:<message>}).
     */
    private static <R> R raising(java.util.function.Supplier<R> body) {
        try {
            return body.get();
        } catch (io.greptime.jdbc.tck.engine.GreptimeError e) {
            throw new IllegalArgumentException(Errors.RAISED + e.status().code() + ":" + e.getMessage(), e);
        }
    }

    /** MySQL's FORMAT(x, d): rounded half up to d decimals, thousands grouped with commas. */
    static String mysqlFormat(Double x, Long d) {
        int digits = (int) Math.max(0, Math.min(30, d));
        BigDecimal v = new BigDecimal(Double.toString(x)).setScale(digits, RoundingMode.HALF_UP);
        DecimalFormat f = new DecimalFormat(
                digits == 0 ? "#,##0" : "#,##0." + "0".repeat(digits), DecimalFormatSymbols.getInstance(Locale.ROOT));
        return f.format(v);
    }
}
