package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.QueryContext;
import io.grpc.Metadata;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Builds the per-request {@link QueryContext} the way GreptimeDB's gRPC front does (protocol.md §2.1,
 * §3.1, §8, §10): database from the header (or {@code x-greptime-db-name} for DoPut), time zone with
 * silent UTC fallback, hints from metadata.
 */
final class RequestContexts {
    static final Metadata.Key<String> DB_NAME = Metadata.Key.of("x-greptime-db-name", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> HINTS = Metadata.Key.of("x-greptime-hints", Metadata.ASCII_STRING_MARSHALLER);
    private static final String HINT_PREFIX = "x-greptime-hint-";
    private static final Pattern OFFSET = Pattern.compile("[+-]\\d{1,2}:\\d{2}");
    private static final Map<String, String> ZONES_BY_LOWER_NAME = new HashMap<>();

    static {
        for (String id : ZoneId.getAvailableZoneIds()) {
            // chrono-tz is built from the IANA tz database, whose "systemv" file went away in 2020b; the JDK
            // still lists those ids, GreptimeDB does not know them (parse_timezone makes them UTC)
            if (!id.startsWith("SystemV/")) {
                ZONES_BY_LOWER_NAME.put(id.toLowerCase(Locale.ROOT), id);
            }
        }
    }

    private RequestContexts() {}

    /** Context for Handle / HandleRequests / DoGet: everything but hints comes from the header. */
    static QueryContext fromHeader(RequestHeader header, Metadata metadata, String user, ServerProfile profile) {
        String[] db = database(header);
        return new QueryContext(db[0], db[1], timeZone(header.getTimezone()), hints(metadata), user, profile);
    }

    /** Context for DoPut: database from {@code x-greptime-db-name}, no time zone, no hints. */
    static QueryContext forPut(Metadata metadata, String user, ServerProfile profile) {
        String dbName = metadata.get(DB_NAME);
        String[] db = dbName == null || dbName.isEmpty()
                ? new String[] {QueryContext.DEFAULT_CATALOG, QueryContext.DEFAULT_SCHEMA}
                : splitDbName(dbName);
        return new QueryContext(db[0], db[1], ZoneOffset.UTC, Map.of(), user, profile);
    }

    /** {catalog, schema}: a non-empty dbname wins and keeps its case; otherwise lower-cased fields. */
    static String[] database(RequestHeader header) {
        if (!header.getDbname().isEmpty()) {
            return splitDbName(header.getDbname());
        }
        String catalog = header.getCatalog().toLowerCase(Locale.ROOT);
        String schema = header.getSchema().toLowerCase(Locale.ROOT);
        return new String[] {
            catalog.isEmpty() ? QueryContext.DEFAULT_CATALOG : catalog,
            schema.isEmpty() ? QueryContext.DEFAULT_SCHEMA : schema
        };
    }

    private static String[] splitDbName(String dbName) {
        int dash = dbName.indexOf('-');
        if (dash < 0) {
            return new String[] {QueryContext.DEFAULT_CATALOG, dbName};
        }
        return new String[] {dbName.substring(0, dash), dbName.substring(dash + 1)};
    }

    /** IANA names (any case), {@code ±hh:mm}, {@code SYSTEM}; empty or invalid is UTC, silently. */
    static ZoneId timeZone(String text) {
        String tz = text.trim();
        if (tz.isEmpty()) {
            return ZoneOffset.UTC;
        }
        if (tz.equalsIgnoreCase("SYSTEM")) {
            return ZoneId.systemDefault();
        }
        try {
            if (OFFSET.matcher(tz).matches()) {
                return ZoneOffset.of(tz.length() == 5 ? tz.charAt(0) + "0" + tz.substring(1) : tz);
            }
            String id = ZONES_BY_LOWER_NAME.get(tz.toLowerCase(Locale.ROOT));
            return id == null ? ZoneOffset.UTC : ZoneId.of(id);
        } catch (DateTimeException e) {
            return ZoneOffset.UTC;
        }
    }

    /**
     * {@code x-greptime-hints: k=v, k2=v2}, or the legacy {@code x-greptime-hint-<key>} headers when that
     * one is absent; keys lower-cased. Invalid values of checked hints are InvalidArguments.
     */
    static Map<String, String> hints(Metadata metadata) {
        Map<String, String> hints = new LinkedHashMap<>();
        String combined = metadata.get(HINTS);
        if (combined != null) {
            for (String pair : combined.split(",")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    putHint(hints, pair.substring(0, eq), pair.substring(eq + 1));
                }
            }
        } else {
            for (String name : metadata.keys()) {
                if (name.startsWith(HINT_PREFIX) && !name.endsWith(Metadata.BINARY_HEADER_SUFFIX)) {
                    String value = metadata.get(Metadata.Key.of(name, Metadata.ASCII_STRING_MARSHALLER));
                    putHint(hints, name.substring(HINT_PREFIX.length()), value == null ? "" : value);
                }
            }
        }
        validate(hints);
        return hints;
    }

    private static void putHint(Map<String, String> hints, String key, String value) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        if (!k.isEmpty()) {
            hints.put(k, value.trim());
        }
    }

    private static void validate(Map<String, String> hints) {
        String autoCreate = hints.get("auto_create_table");
        if (autoCreate != null && !autoCreate.equals("true") && !autoCreate.equals("false")) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid request parameter: auto_create_table hint must be true or false, got: " + autoCreate);
        }
        String readPreference = hints.get("read_preference");
        if (readPreference != null && !readPreference.equalsIgnoreCase("leader")) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Invalid request parameter: unknown hint read_preference: " + readPreference);
        }
    }
}
