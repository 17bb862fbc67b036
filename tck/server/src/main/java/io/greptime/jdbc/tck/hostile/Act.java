package io.greptime.jdbc.tck.hostile;

import com.google.protobuf.ByteString;
import io.greptime.jdbc.proto.v1.AffectedRows;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.Status;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.apache.arrow.flight.impl.Flight;

/**
 * How one call of the {@link HostileServer} misbehaves. Each act wraps the embedded server's honest
 * handling of the call: it may keep the handler from running, hold it back, hide or rewrite what it
 * sends, or end the call (or the whole connection) in the middle.
 */
public abstract class Act {
    Act() {}

    /** Starts the call as this act wants; {@code proxy} is the connection the call came through. */
    abstract <Q, R> ServerCall.Listener<Q> start(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, HostileProxy proxy);

    /** Never answers: reads what the client sends, runs nothing, sends nothing, never ends the call. */
    public static Act stall() {
        return new Act() {
            @Override
            <Q, R> ServerCall.Listener<Q> start(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, HostileProxy proxy) {
                call.request(Integer.MAX_VALUE);
                return new ServerCall.Listener<>() {};
            }
        };
    }

    /** Answers honestly, but only after {@code delay} (the call's thread waits). */
    public static Act late(Duration delay) {
        return new Act() {
            @Override
            <Q, R> ServerCall.Listener<Q> start(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, HostileProxy proxy) {
                sleep(delay);
                return next.startCall(call, headers);
            }
        };
    }

    /** Sends the first {@code messages} answers, then nothing more, and never ends the call. */
    public static Act passThenStall(int messages) {
        return cut(messages, null);
    }

    /** Sends the first {@code messages} answers, then resets the TCP connection (RST). */
    public static Act passThenReset(int messages) {
        return cut(messages, HostileProxy::resetAll);
    }

    /** Fails at once with this status, description and trailers (which may hold anything). */
    public static Act fail(Status.Code code, String description, Map<String, String> trailers) {
        return new Act() {
            @Override
            <Q, R> ServerCall.Listener<Q> start(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, HostileProxy proxy) {
                call.close(Status.fromCode(code).withDescription(description), metadata(trailers));
                return new ServerCall.Listener<>() {};
            }
        };
    }

    /** Runs the call honestly but ends it with this status and trailers instead of its own. */
    public static Act endWith(Status.Code code, String description, Map<String, String> trailers) {
        return new Act() {
            @Override
            <Q, R> ServerCall.Listener<Q> start(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, HostileProxy proxy) {
                return next.startCall(
                        new SimpleForwardingServerCall<>(call) {
                            @Override
                            public void close(Status status, Metadata ignored) {
                                super.close(Status.fromCode(code).withDescription(description), metadata(trailers));
                            }
                        },
                        headers);
            }
        };
    }

    /** Every answer passes through {@code rewrite} (it gets and returns the call's response type). */
    public static Act rewrite(UnaryOperator<Object> rewrite) {
        return new Act() {
            @Override
            @SuppressWarnings("unchecked")
            <Q, R> ServerCall.Listener<Q> start(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, HostileProxy proxy) {
                return next.startCall(
                        new SimpleForwardingServerCall<>(call) {
                            @Override
                            public void sendMessage(R message) {
                                super.sendMessage((R) rewrite.apply(message));
                            }
                        },
                        headers);
            }
        };
    }

    /** Handle / HandleRequests: the answer reports {@code rows} affected rows (uint32 on the wire). */
    public static Act affectedRows(long rows) {
        return rewrite(m -> ((GreptimeResponse) m)
                .toBuilder()
                        .setAffectedRows(AffectedRows.newBuilder().setValue((int) rows))
                        .build());
    }

    /** DoPut: each ack's {@code app_metadata} text passes through {@code rewrite} (may return anything). */
    public static Act putAcks(UnaryOperator<String> rewrite) {
        return rewrite(m -> {
            Flight.PutResult ack = (Flight.PutResult) m;
            String text = ack.getAppMetadata().toStringUtf8();
            return ack.toBuilder()
                    .setAppMetadata(ByteString.copyFrom(rewrite.apply(text), StandardCharsets.UTF_8))
                    .build();
        });
    }

    /** DoGet: after {@code honest} messages, every data body has its bytes flipped. */
    public static Act corruptData(int honest) {
        AtomicInteger seen = new AtomicInteger();
        return rewrite(m -> {
            Flight.FlightData d = (Flight.FlightData) m;
            if (seen.getAndIncrement() < honest || d.getDataBody().isEmpty()) {
                return d;
            }
            byte[] body = d.getDataBody().toByteArray();
            for (int i = 0; i < body.length; i++) {
                body[i] = (byte) ~body[i];
            }
            return d.toBuilder().setDataBody(ByteString.copyFrom(body)).build();
        });
    }

    /**
     * DoGet: instead of the answer, {@code messages} messages of {@code bytes} random bytes each (a
     * header no Arrow reader knows), then the call ends OK.
     */
    public static Act flood(int messages, int bytes) {
        return new Act() {
            @Override
            @SuppressWarnings("unchecked")
            <Q, R> ServerCall.Listener<Q> start(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, HostileProxy proxy) {
                call.sendHeaders(new Metadata());
                Random random = new Random(5);
                byte[] junk = new byte[bytes];
                for (int i = 0; i < messages && !call.isCancelled(); i++) {
                    random.nextBytes(junk);
                    call.sendMessage((R) Flight.FlightData.newBuilder()
                            .setDataHeader(ByteString.copyFrom(junk, 0, Math.min(64, bytes)))
                            .setDataBody(ByteString.copyFrom(junk))
                            .build());
                }
                call.close(Status.OK, new Metadata());
                return new ServerCall.Listener<>() {};
            }
        };
    }

    private static Act cut(int messages, java.util.function.Consumer<HostileProxy> afterwards) {
        return new Act() {
            @Override
            <Q, R> ServerCall.Listener<Q> start(
                    ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next, HostileProxy proxy) {
                AtomicInteger sent = new AtomicInteger();
                return next.startCall(
                        new SimpleForwardingServerCall<>(call) {
                            @Override
                            public void sendMessage(R message) {
                                if (sent.getAndIncrement() < messages) {
                                    super.sendMessage(message);
                                } else if (afterwards != null && sent.get() == messages + 1) {
                                    afterwards.accept(proxy);
                                }
                            }

                            @Override
                            public void close(Status status, Metadata trailers) {
                                if (afterwards != null && sent.get() <= messages) {
                                    afterwards.accept(proxy); // fewer answers than the cut: cut at the end
                                }
                                // never closed: the client waits for an end that does not come
                            }
                        },
                        headers);
            }
        };
    }

    static Metadata metadata(Map<String, String> trailers) {
        Metadata m = new Metadata();
        trailers.forEach((k, v) -> m.put(Metadata.Key.of(k, Metadata.ASCII_STRING_MARSHALLER), v));
        return m;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
