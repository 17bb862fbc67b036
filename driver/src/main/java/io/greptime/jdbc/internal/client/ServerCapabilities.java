package io.greptime.jdbc.internal.client;

import io.greptime.jdbc.GreptimeServerCapability;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * What one GreptimeDB endpoint can do, derived once from its version (fidelity findings B1-B5, C1, C2, C5,
 * C8 of the audit; protocol.md §4, §6, §9). Routing, headers, metadata queries and retry rules ask this,
 * never a version string. An unknown or unparsable version gets {@link #CONSERVATIVE}: the set that is
 * safe on the oldest supported line, never the newest.
 */
public final class ServerCapabilities {
    /** What the driver assumes when the version is unknown: the v0.14 line's limits. */
    public static final ServerCapabilities CONSERVATIVE = new ServerCapabilities(null);

    private final ServerVersion version;

    private ServerCapabilities(ServerVersion version) {
        this.version = version;
    }

    /** The newest line the driver's rules were read for: HEAD and nightlies report 1.3.0. */
    public static final ServerVersion NEWEST_KNOWN_LINE = ServerVersion.of(1, 3, 0);

    /**
     * The capabilities of {@code version}; {@link #CONSERVATIVE} for a line newer than
     * {@link #NEWEST_KNOWN_LINE}, whose rules nobody has read (a release may drop what an older one took, so
     * the newest known set is no safer a guess than the oldest, and the oldest never loses a row).
     */
    public static ServerCapabilities of(ServerVersion version) {
        return newerThanKnown(version) ? CONSERVATIVE : new ServerCapabilities(version);
    }

    /** Whether {@code version} is of a line after {@link #NEWEST_KNOWN_LINE} (1.4 or 2.0, pre-releases too). */
    public static boolean newerThanKnown(ServerVersion version) {
        return version.major() != NEWEST_KNOWN_LINE.major()
                ? version.major() > NEWEST_KNOWN_LINE.major()
                : version.minor() > NEWEST_KNOWN_LINE.minor();
    }

    /** The capabilities of a version string, {@link #CONSERVATIVE} when it does not parse. */
    public static ServerCapabilities ofVersionText(String text) {
        return ServerVersion.parse(text).map(ServerCapabilities::of).orElse(CONSERVATIVE);
    }

    /**
     * What two endpoints of one connection can both do: every gate is "this version or later", so that is the
     * lower version's set (an unknown version, the conservative set, is lowest of all).
     */
    public ServerCapabilities lowest(ServerCapabilities other) {
        if (version == null || other == null) {
            return this;
        }
        if (other.version == null) {
            return other;
        }
        return version.compareTo(other.version) <= 0 ? this : other;
    }

    /** The version these were derived from; empty when it was unknown. */
    public Optional<ServerVersion> version() {
        return Optional.ofNullable(version);
    }

    private boolean atLeast(int major, int minor, int patch) {
        return version != null && version.atLeast(major, minor, patch);
    }

    /** DoPut writes rows (v0.15+). On v0.14 it is a stub that answers the body's byte length (B1, A4). */
    public boolean writesDoPut() {
        return atLeast(0, 15, 0);
    }

    /**
     * Rows written with DoPut reach streaming flows. They never do, on any release: bulk inserts only mark
     * time windows dirty for the batching engine, and a {@code ttl='instant'} source keeps nothing for the
     * flow (audit A1; {@code v0.15.0:src/operator/src/bulk_insert.rs:237-282},
     * {@code HEAD:src/flow/src/adapter/flownode_impl.rs:1007-1013}). A method rather than a constant so that a
     * release that changes this needs one line here.
     */
    public boolean bulkWritesReachStreamingFlows() {
        return false;
    }

    /** DoPut's {@code x-greptime-auth} may be {@code Basic <b64>}; before v0.17 only bare base64 (B2). */
    public boolean acceptsBasicPutAuth() {
        return atLeast(0, 17, 0);
    }

    /**
     * The server fills columns a DoPut batch leaves out (v1.1+). Before, a column subset panics (v0.15-v0.17)
     * or is refused (v1.0), so the driver sends the table's full column set (B4).
     */
    public boolean fillsMissingPutColumns() {
        return atLeast(1, 1, 0);
    }

    /** DoPut into metric-engine tables; not before v1.0, and from v1.0 only for sparse encoding (B5). */
    public boolean putsIntoMetricTables() {
        return false;
    }

    /** DoPut into {@code memtable.type='partition_tree'} tables (refused up to v1.0; flat format after). */
    public boolean putsIntoPartitionTree() {
        return atLeast(1, 1, 0);
    }

    /** DoPut refuses dictionary-encoded columns on v0.15-v0.17 and decodes them from v1.0. */
    public boolean decodesPutDictionaries() {
        return atLeast(1, 0, 0);
    }

    /** DoPut acknowledges the call at once with request_id 0 (v1.0.0-beta.3+) instead of the schema frame. */
    public boolean acksPutImmediately() {
        return version != null
                && version.compareTo(ServerVersion.parse("1.0.0-beta.3").orElseThrow()) >= 0;
    }

    /** Error trailers carry {@code x-greptime-err-retry-hint} (v1.2.0-beta.1+). */
    public boolean sendsRetryHint() {
        return version != null
                && version.compareTo(ServerVersion.parse("1.2.0-beta.1").orElseThrow()) >= 0;
    }

    /**
     * {@code information_schema.key_column_usage} has one row per constraint with {@code PRIMARY}'s key order
     * (v1.1+); before, one row per column aggregates constraint names and {@code ordinal_position} is the
     * column's position in the table (C2).
     */
    public boolean splitsKeyColumnUsage() {
        return atLeast(1, 1, 0);
    }

    /** JSON2 columns (native Arrow struct/list marked {@code greptime:type=Json}) may appear (HEAD, 1.3). */
    public boolean hasJson2() {
        return atLeast(1, 3, 0);
    }

    /** The public view of these capabilities. */
    public Set<GreptimeServerCapability> asSet() {
        Set<GreptimeServerCapability> out = EnumSet.noneOf(GreptimeServerCapability.class);
        add(out, writesDoPut(), GreptimeServerCapability.BULK_WRITES);
        add(out, acceptsBasicPutAuth(), GreptimeServerCapability.BASIC_AUTH_ON_BULK_WRITES);
        add(out, fillsMissingPutColumns(), GreptimeServerCapability.BULK_WRITES_FILL_MISSING_COLUMNS);
        add(out, putsIntoPartitionTree(), GreptimeServerCapability.BULK_WRITES_INTO_PARTITION_TREE);
        add(out, decodesPutDictionaries(), GreptimeServerCapability.BULK_WRITES_WITH_DICTIONARIES);
        add(out, acksPutImmediately(), GreptimeServerCapability.IMMEDIATE_BULK_ACK);
        add(out, sendsRetryHint(), GreptimeServerCapability.RETRY_HINTS);
        add(out, splitsKeyColumnUsage(), GreptimeServerCapability.KEY_COLUMN_USAGE_PER_CONSTRAINT);
        add(out, hasJson2(), GreptimeServerCapability.JSON2);
        return java.util.Collections.unmodifiableSet(out);
    }

    private static void add(Set<GreptimeServerCapability> out, boolean has, GreptimeServerCapability c) {
        if (has) {
            out.add(c);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServerCapabilities c && java.util.Objects.equals(version, c.version);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hashCode(version);
    }

    @Override
    public String toString() {
        return "ServerCapabilities{" + (version == null ? "unknown version" : version.toString()) + "}";
    }
}
