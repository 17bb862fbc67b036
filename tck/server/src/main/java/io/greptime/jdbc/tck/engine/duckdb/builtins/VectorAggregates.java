package io.greptime.jdbc.tck.engine.duckdb.builtins;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.functions.Utf8Errors;
import io.greptime.jdbc.tck.engine.duckdb.functions.VectorFunctions;
import io.greptime.jdbc.tck.engine.duckdb.parse.SqlAst;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprRenderer;
import io.greptime.jdbc.tck.engine.duckdb.sql.ExprTypes;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * GreptimeDB's vector aggregates (aggrs/vector/sum.rs, product.rs, avg.rs): element-wise sum, product and
 * mean of float32 vectors, answered as vector bytes (Binary). The rows reach {@link #aggregate} joined by a
 * record separator; bytes arrive as {@code b:<hex>}. As GreptimeDB computes them:
 *
 * <ul>
 *   <li>vec_sum and vec_product answer NULL when a row is NULL; vec_avg skips NULL rows;
 *   <li>no rows (or only NULLs for vec_avg) answer NULL;
 *   <li>vec_avg refuses vectors of different lengths ("vectors length not match: VEC_AVG"); for vec_sum and
 *       vec_product GreptimeDB v1.0 panics in nalgebra and the query answers no rows, which this engine does
 *       not imitate: it answers the same error as vec_avg, under the function's name;
 *   <li>the signature lists Utf8 before Binary, so DataFusion casts vector bytes to Utf8 first: bytes that
 *       are not UTF-8 fail as Arrow's cast fails, bytes that are UTF-8 are parsed as vector text.
 * </ul>
 */
final class VectorAggregates {
    static final String SEPARATOR = "\u001e";
    /** Tags a VECTOR column's bytes, which are float32 elements rather than text. */
    private static final String VECTOR_BYTES = "vecbytes:";

    private VectorAggregates() {}

    static boolean handles(String fn) {
        return fn.equals("vec_sum") || fn.equals("vec_product") || fn.equals("vec_avg");
    }

    static String render(ExprRenderer r, SqlAst.Call c) {
        if (c.args().size() != 1 || c.over() != null) {
            return null;
        }
        SqlAst.Expr arg = c.args().get(0);
        GreptimeType t = ExprTypes.of(r.scope, arg);
        if (t != null
                && t.kind() != GreptimeType.Kind.STRING
                && t.kind() != GreptimeType.Kind.BINARY
                && t.kind() != GreptimeType.Kind.VECTOR) {
            // the accumulator factory's Internal error, which reaches the client as its bare code
            throw new GreptimeError(StatusCode.INTERNAL, "Internal error: 1003");
        }
        String x = r.render(arg);
        // a VECTOR column's bytes are its float32 elements; other bytes are read as vector text (see above)
        String bytesTag = t != null && t.kind() == GreptimeType.Kind.VECTOR ? VECTOR_BYTES : VectorFunctions.BYTES;
        String item = "CASE WHEN typeof(" + x + ") = 'BLOB' THEN '" + bytesTag + "' || hex(CAST(" + x
                + " AS BLOB)) ELSE CAST(" + x + " AS VARCHAR) END";
        String rows = "string_agg(" + item + ", chr(30))";
        if (!c.name().equals("vec_avg")) {
            rows = "CASE WHEN bool_or(" + x + " IS NULL) THEN NULL ELSE " + rows + " END";
        }
        return "unhex(gt_vec_aggregate('" + c.name() + "', " + rows + "))";
    }

    /** The aggregate of the joined rows, as hex of the float32 bytes. */
    static String aggregate(String fn, String joined) {
        float[] acc = null;
        long count = 0;
        long offset = 0;
        for (String item : joined.split(SEPARATOR, -1)) {
            String text = item;
            float[] v = null;
            if (item.startsWith(VECTOR_BYTES)) {
                v = VectorFunctions.vector(VectorFunctions.BYTES + item.substring(VECTOR_BYTES.length()));
            } else if (item.startsWith(VectorFunctions.BYTES)) {
                byte[] bytes = HexFormat.of().parseHex(item.substring(VectorFunctions.BYTES.length()));
                text = utf8(bytes, offset);
                offset += bytes.length;
            } else {
                offset += item.getBytes(StandardCharsets.UTF_8).length;
            }
            if (v == null) {
                v = parse(text);
            }
            if (acc == null) {
                acc = v.clone();
            } else if (acc.length != v.length) {
                throw new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        "Execution error: vectors length not match: " + fn.toUpperCase(java.util.Locale.ROOT));
            } else {
                for (int i = 0; i < acc.length; i++) {
                    acc[i] = fn.equals("vec_product") ? acc[i] * v[i] : acc[i] + v[i];
                }
            }
            count++;
        }
        if (fn.equals("vec_avg")) {
            for (int i = 0; i < acc.length; i++) {
                acc[i] = acc[i] / (float) count;
            }
        }
        return VectorFunctions.hex(acc);
    }

    /** Vector text; the aggregates report a bad literal as invalid function arguments (status 3001). */
    private static float[] parse(String text) {
        try {
            return VectorFunctions.parse(text);
        } catch (GreptimeError e) {
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY,
                    e.getMessage().replace("Invalid Vector: ", "Invalid function args: "));
        }
    }

    /**
     * Bytes as UTF-8 text, or Arrow's cast error with Rust's Utf8Error text; {@code offset} is where the value
     * starts in the column's value buffer, which Arrow validates as a whole.
     */
    private static String utf8(byte[] bytes, long offset) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            int[] bad = Utf8Errors.first(bytes);
            String what = bad[1] == 0
                    ? "incomplete utf-8 byte sequence from index " + (offset + bad[0])
                    : "invalid utf-8 sequence of " + bad[1] + " bytes from index " + (offset + bad[0]);
            throw new GreptimeError(
                    StatusCode.ENGINE_EXECUTE_QUERY, "Invalid argument error: Encountered non UTF-8 data: " + what);
        }
    }
}
