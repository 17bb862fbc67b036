package io.greptime.jdbc.tck.server;

import static io.greptime.jdbc.tck.server.WireFixture.sql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.v1.GreptimeDatabaseGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckGrpc;
import io.greptime.jdbc.proto.v1.HealthCheckRequest;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.NettyChannelBuilder;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.flight.FlightClient;
import org.apache.arrow.flight.FlightStream;
import org.apache.arrow.flight.Location;
import org.apache.arrow.flight.Ticket;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TlsTest {
    private static TestCertificates certs;
    private final FakeEngine engine = new FakeEngine();
    private EmbeddedGreptimeServer server;
    private ManagedChannel channel;

    @BeforeAll
    static void generate() throws Exception {
        certs = new TestCertificates();
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        server.close();
    }

    @Test
    void tls_fromPemFilesServesHandleAndArrowFlight(@TempDir Path dir) throws Exception {
        Path chain = TestCertificates.writeCertificate(dir.resolve("server.crt"), certs.server.certificate());
        Path key = TestCertificates.writePrivateKey(dir.resolve("server.key"), certs.server.keys());
        Path ca = TestCertificates.writeCertificate(dir.resolve("ca.crt"), certs.ca.certificate());
        server = EmbeddedGreptimeServer.builder()
                .engine(engine)
                .tls(chain.toFile(), key.toFile())
                .build()
                .start();
        channel = tlsChannel(false);

        assertThat(GreptimeDatabaseGrpc.newBlockingStub(channel)
                        .handle(sql("INSERT 8"))
                        .getAffectedRows()
                        .getValue())
                .isEqualTo(8);
        try (BufferAllocator allocator = new RootAllocator();
                FlightClient client = FlightClient.builder(allocator, Location.forGrpcTls("localhost", server.port()))
                        .trustedCertificates(new ByteArrayInputStream(Files.readAllBytes(ca)))
                        .build();
                FlightStream stream =
                        client.getStream(new Ticket(sql("SELECT ROWS 3 BATCH 3").toByteArray()))) {
            assertThat(stream.next()).isTrue();
            assertThat(stream.getRoot().getRowCount()).isEqualTo(3);
        }
    }

    @Test
    void tls_requiredClientCertificateRejectsClientsWithoutOne() throws Exception {
        server = EmbeddedGreptimeServer.builder()
                .engine(engine)
                .tls(certs.server.keys().getPrivate(), certs.server.certificate())
                .clientCa(certs.ca.certificate())
                .build()
                .start();
        channel = tlsChannel(false);

        StatusRuntimeException e = catchThrowableOfType(
                StatusRuntimeException.class,
                () -> HealthCheckGrpc.newBlockingStub(channel).healthCheck(HealthCheckRequest.getDefaultInstance()));

        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        channel = tlsChannel(true);
        assertThat(HealthCheckGrpc.newBlockingStub(channel).healthCheck(HealthCheckRequest.getDefaultInstance()))
                .isNotNull();
    }

    private ManagedChannel tlsChannel(boolean withClientCertificate) throws Exception {
        SslContextBuilder ssl = GrpcSslContexts.forClient().trustManager(certs.ca.certificate());
        if (withClientCertificate) {
            ssl.keyManager(certs.client.keys().getPrivate(), certs.client.certificate());
        }
        return NettyChannelBuilder.forAddress("localhost", server.port())
                .sslContext(ssl.build())
                .build();
    }
}
