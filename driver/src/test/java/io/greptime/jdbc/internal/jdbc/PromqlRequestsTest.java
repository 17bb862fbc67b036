package io.greptime.jdbc.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.v1.PromRangeQuery;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * The wire form of PromQL requests. A real GreptimeDB v1.0.0 refused a range query whose lookback field was empty
 * ("empty duration string", status 2000): its gRPC gateway hands the field to the parser unchanged.
 */
class PromqlRequestsTest {
    @Test
    void rangeQuery_withoutLookback_sendsGreptimeDbsDefault() throws SQLException {
        PromRangeQuery q = PromqlRequests.rangeQuery("up", "0", "60", "15s", null);
        assertThat(q.getLookback()).isEqualTo("5m");
        assertThat(PromqlRequests.rangeQuery("up", "0", "60", "15s", " ").getLookback())
                .isEqualTo("5m");
    }

    @Test
    void rangeQuery_withLookback_sendsItUnchanged() throws SQLException {
        assertThat(PromqlRequests.rangeQuery("up", "0", "60", "15s", "30s").getLookback())
                .isEqualTo("30s");
    }
}
