package io.greptime.jdbc.tck.engine.duckdb.sql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;

/**
 * {@code X'...'} literals as DataFusion plans sqlparser's hex string literal: the digits decoded two by two, an odd
 * count read with a leading zero ({@code X'abc'} is bytes 10, 188 on GreptimeDB v1.0.0), anything but hex digits a
 * planning error, and the column named as DataFusion prints a Binary scalar ({@code Binary("10,188")}).
 */
final class HexLiterals {
    private HexLiterals() {}

    /** The digits, checked and padded to an even count, for DuckDB's {@code from_hex}. */
    static String digits(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.digit(text.charAt(i), 16) < 0) {
                throw new GreptimeError(
                        StatusCode.PLAN_QUERY,
                        "Failed to plan SQL: Error during planning: Invalid HexStringLiteral '" + text + "'");
            }
        }
        return text.length() % 2 == 0 ? text : "0" + text;
    }

    /** The column name DataFusion gives the literal: its bytes in decimal, comma-separated. */
    static String name(String text) {
        String hex = digits(text);
        StringBuilder sb = new StringBuilder("Binary(\"");
        for (int i = 0; i < hex.length(); i += 2) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(Integer.parseInt(hex.substring(i, i + 2), 16));
        }
        return sb.append("\")").toString();
    }
}
