package io.greptime.jdbc.tck.engine.duckdb;

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
final class JavaFunctions {
    private JavaFunctions() {}

    static void install(Connection c) throws SQLException {
        unary(c, "gt_parse_json", String.class, String.class, JsonFunctions::parseJson);
        unary(c, "gt_json_to_string", String.class, String.class, JsonFunctions::canonical);
        binary(c, "gt_json_get", String.class, String.class, String.class, JsonFunctions::get);
        binary(c, "gt_json_get_int", String.class, String.class, Long.class, JsonFunctions::getInt);
        binary(c, "gt_json_get_float", String.class, String.class, Double.class, JsonFunctions::getFloat);
        binary(c, "gt_json_get_bool", String.class, String.class, Boolean.class, JsonFunctions::getBool);
        binary(c, "gt_json_get_string", String.class, String.class, String.class, JsonFunctions::getString);
        binary(c, "gt_json_get_object", String.class, String.class, String.class, JsonFunctions::getObject);
        binary(c, "gt_json_is", String.class, String.class, Boolean.class, JsonFunctions::is);
        binary(c, "gt_format", Double.class, Long.class, String.class, JavaFunctions::mysqlFormat);
        binary(c, "gt_matches_term", String.class, String.class, Boolean.class, MatchesTerm::matches);
    }

    private static <A, R> void unary(Connection c, String name, Class<A> in, Class<R> out, Function<A, R> fn)
            throws SQLException {
        try (DuckDBScalarFunctionBuilder b = DuckDBFunctions.scalarFunction()) {
            b.withName(name)
                    .withParameter(in)
                    .withReturnType(out)
                    .withFunction((A x) -> x == null ? null : fn.apply(x))
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
                    .withFunction((A x, B y) -> x == null || y == null ? null : fn.apply(x, y))
                    .register(c);
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
