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
 * @param profile the GreptimeDB line the server imitates (its version answers, metadata shapes, DoPut rules)
 */
public record QueryContext(
        String catalog, String schema, ZoneId timeZone, Map<String, String> hints, String user, EngineProfile profile) {

    public static final String DEFAULT_CATALOG = "greptime";
    public static final String DEFAULT_SCHEMA = "public";

    public QueryContext {
        hints = Map.copyOf(hints);
        profile = profile == null ? EngineProfile.NEWEST : profile;
    }

    /** A context of the newest line. */
    public QueryContext(String catalog, String schema, ZoneId timeZone, Map<String, String> hints, String user) {
        this(catalog, schema, timeZone, hints, user, EngineProfile.NEWEST);
    }

    public static QueryContext defaults() {
        return new QueryContext(DEFAULT_CATALOG, DEFAULT_SCHEMA, ZoneId.of("UTC"), Map.of(), null);
    }

    public QueryContext withSchema(String newSchema) {
        return new QueryContext(catalog, newSchema, timeZone, hints, user, profile);
    }

    public QueryContext withProfile(EngineProfile newProfile) {
        return new QueryContext(catalog, schema, timeZone, hints, user, newProfile);
    }

    public QueryContext withTimeZone(ZoneId zone) {
        return new QueryContext(catalog, schema, zone, hints, user, profile);
    }
}
