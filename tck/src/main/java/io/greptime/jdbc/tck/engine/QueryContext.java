package io.greptime.jdbc.tck.engine;

import java.time.ZoneId;
import java.util.Map;

/**
 * What one request carries besides its body: GreptimeDB builds a fresh context per request, so nothing
 * here outlives the request.
 *
 * @param catalog resolved catalog (lower-cased unless it came from dbname), never empty
 * @param schema resolved schema, never empty
 * @param timeZone session zone; an invalid or empty header already became UTC
 * @param hints the x-greptime-hints / x-greptime-hint-* pairs (keys lower-case)
 * @param user the authenticated user, or null when auth is off
 */
public record QueryContext(String catalog, String schema, ZoneId timeZone, Map<String, String> hints, String user) {

    public static final String DEFAULT_CATALOG = "greptime";
    public static final String DEFAULT_SCHEMA = "public";

    public QueryContext {
        hints = Map.copyOf(hints);
    }

    public static QueryContext defaults() {
        return new QueryContext(DEFAULT_CATALOG, DEFAULT_SCHEMA, ZoneId.of("UTC"), Map.of(), null);
    }

    public QueryContext withSchema(String newSchema) {
        return new QueryContext(catalog, newSchema, timeZone, hints, user);
    }

    public QueryContext withTimeZone(ZoneId zone) {
        return new QueryContext(catalog, schema, zone, hints, user);
    }
}
