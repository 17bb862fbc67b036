package io.greptime.jdbc.tck.server;

import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.greptime.jdbc.proto.v1.HealthCheckResponse;
import io.greptime.jdbc.proto.v1.PromqlRequest;
import io.greptime.jdbc.proto.v1.PromqlResponse;
import io.greptime.jdbc.proto.v1.PrometheusGatewayGrpc;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

/** The small services beside the database: health (always OK, no auth) and the PromQL gateway. */
final class SideServices {
  private SideServices() {}

  static final class Health extends HealthCheckGrpc.HealthCheckImplBase {
    @Override
    public void healthCheck(HealthCheckRequest request, StreamObserver<HealthCheckResponse> responses) {
      responses.onNext(HealthCheckResponse.getDefaultInstance());
      responses.onCompleted();
    }
  }

  /** GreptimeDB answers PromQL here; the embedded server does not yet. */
  static final class Prometheus extends PrometheusGatewayGrpc.PrometheusGatewayImplBase {
    @Override
    public void handle(PromqlRequest request, StreamObserver<PromqlResponse> responses) {
      responses.onError(
          ErrorStatuses.plain(
              Status.Code.UNIMPLEMENTED, "Not yet implemented: PrometheusGateway/Handle in the embedded server"));
    }
  }
}
