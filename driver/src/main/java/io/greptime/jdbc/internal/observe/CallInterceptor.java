package io.greptime.jdbc.internal.observe;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeRequest;
import io.greptime.jdbc.proto.v1.GreptimeResponse;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;

/**
 * Observes every gRPC call on one endpoint's channel: latency from start to close, wire bytes, the
 * status (GreptimeDB's {@code x-greptime-err-code} when sent, else the gRPC code), rows written (DoPut
 * record batches, row inserts answered by Handle) and the statement id of the execution that started
 * it. Costs a few small objects per call and nothing per message beyond DoPut's batch header read.
 */
final class CallInterceptor implements ClientInterceptor {
    private static final Metadata.Key<String> ERR_CODE =
            Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER);

    private final Observability owner;
    private final String endpoint;

    CallInterceptor(Observability owner, String endpoint) {
        this.owner = owner;
        this.endpoint = endpoint;
    }

    @Override
    public <Q, R> ClientCall<Q, R> interceptCall(MethodDescriptor<Q, R> method, CallOptions options, Channel next) {
        CallKind kind = CallKind.of(method.getFullMethodName());
        WireBytes bytes = new WireBytes();
        ClientCall<Q, R> call = next.newCall(method, options.withStreamTracerFactory(bytes));
        return new ObservedCall<>(call, kind, bytes, ObservedScope.currentId());
    }

    /** The status as metrics tag it: OK, a GreptimeDB status code, or a gRPC code name. */
    static String statusTag(Status status, Metadata trailers) {
        if (status.isOk()) {
            return "OK";
        }
        String code = trailers == null ? null : trailers.get(ERR_CODE);
        return code != null && !code.isBlank() ? code.trim() : status.getCode().name();
    }

    /** Whether a Handle request writes rows, so its affected rows count as rows written. */
    static boolean writesRows(GreptimeRequest r) {
        switch (r.getRequestCase()) {
            case INSERTS:
            case ROW_INSERTS:
                return true;
            case QUERY:
                String sql = r.getQuery().getSql();
                int i = 0;
                while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
                    i++;
                }
                return sql.regionMatches(true, i, "insert", 0, 6);
            default:
                return false;
        }
    }

    private final class ObservedCall<Q, R> extends ForwardingClientCall.SimpleForwardingClientCall<Q, R> {
        private final CallKind kind;
        private final WireBytes bytes;
        private final String statementId;
        private final PutStreamSummary put;
        private volatile boolean countsWrites;
        private long started;

        ObservedCall(ClientCall<Q, R> delegate, CallKind kind, WireBytes bytes, String statementId) {
            super(delegate);
            this.kind = kind;
            this.bytes = bytes;
            this.statementId = statementId;
            this.put = kind == CallKind.DO_PUT ? new PutStreamSummary() : null;
        }

        @Override
        public void start(Listener<R> listener, Metadata headers) {
            started = System.nanoTime();
            super.start(
                    new ForwardingClientCallListener.SimpleForwardingClientCallListener<R>(listener) {
                        private long affected;

                        @Override
                        public void onMessage(R message) {
                            if (countsWrites && message instanceof GreptimeResponse response) {
                                affected += response.getAffectedRows().getValue() & 0xFFFFFFFFL;
                            }
                            super.onMessage(message);
                        }

                        @Override
                        public void onClose(Status status, Metadata trailers) {
                            long nanos = System.nanoTime() - started;
                            try {
                                owner.callFinished(new FinishedCall(
                                        endpoint,
                                        kind,
                                        statusTag(status, trailers),
                                        nanos,
                                        bytes.in.get(),
                                        bytes.out.get(),
                                        statementId,
                                        put,
                                        affected));
                            } catch (RuntimeException e) {
                                // observing must never break the call it observes
                            }
                            super.onClose(status, trailers);
                        }
                    },
                    headers);
        }

        @Override
        public void sendMessage(Q message) {
            if (put != null) {
                // counted as sent: a DoPut stream may stay open across statements (parked for reuse), so
                // waiting for the call to finish would leave the rows uncounted until the connection closes
                long rows = put.onFrame(message);
                if (rows > 0) {
                    owner.metrics().rowsWritten(rows);
                }
            } else if (kind == CallKind.UNARY && message instanceof GreptimeRequest r) {
                countsWrites = writesRows(r);
            }
            super.sendMessage(message);
        }
    }

    /** One closed call, handed to {@link Observability}. */
    record FinishedCall(
            String endpoint,
            CallKind kind,
            String status,
            long nanos,
            long bytesIn,
            long bytesOut,
            String statementId,
            PutStreamSummary put,
            long affectedRows) {}
}
