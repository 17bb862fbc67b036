package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.GreptimePromResult;
import io.greptime.jdbc.GreptimeSqlException;
import io.greptime.jdbc.proto.StatusCode;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Parsing PrometheusGateway bodies: shapes, special values, in-band errors, and bodies that are not UTF-8/JSON. */
class PromqlGatewayTest {
    private final ErrorTranslator errors = new ErrorTranslator(null, null);

    private GreptimePromResult parse(String json) throws SQLException {
        return PromqlGateway.parse(errors, json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void matrix_keepsLabelsAndExactMillis() throws SQLException {
        GreptimePromResult r = parse(
                "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":"
                        + "[{\"metric\":{\"__name__\":\"up\",\"job\":\"é\"},\"values\":[[1.001,\"+Inf\"],[2.5,\"NaN\"],[3,\"-inf\"]]}]}}");
        assertThat(r.series()).singleElement().satisfies(s -> {
            assertThat(s.labels()).containsEntry("job", "é").containsEntry("__name__", "up");
            assertThat(s.samples())
                    .extracting(GreptimePromResult.Sample::timestampMillis)
                    .containsExactly(1001L, 2500L, 3000L);
            assertThat(s.samples().get(0).value()).isEqualTo(Double.POSITIVE_INFINITY);
            assertThat(s.samples().get(1).value()).isNaN();
            assertThat(s.samples().get(2).value()).isEqualTo(Double.NEGATIVE_INFINITY);
        });
    }

    @Test
    void errorDocument_becomesSqlExceptionWithStatusCode() {
        SQLException e = catchThrowableOfType(
                SQLException.class,
                () -> parse(
                        "{\"status\":\"error\",\"data\":{\"resultType\":\"\",\"result\":[]},\"error\":\"bad\",\"errorType\":\"PlanQuery\"}"));
        assertThat(GreptimeSqlException.statusCodeOf(e)).isEqualTo(StatusCode.PLAN_QUERY);
        assertThat(e.getMessage()).contains("bad");
        assertThat(PromqlGateway.statusCode("InvalidArguments")).isEqualTo(StatusCode.INVALID_ARGUMENTS);
        assertThat(PromqlGateway.statusCode("SomethingNew")).isEqualTo(StatusCode.UNKNOWN);
    }

    @Test
    void invalidUtf8_andNonJson_areProtocolErrors() {
        SQLException utf8 = catchThrowableOfType(
                SQLException.class, () -> PromqlGateway.parse(errors, new byte[] {'{', (byte) 0xC3, '}'}));
        assertThat(utf8.getSQLState()).isEqualTo("08P01");
        assertThat(utf8.getMessage()).contains("UTF-8");
        SQLException notJson = catchThrowableOfType(SQLException.class, () -> parse("[1,2]"));
        assertThat(notJson.getSQLState()).isEqualTo("08P01");
        SQLException shape = catchThrowableOfType(
                SQLException.class,
                () -> parse(
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[{\"value\":1}]}}"));
        assertThat(shape.getSQLState()).isEqualTo("08P01");
    }
}
