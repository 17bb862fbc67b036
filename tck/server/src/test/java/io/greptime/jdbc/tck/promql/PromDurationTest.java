package io.greptime.jdbc.tck.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import org.junit.jupiter.api.Test;

/**
 * Step and lookback as GreptimeDB's PromQL parser reads them: whole seconds first, then promql-parser's durations
 * (the examples of its {@code parse_duration} documentation), each refusal status 2000 with the parser's text.
 */
class PromDurationTest {
    @Test
    void wholeSeconds_andZero_parseAsSeconds() {
        assertThat(PromDuration.parseMs("30")).isEqualTo(30_000);
        assertThat(PromDuration.parseMs("0")).isZero();
    }

    @Test
    void promqlDurations_inUnitOrder() {
        assertThat(PromDuration.parseMs("1h")).isEqualTo(3_600_000);
        assertThat(PromDuration.parseMs("4d")).isEqualTo(4L * 24 * 3_600_000);
        assertThat(PromDuration.parseMs("4d1h")).isEqualTo(97L * 3_600_000);
        assertThat(PromDuration.parseMs("1m30s500ms")).isEqualTo(90_500);
        assertThat(PromDuration.parseMs("1.5")).isEqualTo(1_500);
        assertThat(PromDuration.parseMs("5m")).isEqualTo(300_000);
    }

    @Test
    void refusals_areQueryParseErrorsWithTheParsersText() {
        refused("", "empty duration string");
        refused(null, "empty duration string");
        refused("1m1h", "not a valid duration string: 1m1h");
        refused("five minutes", "not a valid duration string: five minutes");
        refused("0s", "duration must be greater than 0");
    }

    private static void refused(String text, String message) {
        assertThatThrownBy(() -> PromDuration.parseMs(text))
                .isInstanceOfSatisfying(
                        GreptimeError.class, e -> assertThat(e.status()).isEqualTo(StatusCode.INVALID_SYNTAX))
                .hasMessage(message);
    }
}
