package io.greptime.jdbc.tck.engine.duckdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.time.ChronoParse;
import org.junit.jupiter.api.Test;

/** Expected values and messages are those a real GreptimeDB v1.0.0 answered for to_timestamp/to_date. */
class ChronoParseTest {
    private static String failure(String text, String... formats) {
        GreptimeError e = assertThrows(GreptimeError.class, () -> ChronoParse.nanos(text, formats));
        assertEquals(StatusCode.ENGINE_EXECUTE_QUERY, e.status());
        return e.getMessage();
    }

    @Test
    void formatsAreTriedInOrder() {
        // to_timestamp('04.07.2024 09:05:03', '%Y', '%d.%m.%Y %H:%M:%S') = 1720083903000000000
        assertEquals(
                1720083903000000000L,
                ChronoParse.nanos("04.07.2024 09:05:03", new String[] {"%Y", "%d.%m.%Y %H:%M:%S"}));
        // to_timestamp(' 2024- 7-4', '%Y-%m-%d') = 1720051200000000000 (numbers skip leading spaces; date only:
        // midnight)
        assertEquals(1720051200000000000L, ChronoParse.nanos(" 2024- 7-4", new String[] {"%Y-%m-%d"}));
        // to_timestamp('2024-07-04 10:00 +0200', '%Y-%m-%d %H:%M %z') = 1720080000000000000
        assertEquals(
                1720080000000000000L, ChronoParse.nanos("2024-07-04 10:00 +0200", new String[] {"%Y-%m-%d %H:%M %z"}));
    }

    @Test
    void lastFormatsErrorIsTheAnswer() {
        assertEquals(
                "Execution error: Error parsing timestamp from 'zz' using format '%d': input contains invalid characters",
                failure("zz", "%Y", "%d"));
        assertEquals(
                "Execution error: Error parsing timestamp from '2024-07-04' using format '%Y-%m': trailing input",
                failure("2024-07-04", "%Y-%m"));
        assertEquals(
                "Execution error: Error parsing timestamp from '2024-07' using format '%Y-%m': input is not enough for unique date and time",
                failure("2024-07", "%Y-%m"));
        assertEquals(
                "Execution error: Error parsing timestamp from '2024-07-' using format '%Y-%m-%d': premature end of input",
                failure("2024-07-", "%Y-%m-%d"));
        assertEquals(
                "Execution error: Error parsing timestamp from '2024-02-30' using format '%Y-%m-%d': input is out of range",
                failure("2024-02-30", "%Y-%m-%d"));
    }

    @Test
    void toDateDays() {
        // to_date('1960-07-04 10:00', '%Y-%m-%d %H:%M') = 1960-07-05 (day -3467: milliseconds / a day's, truncated)
        assertEquals(-3467L, ChronoParse.days("1960-07-04 10:00", new String[] {"%Y-%m-%d %H:%M"}));
        // to_date('1960-07-04T10:00:00') = 1960-07-04 (day -3468)
        assertEquals(-3468L, ChronoParse.days("1960-07-04T10:00:00"));
        GreptimeError e = assertThrows(GreptimeError.class, () -> ChronoParse.days("yesterday"));
        assertEquals("Parser error: Unable to cast to Date32 for converting from i64 to i32 failed", e.getMessage());
    }
}
