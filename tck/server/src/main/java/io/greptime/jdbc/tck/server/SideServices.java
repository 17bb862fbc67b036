package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.HealthCheckResponse;
import io.grpc.stub.StreamObserver;

/** The small services beside the database: health (always OK, no auth); PromQL is {@link PromqlService}. */
final class SideServices {
    private SideServices() {}

    static final class Health extends HealthCheckGrpc.HealthCheckImplBase {
        @Override
        public void healthCheck(HealthCheckRequest request, StreamObserver<HealthCheckResponse> responses) {
            responses.onNext(HealthCheckResponse.getDefaultInstance());
            responses.onCompleted();
        }
    }
}
