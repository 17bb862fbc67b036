package io.greptime.jdbc.arrow.flight;

import com.google.protobuf.InvalidProtocolBufferException;
import io.greptime.jdbc.proto.v1.FlightMetadata;
import java.nio.charset.StandardCharsets;

/**
 * Reads the {@code app_metadata} of GreptimeDB's Flight messages: protobuf {@code FlightMetadata}
 * with affected rows (DML/DDL) or metrics JSON (after the last batch of a query).
 */
final class FlightMessages {
    private String metricsJson;

    /** Remembers the metrics of a message; metadata that is not FlightMetadata is ignored. */
    void record(byte[] appMetadata) {
        if (appMetadata == null) {
            return;
        }
        try {
            FlightMetadata metadata = FlightMetadata.parseFrom(appMetadata);
            if (metadata.hasMetrics()) {
                metricsJson = metadata.getMetrics().getMetrics().toString(StandardCharsets.UTF_8);
            }
        } catch (InvalidProtocolBufferException e) {
            // metrics are opaque and optional; a malformed frame must not fail the query
        }
    }

    /** Affected rows of the schema-less DML/DDL message. */
    long affectedRows(byte[] appMetadata) throws FlightCallException {
        if (appMetadata == null) {
            throw FlightCallException.local("DoGet answered with neither a schema nor affected rows", null);
        }
        try {
            FlightMetadata metadata = FlightMetadata.parseFrom(appMetadata);
            if (metadata.hasMetrics()) {
                metricsJson = metadata.getMetrics().getMetrics().toString(StandardCharsets.UTF_8);
            }
            // uint32 on the wire
            return Integer.toUnsignedLong(metadata.getAffectedRows().getValue());
        } catch (InvalidProtocolBufferException e) {
            throw FlightCallException.local("Unreadable FlightMetadata in a DoGet answer", e);
        }
    }

    String metricsJson() {
        return metricsJson;
    }
}
