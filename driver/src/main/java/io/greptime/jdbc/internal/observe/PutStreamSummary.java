package io.greptime.jdbc.internal.observe;

import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.flight.impl.Flight;

/**
 * What one Flight DoPut stream carried, read from the frames as they are sent: the table from the first
 * frame's descriptor, and the row count of each record batch from its IPC message header (a flatbuffer
 * read per batch, no look at the data). Frames are sent by one thread at a time.
 */
final class PutStreamSummary {
    private String table;
    private long batches;
    private long rows;

    /** Notes one outgoing frame; returns the rows of the record batch it carries (0 for other frames). */
    long onFrame(Object message) {
        if (!(message instanceof Flight.FlightData frame)) {
            return 0;
        }
        if (table == null
                && frame.hasFlightDescriptor()
                && frame.getFlightDescriptor().getPathCount() > 0) {
            table = frame.getFlightDescriptor()
                    .getPath(frame.getFlightDescriptor().getPathCount() - 1);
        }
        if (frame.getDataHeader().isEmpty()) {
            return 0;
        }
        Message header = Message.getRootAsMessage(frame.getDataHeader().asReadOnlyByteBuffer());
        if (header.headerType() == MessageHeader.RecordBatch) {
            RecordBatch batch = (RecordBatch) header.header(new RecordBatch());
            if (batch != null) {
                batches++;
                rows += batch.length();
                return batch.length();
            }
        }
        return 0;
    }

    String table() {
        return table == null ? "?" : table;
    }

    long batches() {
        return batches;
    }

    long rows() {
        return rows;
    }
}
