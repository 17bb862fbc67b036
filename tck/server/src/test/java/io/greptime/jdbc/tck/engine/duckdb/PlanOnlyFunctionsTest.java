package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * rate and range_fn called in plain SQL: they plan (range_fn takes its first argument's type, rate is
 * Float64) and fail as DataFusion Internal errors once they run on a row (rate answers one row fewer than
 * its input, range_fn is never meant to be invoked); over no row they answer no row.
 */
class PlanOnlyFunctionsTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private void internal(String sql) {
        assertThatThrownBy(() -> f.query(sql))
                .isInstanceOfSatisfying(
                        GreptimeError.class, e -> assertThat(e.status()).isEqualTo(StatusCode.INTERNAL));
    }

    @Test
    void rateFailsOnRows() {
        internal("SELECT rate(v, ts) FROM (VALUES (1.0, 0), (3.0, 1), (6.0, 2)) t(v, ts)");
        internal("SELECT rate(1, 2)");
        internal("SELECT rate(v, ts) FROM (VALUES (NULL, NULL)) t(v, ts)");
    }

    @Test
    void rangeFnFailsOnRows() {
        internal("SELECT range_fn(x, 'avg') FROM (VALUES (1), (2)) t(x)");
        f.fails(
                "SELECT range_fn()",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: 'range_fn' does not support zero arguments No function"
                        + " matches the given name and argument types 'range_fn()'. You might need to add explicit type"
                        + " casts.\n\tCandidate functions:\n\trange_fn(Any, .., Any)");
    }

    @Test
    void overNoRowsBothAnswerNothing() {
        EngineFixture.Result r = f.query("SELECT rate(v, ts), range_fn(v) FROM (VALUES (1.0, 0)) t(v, ts) WHERE v > 5");
        assertThat(r.rows()).isEmpty();
        assertThat(r.schema().getFields().get(0).getType())
                .isEqualTo(new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(
                        org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE));
    }

    @Test
    void rateIsPromRateOnTheOldestLine() {
        f.ctx = f.ctx.withProfile(ServerProfile.values()[0]);
        assertThat(FunctionCatalogTest.line(ServerProfile.values()[0])).isEqualTo("0.14");
        internal("SELECT prom_rate(v, ts) FROM (VALUES (1.0, 0), (3.0, 1)) t(v, ts)");
        f.fails(
                "SELECT rate(v, ts) FROM (VALUES (1.0, 0)) t(v, ts)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Invalid function 'rate'.");
    }
}
