package io.greptime.jdbc.tck.engine.duckdb.exec;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.functions.FunctionLines;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns DuckDB's exceptions into GreptimeDB's status codes and message shapes; never leaks them raw. */
public final class Errors {
    private static final Pattern MISSING_COLUMN =
            Pattern.compile("Referenced column \"?([^\"]+)\"? (?:was )?not found", Pattern.CASE_INSENSITIVE);
    private static final Pattern MISSING_TABLE =
            Pattern.compile("Table with name ([^ ]+) does not exist", Pattern.CASE_INSENSITIVE);

    private Errors() {}

    private static final String EXTERNAL_ARGS = "External error: Invalid function args: ";

    /**
     * The error as the profile's line shows it. Up to v0.17 GreptimeDB's scalar functions ran behind an adapter
     * that wrapped their argument errors as DataFusion's External error; from v1.0 they are DataFusion functions
     * themselves and the message reads {@code Invalid function args: ...} bare (a real v1.0.0 answers
     * ipv4_string_to_num('1.2.3') and vec_subvector's bad indices so).
     */
    public static GreptimeError forLine(GreptimeError e, io.greptime.jdbc.tck.engine.EngineProfile profile) {
        String msg = e.getMessage();
        if (msg == null
                || !msg.startsWith(EXTERNAL_ARGS)
                || FunctionLines.line(profile) < FunctionLines.LINES.indexOf("1.0")) {
            return e;
        }
        return new GreptimeError(e.status(), msg.substring("External error: ".length()), e);
    }

    public static GreptimeError tableNotFound(String schema, String table) {
        return new GreptimeError(
                StatusCode.TABLE_NOT_FOUND, "Table not found: " + Catalog.CATALOG + "." + schema + "." + table);
    }

    public static GreptimeError databaseNotFound(String schema) {
        return new GreptimeError(StatusCode.DATABASE_NOT_FOUND, "Database not found: " + schema);
    }

    public static GreptimeError readOnly(String schema) {
        return new GreptimeError(StatusCode.UNSUPPORTED, "Schema `" + schema + "` is read-only");
    }

    /** Prefix of an error SQL raises on purpose with GreptimeDB's status: {@code error('GT3001:message')}. */
    public static final String RAISED = "GT";

    private static final Pattern RAISED_ERROR = Pattern.compile("\\bGT(\\d{4}):(.*)$");

    /** SQL that fails with GreptimeDB's status {@code code} and {@code message} when evaluated. */
    public static String raise(io.greptime.jdbc.proto.StatusCode code, String message) {
        return "error(" + "'" + (RAISED + code.code() + ":" + message).replace("'", "''") + "'" + ")";
    }

    /** Maps a DuckDB failure; {@code schema} names the current database for not-found messages. */
    public static GreptimeError map(SQLException e, String schema) {
        String msg = firstLine(e.getMessage());
        Matcher raised = RAISED_ERROR.matcher(msg);
        if (raised.find()) {
            StatusCode code = StatusCode.fromCode(Integer.parseInt(raised.group(1)));
            return new GreptimeError(code == null ? StatusCode.INTERNAL : code, raised.group(2), e);
        }
        if (msg.contains("Division by zero") || msg.contains("division by zero")) {
            return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Divide by zero error", e);
        }
        Matcher m = MISSING_COLUMN.matcher(msg);
        if (m.find()) {
            String field = m.group(1).equals(m.group(1).toLowerCase(java.util.Locale.ROOT))
                    ? m.group(1)
                    : "\"" + m.group(1) + "\"";
            return new GreptimeError(StatusCode.PLAN_QUERY, "Failed to plan SQL: No field named " + field + ".", e);
        }
        m = MISSING_TABLE.matcher(msg);
        if (m.find()) {
            return new GreptimeError(
                    StatusCode.TABLE_NOT_FOUND,
                    "Failed to plan SQL: Table not found: greptime." + schema + "."
                            + m.group(1).replace("\"", ""),
                    e);
        }
        String body = strip(msg);
        if (msg.startsWith("Parser Error")) {
            return new GreptimeError(StatusCode.INVALID_SYNTAX, "sql parser error: " + body, e);
        }
        if (msg.startsWith("Binder Error") || msg.startsWith("Catalog Error")) {
            return new GreptimeError(StatusCode.PLAN_QUERY, "Failed to plan SQL: Error during planning: " + body, e);
        }
        GreptimeError unsupported = UnsupportedCasts.map(body, e);
        if (unsupported != null) {
            return unsupported;
        }
        GreptimeError cast = msg.startsWith("Conversion Error") ? CastErrors.map(body, e) : null;
        if (cast != null) {
            return cast;
        }
        GreptimeError regex = msg.startsWith("Invalid Input Error") ? regexError(body, e) : null;
        if (regex != null) {
            return regex;
        }
        if (msg.startsWith("Conversion Error")
                || msg.startsWith("Invalid Input Error")
                || msg.startsWith("Constraint Error")
                || msg.startsWith("Out of Range Error")) {
            return new GreptimeError(StatusCode.INVALID_ARGUMENTS, "Invalid argument: " + body, e);
        }
        if (msg.startsWith("Not implemented Error")) {
            return new GreptimeError(StatusCode.UNSUPPORTED, "Not supported: " + body, e);
        }
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Failed to execute query: " + body, e);
    }

    /** The errors RE2 (DuckDB's regex engine) reports for a pattern it cannot parse, before ": pattern". */
    private static final java.util.List<String> RE2_ERRORS = java.util.List.of(
            "invalid escape sequence",
            "invalid character class range",
            "invalid character class",
            "missing ]",
            "missing )",
            "unexpected )",
            "trailing \\",
            "no argument for repetition operator",
            "invalid repetition size",
            "bad repetition operator",
            "invalid perl operator",
            "invalid named capture group");

    /**
     * A pattern the regex engine cannot parse fails the query while it executes in GreptimeDB (3001), with the
     * regex crate's parse error text where it names the error alike; null when the error is no regex error.
     */
    private static GreptimeError regexError(String body, SQLException e) {
        for (String kind : RE2_ERRORS) {
            if (body.startsWith(kind + ": ")) {
                String pattern = body.substring(kind.length() + 2);
                String rust = io.greptime.jdbc.tck.engine.duckdb.functions.TextFunctions.rustParseError(kind, pattern);
                return new GreptimeError(
                        StatusCode.ENGINE_EXECUTE_QUERY,
                        rust != null ? rust : "regex parse error:\n    " + pattern + "\nerror: " + kind,
                        e);
            }
        }
        return null;
    }

    private static String firstLine(String msg) {
        if (msg == null) {
            return "";
        }
        int nl = msg.indexOf('\n');
        return nl < 0 ? msg : msg.substring(0, nl);
    }

    private static String strip(String msg) {
        int colon = msg.indexOf(": ");
        return colon > 0 && colon < 30 ? msg.substring(colon + 2) : msg;
    }
}
