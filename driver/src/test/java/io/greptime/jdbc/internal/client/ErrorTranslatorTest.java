package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeSqlException;
import io.greptime.jdbc.proto.StatusCode;
import io.grpc.Metadata;
import io.grpc.Status;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import org.apache.arrow.flight.grpc.StatusUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorTranslatorTest {
    private static final Metadata.Key<String> CODE =
            Metadata.Key.of("x-greptime-err-code", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> HINT =
            Metadata.Key.of("x-greptime-err-retry-hint", Metadata.ASCII_STRING_MARSHALLER);

    private final ErrorTranslator translator = new ErrorTranslator("admin", "hunter2");

    private static Metadata trailers(StatusCode code, String hint) {
        Metadata m = new Metadata();
        if (code != null) {
            m.put(CODE, Integer.toString(code.code()));
        }
        if (hint != null) {
            m.put(HINT, hint);
        }
        return m;
    }

    private SQLException fromServer(StatusCode code, String message, String hint) {
        // The exception exactly as a blocking stub throws it: the status plus the server's trailers.
        return translator.translate(
                Status.fromCode(code.grpcCode()).withDescription(message).asRuntimeException(trailers(code, hint)));
    }

    @ParameterizedTest
    @CsvSource({
        "INVALID_SYNTAX, 42000",
        "TABLE_NOT_FOUND, 42S02",
        "DATABASE_NOT_FOUND, 3F000",
        "TABLE_COLUMN_NOT_FOUND, 42S22",
        "TABLE_ALREADY_EXISTS, 42S01",
        "TABLE_COLUMN_EXISTS, 42S21",
        "DATABASE_ALREADY_EXISTS, 42P06",
        "FLOW_ALREADY_EXISTS, 42710",
        "INVALID_ARGUMENTS, 22023",
        "REQUEST_OUTDATED, 22023",
        "UNSUPPORTED, 0A000",
        "CANCELLED, 57014",
        "DEADLINE_EXCEEDED, HYT00",
        "USER_NOT_FOUND, 28000",
        "USER_PASSWORD_MISMATCH, 28000",
        "AUTH_HEADER_NOT_FOUND, 28000",
        "ACCESS_DENIED, 28000",
        "PERMISSION_DENIED, 28000",
        "ENGINE_EXECUTE_QUERY, XX000",
        "UNEXPECTED, XX000"
    })
    void statusCode_picksSqlStateAndVendorCode(StatusCode code, String sqlState) {
        SQLException e = fromServer(code, "server says no", "non_retryable");
        assertThat(e.getSQLState()).isEqualTo(sqlState);
        assertThat(e.getErrorCode()).isEqualTo(code.code());
        assertThat(e.getMessage()).startsWith("server says no");
        assertThat(GreptimeSqlException.statusCodeOf(e)).isEqualTo(code);
    }

    @Test
    void classes_followTheCategory() {
        assertThat((Throwable) fromServer(StatusCode.USER_PASSWORD_MISMATCH, "bad", null))
                .isInstanceOf(SQLInvalidAuthorizationSpecException.class);
        assertThat((Throwable) fromServer(StatusCode.DEADLINE_EXCEEDED, "slow", null))
                .isInstanceOf(SQLTimeoutException.class);
        assertThat((Throwable) fromServer(StatusCode.UNSUPPORTED, "no", null))
                .isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThat((Throwable) fromServer(StatusCode.TABLE_NOT_FOUND, "Table not found: greptime.public.x", null))
                .isInstanceOf(SQLSyntaxErrorException.class);
        assertThat((Throwable) fromServer(StatusCode.ENGINE_EXECUTE_QUERY, "boom", null))
                .isInstanceOfSatisfying(GreptimeSqlException.class, g -> {
                    assertThat(g.statusCode()).isEqualTo(StatusCode.ENGINE_EXECUTE_QUERY);
                    assertThat(g.grpcCode()).isEqualTo("INTERNAL");
                });
    }

    @Test
    void retryHint_fromV12Servers_decides() {
        SQLException retry = fromServer(StatusCode.ENGINE_EXECUTE_QUERY, "try again", "retryable");
        assertThat((Throwable) retry).isInstanceOf(SQLTransientException.class);
        assertThat(retry.getSQLState()).isEqualTo("40000");
        // A code retryable on old servers is not retryable when a v1.2 server says so.
        assertThat((Throwable) fromServer(StatusCode.INTERNAL, "Internal error: 1003", "non_retryable"))
                .isNotInstanceOf(SQLTransientException.class);
    }

    @Test
    void legacyRetryableCodes_withoutHint_areTransient() {
        for (StatusCode code : StatusCode.values()) {
            if (code.legacyRetryable()) {
                assertThat((Throwable) fromServer(code, "busy", null))
                        .as(code.name())
                        .isInstanceOf(SQLTransientException.class);
            }
        }
        assertThat(fromServer(StatusCode.RUNTIME_RESOURCES_EXHAUSTED, "full", null)
                        .getSQLState())
                .isEqualTo("53000");
        assertThat((Throwable) fromServer(StatusCode.RATE_LIMITED, "slow down", null))
                .isNotInstanceOf(SQLTransientException.class);
    }

    @Test
    void unavailable_isATransientConnectionError() {
        SQLException e = translator.translate(
                Status.UNAVAILABLE.withDescription("io exception").asRuntimeException());
        assertThat((Throwable) e).isInstanceOf(SQLTransientConnectionException.class);
        assertThat(e.getSQLState()).isEqualTo("08006");
        assertThat(e.getErrorCode()).isZero();
    }

    /**
     * A call given to a connection that had just closed (seen on a real cluster right after {@code kill -9} of a
     * frontend): grpc-netty reports netty's ClosedChannelException as gRPC UNKNOWN "channel closed". It is a
     * failed connection, not an error of the server's: SQLState class 08, transient, so pools drop the connection.
     */
    @Test
    void writeOnAClosedConnection_isATransientConnectionError_notXX000() {
        Status closed = io.grpc.netty.NettyStatuses.of(new java.nio.channels.ClosedChannelException());
        assertThat(closed.getCode()).as("what grpc-netty makes of it").isEqualTo(Status.Code.UNKNOWN);
        SQLException e = translator.translate(closed.asRuntimeException());
        assertThat((Throwable) e).isInstanceOf(SQLTransientConnectionException.class);
        assertThat(e.getSQLState()).isEqualTo("08006");
        assertThat(e.getMessage()).contains("closed before the request was written");
        // with a cause (closed by a reset) grpc already says UNAVAILABLE: the same answer
        var reset = new java.nio.channels.ClosedChannelException();
        reset.initCause(new java.io.IOException("Connection reset by peer"));
        assertThat(translator
                        .translate(io.grpc.netty.NettyStatuses.of(reset).asRuntimeException())
                        .getSQLState())
                .isEqualTo("08006");
    }

    @ParameterizedTest
    @CsvSource({
        "UNAUTHENTICATED, 28000",
        "PERMISSION_DENIED, 28000",
        "UNIMPLEMENTED, 0A000",
        "CANCELLED, 57014",
        "DEADLINE_EXCEEDED, HYT00",
        "INVALID_ARGUMENT, 22023",
        "INTERNAL, XX000",
        "FAILED_PRECONDITION, XX000"
    })
    void statusesWithoutCode_mapByGrpcCode(Status.Code grpc, String sqlState) {
        SQLException e = translator.translate(
                Status.fromCode(grpc).withDescription("auth failed").asRuntimeException());
        assertThat(e.getSQLState()).isEqualTo(sqlState);
        assertThat(e.getErrorCode()).isZero();
    }

    @Test
    void handleForQuery_isFeatureNotSupported() {
        SQLException e = translator.translate(Status.UNIMPLEMENTED
                .withDescription("GreptimeDatabase::Handle for query")
                .asRuntimeException());
        assertThat((Throwable) e).isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThat(e.getMessage()).contains("GreptimeDatabase::Handle for query");
    }

    @Test
    void flightExceptions_carryTheSameTrailers() {
        Metadata m = trailers(StatusCode.TABLE_NOT_FOUND, "non_retryable");
        var flight = StatusUtils.fromGrpcStatusAndTrailers(
                        Status.NOT_FOUND.withDescription("Table not found: greptime.public.t"), m)
                .toRuntimeException();
        SQLException e = translator.translate(flight);
        assertThat(e.getSQLState()).isEqualTo("42S02");
        assertThat(e.getErrorCode()).isEqualTo(4001);
        assertThat(e.getCause()).isSameAs(flight);
    }

    @Test
    void flightExceptionsWithoutTrailers_fallBackToTheGrpcCode() {
        // ErrorFlightMetadata.get throws for absent keys; a cancelled or timed-out stream has none.
        var flight = StatusUtils.fromGrpcStatus(Status.DEADLINE_EXCEEDED.withDescription("deadline"))
                .toRuntimeException();
        SQLException e = translator.translate(flight);
        assertThat((Throwable) e).isInstanceOf(SQLTimeoutException.class);
        assertThat(e.getErrorCode()).isZero();
    }

    @Test
    void password_isMaskedEvenIfTheServerEchoesIt() {
        SQLException e = fromServer(StatusCode.USER_PASSWORD_MISMATCH, "password hunter2 does not match", null);
        assertThat(e.getMessage()).doesNotContain("hunter2").contains("***");
    }

    /**
     * A server (or a proxy) that quotes the auth header back quotes base64: of {@code user:password} for the
     * Basic header and GreptimeDB's bare form, of the password alone for some tokens. Every form is masked,
     * with or without padding, in the message and on every translation path; the raw cause is dropped.
     */
    @Test
    void base64OfTheCredentials_isMaskedInEveryMessage() {
        java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
        String pair = b64.encodeToString("admin:hunter2".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String alone = b64.encodeToString("hunter2".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String unpadded = alone.replace("=", "");
        String text = "bad header: Basic " + pair + ", token " + alone + ", raw " + unpadded;
        assertThat(pair).isEqualTo("YWRtaW46aHVudGVyMg==");
        java.util.List<SQLException> all = java.util.List.of(
                fromServer(StatusCode.USER_PASSWORD_MISMATCH, text, null),
                translator.translate(new IllegalStateException(text)),
                translator.translate(StatusUtils.fromGrpcStatus(Status.INTERNAL.withDescription(text))
                        .toRuntimeException()));
        for (SQLException e : all) {
            assertThat(e.getMessage())
                    .doesNotContain(pair)
                    .doesNotContain(alone)
                    .doesNotContain(unpadded)
                    .doesNotContain("YWRtaW46aHVudGVyMg")
                    .contains("Basic ***");
            assertThat(e.getCause()).as("the raw text is not kept as the cause").isNull();
        }
    }

    @Test
    void withoutAPassword_nothingIsMasked() {
        SQLException e = new ErrorTranslator("admin", null)
                .translate(Status.INTERNAL.withDescription("admin said YWRtaW46 ***"), new Metadata());
        assertThat(e.getMessage()).startsWith("admin said YWRtaW46 ***");
    }

    @Test
    void nonGrpcFailures_areConnectionErrors() {
        SQLException e = translator.translate(new IllegalStateException("channel shut down"));
        assertThat(e.getSQLState()).isEqualTo("08006");
        assertThat(e.getMessage()).contains("channel shut down");
    }

    @Test
    void unknownStatusNumber_keepsVendorCodeAndFallsBackToGrpc() {
        Metadata m = new Metadata();
        m.put(CODE, "9999");
        SQLException e = translator.translate(Status.NOT_FOUND.withDescription("new thing"), m);
        assertThat(e.getErrorCode()).isEqualTo(9999);
        assertThat(e.getSQLState()).isEqualTo("42000");
    }
}
