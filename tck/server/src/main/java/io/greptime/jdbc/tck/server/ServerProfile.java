package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.tck.engine.EngineProfile;
import java.util.Locale;

/**
 * Which GreptimeDB line the embedded server imitates where releases differ, failures included (fidelity
 * audit §6-§8, protocol.md §4.2, §6.1). Every behaviour is one method, so what a line does differently reads
 * here; the wire front asks the methods of this enum, the engine those of {@link EngineProfile}.
 *
 * <p>What every line shares is not a profile switch: USE answers record batches (so Handle refuses it), and
 * DoPut rows never reach streaming flows.
 */
public enum ServerProfile implements EngineProfile {
    /** v0.14.x: DoPut is a stub; every DoPut message needs JSON app_metadata; bare-base64 DoPut auth. */
    V0_14("0.14.4"),
    /** v0.15-v0.16: DoPut writes; schema ack; bare-base64 DoPut auth; a column subset panics the region. */
    V0_15("0.15.0"),
    /**
     * v0.17 (and v1.0 betas before beta.3): as v0.15, but DoPut also takes {@code Basic <b64>}; no retry hint;
     * DoPut answers the schema message itself with request_id 0 and its answers carry no {@code elapsed_secs}.
     */
    V0_17("0.17.2"),
    /** v1.0.x: immediate DoPut ack with {@code elapsed_secs}; a column subset is refused with ColumnNotFound. */
    V1_0("1.0.0"),
    /**
     * v1.2: errors carry {@code x-greptime-err-retry-hint}; DoPut fills missing columns; key_column_usage
     * has one row per constraint (as from v1.1).
     */
    V1_2("1.2.0-beta.2"),
    /** v1.3 (HEAD and nightlies report 1.3.0): as v1.2. */
    V1_3("1.3.0");

    private final String version;

    ServerProfile(String version) {
        this.version = version;
    }

    private boolean atLeast(ServerProfile p) {
        return compareTo(p) >= 0;
    }

    @Override
    public String version() {
        return version;
    }

    /** Whether error trailers include {@code x-greptime-err-retry-hint} (v1.2.0-beta.1+). */
    public boolean sendsRetryHint() {
        return atLeast(V1_2);
    }

    /**
     * Whether DoPut acks at once (v1.0.0-beta.3+, {@code v1.0.0:src/servers/src/grpc/flight.rs:237-238}) instead
     * of answering the schema message (v0.15-v0.17).
     */
    public boolean acksPutImmediately() {
        return atLeast(V1_0);
    }

    /** Whether DoPut answers include {@code elapsed_secs}: the same releases that ack at once. */
    public boolean sendsElapsedSecs() {
        return atLeast(V1_0);
    }

    /**
     * Whether DoPut stores anything. On v0.14 it looks the table up and answers every batch with the byte
     * length of its body, writing nothing ({@code v0.14.4:src/frontend/src/instance/grpc.rs:233-259}).
     */
    public boolean writesPut() {
        return atLeast(V0_15);
    }

    /**
     * Whether every DoPut message, the schema message included, must carry JSON app_metadata: v0.14 parses it
     * before anything else and ends the call with ParseJson (1004) otherwise
     * ({@code v0.14.4:src/servers/src/grpc/flight.rs:264-273,328-333}). v0.15-v0.17 require it only when it
     * is not empty; from v1.0 unparsable metadata is request 0.
     */
    public boolean requiresPutMetadata() {
        return this == V0_14;
    }

    /**
     * Whether DoPut takes {@code x-greptime-auth: Basic <b64>}. Before v0.17 the whole value is base64-decoded,
     * so only bare base64 passes ({@code v0.16.0:src/servers/src/grpc/greptime_handler.rs:198-202}).
     */
    public boolean acceptsBasicPutAuth() {
        return atLeast(V0_17);
    }

    /** Whether DoPut decodes dictionary batches (v1.0+); v0.15-v0.17 refuse them. */
    public boolean decodesPutDictionaries() {
        return atLeast(V1_0);
    }

    /** Every tagged release has the A2 slow-path bug; V1_3 stands for HEAD, which has the fix. */
    @Override
    public boolean slowInsertReadsNaiveTimestampsInUtc() {
        return this != V1_3;
    }

    @Override
    public String columnKeywordList() {
        return atLeast(V1_0) ? "1.0" : this == V0_17 ? "0.17" : "0.14";
    }

    @Override
    public boolean commentOn() {
        return atLeast(V1_0);
    }

    /**
     * Whether DoGet's LZ4_FRAME IPC compression can be turned off ({@code grpc.flight_compression}, default
     * {@code arrow_ipc} in v0.15.0 through v1.3: src/servers/src/grpc.rs); v0.14's FlightEncoder always
     * compresses (src/common/grpc/src/flight.rs).
     */
    public boolean flightCompressionConfigurable() {
        return atLeast(V0_15);
    }

    @Override
    public boolean metricChecksTimeUnit() {
        return atLeast(V0_15);
    }

    @Override
    public boolean stringTypeHasSizeType() {
        return atLeast(V1_0);
    }

    @Override
    public boolean clusterInfoHasNodeResources() {
        return atLeast(V1_0);
    }

    /**
     * Whether a frontend may run an internal gRPC server (v0.17+), whose address it then advertises as its
     * peer address ({@code v0.17.2:src/frontend/src/heartbeat.rs:59-66}); that server checks no credentials
     * ({@code v0.17.2:src/frontend/src/server.rs:151}, {@code HEAD:src/frontend/src/server.rs:222-228}).
     */
    public boolean hasInternalGrpc() {
        return atLeast(V0_17);
    }

    @Override
    public boolean keyColumnUsagePerConstraint() {
        return atLeast(V1_2);
    }

    @Override
    public MissingColumns missingPutColumns() {
        if (atLeast(V1_2)) {
            return MissingColumns.FILLED;
        }
        return this == V1_0 ? MissingColumns.COLUMN_NOT_FOUND : MissingColumns.PANICS;
    }

    @Override
    public boolean putRefusesExtraColumns() {
        return !atLeast(V1_0);
    }

    @Override
    public boolean exactCastPreimages() {
        return atLeast(V1_2);
    }

    @Override
    public boolean putIntoPartitionTree() {
        return atLeast(V1_2);
    }

    /** Parses {@code v0.14}, {@code 0.17}, {@code v1.2}… (as the standalone main's --profile takes them). */
    public static ServerProfile parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        String bare = t.startsWith("v") ? t.substring(1) : t;
        for (ServerProfile p : values()) {
            if (p.label().substring(1).equals(bare)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown profile '" + text + "' (expected one of " + labels() + ")");
    }

    /** {@code v0.14}, {@code v1.2}…: the name {@link #parse} and {@code --profile} take. */
    public String label() {
        return "v" + name().substring(1).replace('_', '.');
    }

    /** Every label, comma-separated, for help texts. */
    public static String labels() {
        StringBuilder sb = new StringBuilder();
        for (ServerProfile p : values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(p.label());
        }
        return sb.toString();
    }
}
