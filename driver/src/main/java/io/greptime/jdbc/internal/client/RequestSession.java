package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.internal.observe.TraceSupport;
import io.greptime.jdbc.proto.v1.AuthHeader;
import io.greptime.jdbc.proto.v1.Basic;
import io.greptime.jdbc.proto.v1.RequestHeader;
import java.time.ZoneId;
import java.util.Map;

/**
 * The session state written into every request: GreptimeDB keeps no session over gRPC (protocol.md
 * §3.1), so the driver sends database, time zone and credentials each time.
 *
 * @param database sent as {@code dbname} exactly as given ({@code catalog-schema} or a schema)
 * @param timeZone sent as its id (IANA name or offset)
 * @param user Basic auth user, or null for none
 * @param password Basic auth password, or null
 * @param hints sent as {@code x-greptime-hints} metadata
 */
public record RequestSession(
        String database, ZoneId timeZone, String user, String password, Map<String, String> hints) {

    public RequestSession {
        hints = Map.copyOf(hints);
    }

    public RequestSession withDatabase(String db) {
        return new RequestSession(db, timeZone, user, password, hints);
    }

    public RequestSession withTimeZone(ZoneId zone) {
        return new RequestSession(database, zone, user, password, hints);
    }

    /** The same session with no user: what an anonymous client sends (frontend discovery checks with it). */
    public RequestSession withoutCredentials() {
        return new RequestSession(database, timeZone, null, null, hints);
    }

    /** The RequestHeader for one request. */
    public RequestHeader toHeader() {
        RequestHeader.Builder b = RequestHeader.newBuilder().setDbname(database).setTimezone(zoneHeader(timeZone));
        if (user != null) {
            b.setAuthorization(AuthHeader.newBuilder()
                    .setBasic(Basic.newBuilder().setUsername(user).setPassword(password == null ? "" : password)));
        }
        TraceSupport.inject(b);
        return b.build();
    }

    /**
     * The zone as GreptimeDB reads it (IANA name, {@code +hh:mm} or {@code UTC}); Java spellings such as
     * {@code GMT+08:00} or {@code Z} would silently become UTC on the server.
     */
    static String zoneHeader(ZoneId zone) {
        ZoneId z = zone.normalized();
        if (z instanceof java.time.ZoneOffset offset) {
            return offset.getTotalSeconds() == 0 ? "UTC" : offset.getId();
        }
        return z.getId();
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return "RequestSession[database=" + database + ", timeZone=" + timeZone + ", user=" + user + ", password="
                + (password == null ? "null" : "***") + ", hints=" + hints + "]";
    }
}
