package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.failover.CallProgress;
import io.greptime.jdbc.internal.failover.OperationKind;
import io.greptime.jdbc.internal.failover.RetryRules;
import io.greptime.jdbc.proto.StatusCode;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The exception class says what the failover rules decide (audit C5): an application that retries
 * SQLTransientExceptions repeats exactly what the driver itself would repeat, on servers with and without the
 * v1.2 retry hint.
 */
class ErrorClassesTest {
    private final ErrorTranslator translator = new ErrorTranslator(null);

    private static StatusRuntimeException serverError(StatusCode code, String hint) {
        Metadata trailers = new Metadata();
        trailers.put(
                Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER),
                Integer.toString(code.code()));
        if (hint != null) {
            trailers.put(Metadata.Key.of(StatusCode.RETRY_HINT_HEADER, Metadata.ASCII_STRING_MARSHALLER), hint);
        }
        return Status.fromCode(code.grpcCode()).withDescription("boom").asRuntimeException(trailers);
    }

    @ParameterizedTest
    @EnumSource(StatusCode.class)
    void transientExactlyWhenRetried_withAndWithoutTheHint(StatusCode code) {
        for (String hint : new String[] {null, "retryable", "non_retryable"}) {
            if (code == StatusCode.DEADLINE_EXCEEDED
                    || StatusCodeStates.forStatus(code, code.grpcCode()).code().equals("28000")) {
                // a timeout is SQLTimeoutException as JDBC asks (transient by JDBC's hierarchy, and not repeated
                // because the statement's time is spent); an authentication failure is 28000 whatever the hint
                continue;
            }
            StatusRuntimeException failure = serverError(code, hint);
            SQLException e = translator.translate(failure);
            boolean retried = RetryRules.judge(failure, OperationKind.QUERY, new CallProgress())
                    .retry();
            assertThat(e instanceof SQLTransientException)
                    .as("code %s, hint %s", code, hint)
                    .isEqualTo(retried);
            assertThat(e instanceof SQLTransientConnectionException)
                    .as("a server error is no connection failure")
                    .isFalse();
            assertThat(e.getSQLState()).as("code %s", code).doesNotStartWith("08");
        }
    }

    @ParameterizedTest
    @CsvSource({
        "REGION_READONLY,,25006",
        "REGION_NOT_READY,non_retryable,HY000",
        "TABLE_UNAVAILABLE,non_retryable,HY000",
        "STORAGE_UNAVAILABLE,non_retryable,HY000",
        "REGION_NOT_READY,,40000",
        "STORAGE_UNAVAILABLE,retryable,40000",
        "REGION_BUSY,,53000",
    })
    void sqlStates_ofUnavailableAndReadOnlyRegions(StatusCode code, String hint, String state) {
        assertThat(translator.translate(serverError(code, hint)).getSQLState()).isEqualTo(state);
    }

    @ParameterizedTest
    @CsvSource({"UNAVAILABLE,true", "INTERNAL,false", "PERMISSION_DENIED,false"})
    void failuresWithoutACode_byTheirGrpcCode(Status.Code grpc, boolean transientOne) {
        SQLException e = translator.translate(Status.fromCode(grpc).asRuntimeException());
        assertThat(e instanceof SQLTransientConnectionException).isEqualTo(transientOne);
    }
}
