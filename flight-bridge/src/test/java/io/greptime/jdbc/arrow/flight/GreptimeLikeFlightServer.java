package io.greptime.jdbc.arrow.flight;

import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;

/**
 * A real Flight DoGet endpoint on loopback that writes the FlightData frames GreptimeDB writes
 * (protocol.md §3): Arrow's own server listener cannot compress batches or send a NONE-header
 * metadata frame, so this one answers {@code FlightService/DoGet} with hand-built frames from
 * {@link GreptimeFrames}. The ticket's UTF-8 text names the script to play.
 */
final class GreptimeLikeFlightServer implements AutoCloseable {
    /** One scripted answer to a DoGet call. */
    @FunctionalInterface
    interface Script {
        void play(GreptimeFrames frames) throws Exception;
    }

    private final Map<String, Script> scripts = new ConcurrentHashMap<>();
    private final Map<String, Boolean> cancelled = new ConcurrentHashMap<>();
    /** Scripts still running; close() waits for them so their Arrow buffers are released. */
    private final java.util.concurrent.Phaser running = new java.util.concurrent.Phaser(1);

    private final Server server;

    GreptimeLikeFlightServer() throws IOException {
        ServerServiceDefinition service = ServerServiceDefinition.builder(FlightServiceGrpc.SERVICE_NAME)
                .addMethod(FlightServiceGrpc.getDoGetMethod(), ServerCalls.asyncServerStreamingCall(this::doGet))
                .build();
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .addService(service)
                .build()
                .start();
    }

    void script(String name, Script script) {
        scripts.put(name, script);
    }

    /** Whether the client cancelled the call running {@code name}. */
    boolean sawCancel(String name) {
        return cancelled.getOrDefault(name, false);
    }

    ManagedChannel newChannel() {
        return newChannel(Integer.MAX_VALUE);
    }

    /** A channel that accepts messages of up to {@code maxInboundMessageSize} bytes. */
    ManagedChannel newChannel(int maxInboundMessageSize) {
        return NettyChannelBuilder.forAddress("127.0.0.1", server.getPort())
                .usePlaintext()
                .maxInboundMessageSize(maxInboundMessageSize)
                .build();
    }

    private void doGet(Flight.Ticket ticket, StreamObserver<Flight.FlightData> observer) {
        String name = ticket.getTicket().toString(StandardCharsets.UTF_8);
        Script script = scripts.get(name);
        GreptimeFrames frames = new GreptimeFrames(observer, () -> cancelled.put(name, true));
        running.register();
        try {
            if (script == null) {
                frames.fail(io.grpc.Status.NOT_FOUND.withDescription("no script " + name), Map.of());
                return;
            }
            script.play(frames);
        } catch (Exception e) {
            frames.fail(io.grpc.Status.INTERNAL.withDescription("script failed: " + e), Map.of());
        } finally {
            running.arriveAndDeregister();
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.arriveAndAwaitAdvance();
        server.shutdownNow();
        server.awaitTermination(10, TimeUnit.SECONDS);
    }
}
