package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.errCode;
import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static io.greptime.jdbc.tck.server.WireFixture.ticket;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.impl.Flight;
import org.apache.arrow.flight.impl.FlightServiceGrpc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FaultsAndLimitsTest {
  private final FakeEngine engine = new FakeEngine();
  private EmbeddedGreptimeServer server;
  private ManagedChannel channel;

  private GreptimeDatabaseGrpc.GreptimeDatabaseBlockingStub start(EmbeddedGreptimeServer.Builder builder) {
    server = builder.engine(engine).build().start();
    channel = WireFixture.channel(server);
    return GreptimeDatabaseGrpc.newBlockingStub(channel);
  }

  @AfterEach
  void stop() throws InterruptedException {
    WireFixture.shutdown(channel);
    server.close();
  }

  @Test
  void restart_servesAgainOnTheSamePort() {
    var db = start(EmbeddedGreptimeServer.builder());
    int port = server.port();
    db.handle(sql("INSERT 1"));

    server.restart();

    assertThat(server.port()).isEqualTo(port);
    assertThat(db.handle(sql("INSERT 2")).getAffectedRows().getValue()).isEqualTo(2);
  }

  @Test
  void failNextCalls_failsExactlyThatManyCallsOfTheMethod() {
    var db = start(EmbeddedGreptimeServer.builder());
    server.faults().failNextCalls(2, FaultInjector.HANDLE, StatusCode.STORAGE_UNAVAILABLE);

    StatusRuntimeException first = catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("INSERT 1")));
    StatusRuntimeException second = catchThrowableOfType(StatusRuntimeException.class, () -> db.handle(sql("INSERT 1")));

    assertThat(first.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(errCode(first)).isEqualTo("5000");
    assertThat(WireFixture.retryHint(first)).isEqualTo("retryable");
    assertThat(second.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(db.handle(sql("INSERT 3")).getAffectedRows().getValue()).isEqualTo(3);
    assertThat(engine.statements).containsExactly("INSERT 3");
  }

  @Test
  void failNextCalls_ofOtherMethodLeavesThisOneAlone() {
    var db = start(EmbeddedGreptimeServer.builder());
    server.faults().failNextCalls(1, FaultInjector.DO_GET, StatusCode.INTERNAL);

    assertThat(db.handle(sql("INSERT 4")).getAffectedRows().getValue()).isEqualTo(4);
  }

  @Test
  void dropStreamAfter_cutsTheStreamThenServesNormally() {
    start(EmbeddedGreptimeServer.builder());
    FlightServiceGrpc.FlightServiceBlockingStub flight = FlightServiceGrpc.newBlockingStub(channel);
    server.faults().dropStreamAfter(2, FaultInjector.DO_GET);
    Iterator<Flight.FlightData> it = flight.doGet(ticket(sql("SELECT ROWS 100 BATCH 10")));
    List<Flight.FlightData> received = new ArrayList<>();

    StatusRuntimeException e =
        catchThrowableOfType(StatusRuntimeException.class, () -> it.forEachRemaining(received::add));

    assertThat(received).hasSize(2);
    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
    List<Flight.FlightData> next = new ArrayList<>();
    flight.doGet(ticket(sql("SELECT ROWS 100 BATCH 10"))).forEachRemaining(next::add);
    assertThat(next).hasSize(12);
  }

  @Test
  void delayCalls_makesShortDeadlinesExpire() {
    var db = start(EmbeddedGreptimeServer.builder());
    server.faults().delayCalls(Duration.ofSeconds(2));

    StatusRuntimeException e =
        catchThrowableOfType(
            StatusRuntimeException.class,
            () -> db.withDeadlineAfter(200, TimeUnit.MILLISECONDS).handle(sql("INSERT 1")));
    server.faults().reset();

    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
    assertThat(db.handle(sql("INSERT 5")).getAffectedRows().getValue()).isEqualTo(5);
  }

  @Test
  void inProcess_servesTheSameServicesWithoutASocketAndSurvivesRestart() throws Exception {
    String name = "embedded-" + System.nanoTime();
    start(EmbeddedGreptimeServer.builder().inProcess(name));
    ManagedChannel local = InProcessChannelBuilder.forName(name).build();
    try {
      var db = GreptimeDatabaseGrpc.newBlockingStub(local);
      assertThat(db.handle(sql("INSERT 9")).getAffectedRows().getValue()).isEqualTo(9);
      server.restart();
      assertThat(db.handle(sql("INSERT 10")).getAffectedRows().getValue()).isEqualTo(10);
    } finally {
      WireFixture.shutdown(local);
    }
  }

  @Test
  void oversizedMessageIsRejectedAndServerKeepsServing() {
    var db = start(EmbeddedGreptimeServer.builder().maxInboundMessageSize(1024));

    StatusRuntimeException e =
        catchThrowableOfType(
            StatusRuntimeException.class, () -> db.handle(sql("INSERT 1 " + "x".repeat(4096))));

    assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    assertThat(db.handle(sql("INSERT 6")).getAffectedRows().getValue()).isEqualTo(6);
  }
}
