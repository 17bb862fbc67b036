package io.greptime.jdbc.examples;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The wire's floor for {@link ConnectBenchmark}: the same two calls as the driver's connect and first query
 * (a gRPC {@code HealthCheck}, then a Flight {@code DoGet} of one SQL statement), written by hand as HTTP/2
 * frames over a {@code java.net.Socket}, with no gRPC, netty, protobuf or Arrow class loaded. It reads the
 * answers' frames without decoding them (no HPACK, no Arrow IPC): what remains is the JDK's own socket
 * classes, the round trips and the server's work, which is how much of a library client's cold start is
 * not the libraries' class loading and compilation. Not a client: one connection, two streams, no flow
 * control beyond the initial windows (enough for a one-row answer).
 */
final class Http2Floor implements AutoCloseable {
    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int DATA = 0x0;
    private static final int HEADERS = 0x1;
    private static final int RST_STREAM = 0x3;
    private static final int SETTINGS = 0x4;
    private static final int PING = 0x6;
    private static final int GOAWAY = 0x7;
    private static final int END_STREAM = 0x1;
    private static final int ACK = 0x1;
    private static final int END_HEADERS = 0x4;

    private final Socket socket;
    private final OutputStream out;
    private final DataInputStream in;
    private final String authority;
    private int nextStream = 1;

    Http2Floor(String host, int port) throws IOException {
        socket = new Socket(host, port);
        socket.setTcpNoDelay(true);
        out = socket.getOutputStream();
        in = new DataInputStream(socket.getInputStream());
        authority = host + ":" + port;
        out.write(PREFACE);
        frame(SETTINGS, 0, 0, new byte[0]);
    }

    /** {@code /greptime.v1.HealthCheck/HealthCheck} with an empty request; the answer's message bytes. */
    long healthCheck() throws IOException {
        return call("/greptime.v1.HealthCheck/HealthCheck", new byte[0]);
    }

    /** Flight {@code DoGet} of {@code sql} on {@code database}; the bytes of FlightData messages answered. */
    long doGet(String database, String sql) throws IOException {
        // GreptimeRequest { header(1) { dbname(4) }, query(3) { sql(1) } }, written as protobuf by hand
        byte[] header = field(4, database.getBytes(StandardCharsets.UTF_8));
        byte[] query = field(1, sql.getBytes(StandardCharsets.UTF_8));
        byte[] request = concat(field(1, header), field(3, query));
        // Ticket { ticket(1) }
        return call("/arrow.flight.protocol.FlightService/DoGet", field(1, request));
    }

    /** One unary-request call: HEADERS, one gRPC message, then frames until the trailers end the stream. */
    private long call(String path, byte[] message) throws IOException {
        int stream = nextStream;
        nextStream += 2;
        ByteArrayOutputStream h = new ByteArrayOutputStream();
        literal(h, ":method", "POST");
        literal(h, ":scheme", "http");
        literal(h, ":path", path);
        literal(h, ":authority", authority);
        literal(h, "content-type", "application/grpc");
        literal(h, "te", "trailers");
        frame(HEADERS, END_HEADERS, stream, h.toByteArray());
        byte[] grpc = new byte[5 + message.length];
        grpc[1] = (byte) (message.length >>> 24);
        grpc[2] = (byte) (message.length >>> 16);
        grpc[3] = (byte) (message.length >>> 8);
        grpc[4] = (byte) message.length;
        System.arraycopy(message, 0, grpc, 5, message.length);
        frame(DATA, END_STREAM, stream, grpc);
        out.flush();
        long answered = 0;
        while (true) {
            int length = (in.readUnsignedShort() << 8) | in.readUnsignedByte();
            int type = in.readUnsignedByte();
            int flags = in.readUnsignedByte();
            int id = in.readInt() & 0x7FFFFFFF;
            byte[] payload = in.readNBytes(length);
            if (type == SETTINGS && (flags & ACK) == 0) {
                frame(SETTINGS, ACK, 0, new byte[0]);
                out.flush();
            } else if (type == PING && (flags & ACK) == 0) {
                frame(PING, ACK, 0, payload);
                out.flush();
            } else if (type == GOAWAY || (type == RST_STREAM && id == stream)) {
                throw new IOException("the server ended " + path + " (frame type " + type + ")");
            } else if (id == stream && type == DATA) {
                answered += payload.length;
            }
            if (id == stream && (flags & END_STREAM) != 0) {
                if (answered < 5) {
                    throw new IOException(path + " answered no message");
                }
                return answered;
            }
        }
    }

    private void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        out.write(new byte[] {
            (byte) (payload.length >>> 16),
            (byte) (payload.length >>> 8),
            (byte) payload.length,
            (byte) type,
            (byte) flags,
            (byte) (stream >>> 24),
            (byte) (stream >>> 16),
            (byte) (stream >>> 8),
            (byte) stream
        });
        out.write(payload);
    }

    /** HPACK "literal header field without indexing, new name", no Huffman coding (RFC 7541 §6.2.2). */
    private static void literal(ByteArrayOutputStream h, String name, String value) {
        h.write(0);
        string(h, name.getBytes(StandardCharsets.US_ASCII));
        string(h, value.getBytes(StandardCharsets.US_ASCII));
    }

    private static void string(ByteArrayOutputStream h, byte[] s) {
        integer(h, s.length, 7, 0);
        h.writeBytes(s);
    }

    /** An HPACK integer with an n-bit prefix (RFC 7541 §5.1). */
    private static void integer(ByteArrayOutputStream h, int value, int bits, int high) {
        int max = (1 << bits) - 1;
        if (value < max) {
            h.write(high | value);
            return;
        }
        h.write(high | max);
        value -= max;
        while (value >= 128) {
            h.write((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        h.write(value);
    }

    /** A length-delimited protobuf field. */
    private static byte[] field(int number, byte[] value) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        varint(b, (number << 3) | 2);
        varint(b, value.length);
        b.writeBytes(value);
        return b.toByteArray();
    }

    private static void varint(ByteArrayOutputStream b, int v) {
        while ((v & ~0x7F) != 0) {
            b.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        b.write(v);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
