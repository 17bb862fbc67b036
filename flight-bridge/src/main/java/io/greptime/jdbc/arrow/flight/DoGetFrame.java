package io.greptime.jdbc.arrow.flight;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import io.grpc.MethodDescriptor;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;

/**
 * One Flight {@code FlightData} message of a DoGet answer, kept as the bytes gRPC received: the fields are
 * ranges of {@link #bytes}, so the body is never copied before it is decoded into Arrow buffers.
 *
 * @param bytes the whole protobuf message
 * @param header offset and length of {@code data_header} (the IPC Message flatbuffer), length 0 when absent
 * @param body offset and length of {@code data_body}
 * @param metadata offset and length of {@code app_metadata} (GreptimeDB's FlightMetadata), length -1 when absent
 */
record DoGetFrame(
        byte[] bytes,
        int headerOffset,
        int headerLength,
        int bodyOffset,
        int bodyLength,
        int metadataOffset,
        int metadataLength) {
    private static final int DATA_HEADER = 2;
    private static final int APP_METADATA = 3;
    private static final int DATA_BODY = 1000;

    /** The IPC message header as a buffer positioned at its start. */
    ByteBuffer header() {
        return ByteBuffer.wrap(bytes, headerOffset, headerLength).slice();
    }

    /** The app_metadata bytes, or null when the frame has none. */
    byte[] metadata() {
        if (metadataLength < 0) {
            return null;
        }
        byte[] copy = new byte[metadataLength];
        System.arraycopy(bytes, metadataOffset, copy, 0, metadataLength);
        return copy;
    }

    /** Reads the fields of a FlightData message, skipping any it does not know (flight_descriptor). */
    static DoGetFrame parse(byte[] bytes) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(bytes);
        int[] ranges = {0, 0, 0, 0, 0, -1};
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            int field = WireFormat.getTagFieldNumber(tag);
            int slot = field == DATA_HEADER ? 0 : field == DATA_BODY ? 2 : field == APP_METADATA ? 4 : -1;
            if (slot < 0 || WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                in.skipField(tag);
                continue;
            }
            int length = in.readRawVarint32();
            if (length < 0 || length > bytes.length - in.getTotalBytesRead()) {
                throw new IOException("FlightData field " + field + " claims " + length + " bytes past the message");
            }
            ranges[slot] = in.getTotalBytesRead();
            ranges[slot + 1] = length;
            in.skipRawBytes(length);
        }
        return new DoGetFrame(bytes, ranges[0], ranges[1], ranges[2], ranges[3], ranges[4], ranges[5]);
    }

    /** gRPC's unmarshaller for DoGet answers: reads the message into one array and parses its fields. */
    static final class Marshaller implements MethodDescriptor.Marshaller<DoGetFrame> {
        @Override
        public InputStream stream(DoGetFrame value) {
            return new ByteArrayInputStream(value.bytes);
        }

        @Override
        public DoGetFrame parse(InputStream stream) {
            try (stream) {
                int known = stream.available(); // gRPC's inbound streams know their length
                byte[] bytes = known > 0 ? stream.readNBytes(known) : new byte[0];
                byte[] rest = stream.readAllBytes();
                if (rest.length > 0) {
                    byte[] all = new byte[bytes.length + rest.length];
                    System.arraycopy(bytes, 0, all, 0, bytes.length);
                    System.arraycopy(rest, 0, all, bytes.length, rest.length);
                    bytes = all;
                }
                return DoGetFrame.parse(bytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
