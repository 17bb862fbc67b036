package io.greptime.jdbc.arrow.flight;

import com.google.protobuf.ByteString;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.flight.CallOption;
import org.apache.arrow.flight.CallOptions;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.flight.grpc.StatusUtils;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One DoGet call made straight on the gRPC channel (not through Arrow's {@code FlightStream}), decoding ahead
 * of the reader: each answer frame is validated and decoded ({@link StepDecoder}) in gRPC's callback as it
 * arrives, so the next batch is being received and decompressed while the application reads the current one.
 * At most {@link #AHEAD} decoded frames wait beside the one the reader holds (gRPC is asked for one more
 * message each time the reader takes one), and every buffer is charged to the result's allocator, so what a
 * result holds stays within {@code maxResultMemory}.
 *
 * <p>{@link #cancel} ends the call at once without waiting for the server; {@link #close} cancels, releases
 * what was decoded but not taken, and waits only for a decode that is running at that moment (one frame).
 */
final class DoGetCall extends ClientCall.Listener<DoGetFrame> {
    /** Decoded frames that may wait for the reader. */
    static final int AHEAD = 2;

    private static final MethodDescriptor<Flight.Ticket, DoGetFrame> DO_GET =
            FlightServiceGrpc.getDoGetMethod().toBuilder(
                            FlightServiceGrpc.getDoGetMethod().getRequestMarshaller(), new DoGetFrame.Marshaller())
                    .build();

    private final ClientCall<Flight.Ticket, DoGetFrame> call;
    private final String authority;
    private final StepDecoder decoder;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition arrived = lock.newCondition();
    private final ArrayDeque<Step> queue = new ArrayDeque<>();
    /** Held while a frame decodes, so that close can wait for it. */
    private final ReentrantLock decoding = new ReentrantLock();

    private volatile boolean closed;
    private boolean ended;

    private DoGetCall(ClientCall<Flight.Ticket, DoGetFrame> call, String authority, StepDecoder decoder) {
        this.call = call;
        this.authority = authority;
        this.decoder = decoder;
    }

    /** Starts DoGet for {@code ticket}; the options (deadline, headers, executor) apply as on a Flight client. */
    static DoGetCall start(
            Channel channel, BufferAllocator allocator, long maxResultMemory, Ticket ticket, CallOption... options) {
        FlightServiceGrpc.FlightServiceStub stub = FlightServiceGrpc.newStub(channel);
        for (CallOption option : options) {
            if (option instanceof CallOptions.GrpcCallOption grpc) {
                stub = grpc.wrapStub(stub);
            }
        }
        ClientCall<Flight.Ticket, DoGetFrame> call = stub.getChannel().newCall(DO_GET, stub.getCallOptions());
        DoGetCall doGet = new DoGetCall(call, channel.authority(), new StepDecoder(allocator, maxResultMemory));
        call.start(doGet, new Metadata());
        call.sendMessage(Flight.Ticket.newBuilder()
                .setTicket(ByteString.copyFrom(ticket.getBytes()))
                .build());
        call.halfClose();
        call.request(1 + AHEAD);
        return doGet;
    }

    @Override
    public void onMessage(DoGetFrame frame) {
        decoding.lock();
        try {
            if (closed || ended) {
                return;
            }
            offer(decoder.decode(frame));
        } catch (FlightCallException e) {
            fail(e);
        } catch (RuntimeException e) {
            fail(FlightCallException.protocol("an unreadable DoGet message: " + e, e));
        } finally {
            decoding.unlock();
        }
    }

    @Override
    public void onClose(Status status, Metadata trailers) {
        if (ended) {
            return;
        }
        ended = true;
        offer(new Step.End(
                status.isOk()
                        ? null
                        : FlightCallException.fromFlight(
                                StatusUtils.fromGrpcRuntimeException(status.asRuntimeException(trailers)))));
    }

    /** A frame the driver refuses ends the stream for the reader and cancels the call. */
    private void fail(FlightCallException e) {
        ended = true;
        offer(new Step.End(e.atServer(authority)));
        call.cancel("the client refused the answer: " + e.description(), null);
    }

    private void offer(Step step) {
        lock.lock();
        try {
            if (closed) {
                step.close();
                return;
            }
            queue.add(step);
            arrived.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The next step of the answer, waiting for it; asks gRPC for one more message. */
    Step take() throws InterruptedException {
        Step step;
        lock.lock();
        try {
            while (queue.isEmpty()) {
                arrived.await();
            }
            step = queue.poll();
        } finally {
            lock.unlock();
        }
        if (!(step instanceof Step.End)) {
            call.request(1);
        }
        return step;
    }

    /** Ends the call now; safe from any thread. */
    void cancel(String reason) {
        call.cancel(reason, null);
    }

    /** Cancels, releases whatever was decoded and not taken, and waits for a decode in progress. */
    void close() {
        call.cancel("result closed", null);
        lock.lock();
        try {
            closed = true;
            queue.forEach(Step::close);
            queue.clear();
        } finally {
            lock.unlock();
        }
        decoding.lock(); // a frame decoding now releases its step itself once it sees closed
        decoding.unlock();
    }
}
