package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Filters that compare a cast or numeric column with a literal, as GreptimeDB's planner types and rewrites
 * them (DataFusion's comparison coercion and cast unwrapping, GreptimeDB's cast preimages from v1.2), with
 * expected rows worked out by hand from those rules.
 */
class CastPreimagesTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private void setUp(ServerProfile profile) {
        f.ctx = f.ctx.withProfile(profile);
        f.update("CREATE TABLE c (i INT, s STRING, x DOUBLE, d DATE, ts TIMESTAMP(3) TIME INDEX, tsn TIMESTAMP(9))");
        f.update("INSERT INTO c VALUES"
                + " (5, '5', 1.5, '2024-01-01', '2024-01-01 00:00:00', '2024-01-01 00:00:00.000000500'),"
                + " (10, 'abc', 2.5, '2024-01-02', '2024-01-01 00:00:00.500', '2024-01-01 00:00:00.999999999'),"
                + " (300, '10', -0.5, '2024-01-03', '2024-01-01 00:00:01', '2024-01-01 00:00:01')");
    }

    private java.util.List<String> ints(String where) {
        return f.query("SELECT i FROM c WHERE " + where + " ORDER BY i").column(0);
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void aNumberAgainstAStringComparesText(ServerProfile profile) {
        setUp(profile);
        // equal to its own text: 5 only; '05' is not 5's text, 'abc' is no error
        assertThat(ints("i = '5'")).containsExactly("5");
        assertThat(ints("i = '05'")).isEmpty();
        assertThat(ints("i = 'abc'")).isEmpty();
        assertThat(ints("i <> '05'")).containsExactly("5", "10", "300");
        assertThat(ints("'10' = i")).containsExactly("10");
        // ordered comparisons are between strings: '10' and '300' sort before '9'
        assertThat(ints("i > '9'")).isEmpty();
        assertThat(ints("i < '4'")).containsExactly("10", "300");
        assertThat(ints("i BETWEEN '1' AND '9'")).containsExactly("5", "10", "300");
        assertThat(ints("i IN ('05', '10')")).containsExactly("10");
        // a string column against a number: the number becomes text
        assertThat(ints("s = 10")).containsExactly("300");
        assertThat(ints("s > 5")).containsExactly("10");
        // a float's text: '2.5' > '10', '1.5' and '-0.5' are not
        assertThat(ints("x > '10'")).containsExactly("10");
        // numbers against numbers stay numbers
        assertThat(ints("i > 9")).containsExactly("10", "300");
        assertThat(ints("i = 5.0")).containsExactly("5");
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void aStringThatDoesNotParseFailsAsArrowsCast(ServerProfile profile) {
        setUp(profile);
        f.fails(
                "SELECT i FROM c WHERE CAST(s AS INT) = 5",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast string 'abc' to value of Int32 type");
        f.fails(
                "SELECT i FROM c WHERE CAST(s AS DOUBLE) > 1",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast string 'abc' to value of Float64 type");
        f.fails(
                "SELECT i FROM c WHERE d = 'someday'",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Cannot cast string 'someday' to value of Date32 type");
        f.fails(
                "SELECT i FROM c WHERE CAST(ts AS TIMESTAMP(0)) = 'someday'",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Parser error: Error parsing timestamp from 'someday': timestamp must contain at least 10 characters");
        // TRY_CAST gives NULL instead, which matches nothing
        assertThat(ints("TRY_CAST(s AS INT) = 5")).containsExactly("5");
    }

    @ParameterizedTest
    @EnumSource(
            value = ServerProfile.class,
            names = {"V1_2", "V1_3"})
    void fromV12ANarrowingCastIsEvaluated(ServerProfile profile) {
        setUp(profile);
        f.fails(
                "SELECT i FROM c WHERE CAST(i AS TINYINT) = 5",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Can't cast value 300 to type Int8");
        // a widening cast changes nothing
        assertThat(ints("CAST(i AS BIGINT) = 300")).containsExactly("300");
    }

    @ParameterizedTest
    @EnumSource(
            value = ServerProfile.class,
            names = {"V0_14", "V0_15", "V0_17", "V1_0"})
    void beforeV12ANarrowingCastIsUnwrappedWhenTheLiteralFits(ServerProfile profile) {
        setUp(profile);
        // CAST(i AS TINYINT) = 5 became i = 5: the row holding 300 is never cast
        assertThat(ints("CAST(i AS TINYINT) = 5")).containsExactly("5");
        assertThat(ints("5 < CAST(i AS TINYINT)")).containsExactly("10", "300");
        // 300 does not fit TINYINT: the cast stays and fails
        f.fails(
                "SELECT i FROM c WHERE CAST(i AS TINYINT) = 300",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Can't cast value 300 to type Int8");
    }

    @ParameterizedTest
    @EnumSource(
            value = ServerProfile.class,
            names = {"V1_2", "V1_3"})
    void fromV12ACastTimestampMeetsAStringAtNanosecondPrecision(ServerProfile profile) {
        setUp(profile);
        // CAST(ts AS TIMESTAMP(0)) is 0, 0 and 1 second; the literal keeps its half second
        assertThat(tss("CAST(ts AS TIMESTAMP(0)) >= '2024-01-01 00:00:00.5'")).containsExactly("2024-01-01T00:00:01");
        assertThat(tss("CAST(ts AS TIMESTAMP(0)) > '2024-01-01 00:00:00.5'")).containsExactly("2024-01-01T00:00:01");
        assertThat(tss("CAST(ts AS TIMESTAMP(0)) = '2024-01-01 00:00:00'"))
                .containsExactly("2024-01-01T00:00:00", "2024-01-01T00:00:00.500");
        assertThat(tss("'2024-01-01 00:00:00.5' > CAST(ts AS TIMESTAMP(0))"))
                .containsExactly("2024-01-01T00:00:00", "2024-01-01T00:00:00.500");
        // nanoseconds truncate to milliseconds: .999999999 is .999, which is below .9995
        assertThat(f.query("SELECT tsn FROM c WHERE CAST(tsn AS TIMESTAMP(3)) >= '2024-01-01 00:00:00.9995'")
                        .column(0))
                .containsExactly("2024-01-01T00:00:01");
    }

    @ParameterizedTest
    @EnumSource(
            value = ServerProfile.class,
            names = {"V0_14", "V0_15", "V0_17", "V1_0"})
    void beforeV12TheLiteralIsTruncatedToTheCastsUnit(ServerProfile profile) {
        setUp(profile);
        // '...00.5' truncates to second 0, then compares with ts itself in milliseconds
        assertThat(tss("CAST(ts AS TIMESTAMP(0)) >= '2024-01-01 00:00:00.5'"))
                .containsExactly("2024-01-01T00:00:00", "2024-01-01T00:00:00.500", "2024-01-01T00:00:01");
        assertThat(tss("CAST(ts AS TIMESTAMP(0)) > '2024-01-01 00:00:00.5'"))
                .containsExactly("2024-01-01T00:00:00.500", "2024-01-01T00:00:01");
        assertThat(tss("CAST(ts AS TIMESTAMP(0)) = '2024-01-01 00:00:00'")).containsExactly("2024-01-01T00:00:00");
    }

    private java.util.List<String> tss(String where) {
        return f.query("SELECT ts FROM c WHERE " + where + " ORDER BY ts").column(0);
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void aTimestampCastToACoarserUnitTruncatesTowardZero(ServerProfile profile) {
        setUp(profile);
        f.update("INSERT INTO c (i, ts, tsn) VALUES (-1, '1969-12-31 23:59:59.500', '1969-12-31 23:59:59.999999999')");
        EngineFixture.Result r = f.query("SELECT CAST(tsn AS TIMESTAMP(3)), CAST(tsn AS TIMESTAMP(6)),"
                + " CAST(ts AS TIMESTAMP(0)) FROM c WHERE i IN (10, -1) ORDER BY i");
        assertThat(r.rows())
                .containsExactly(
                        java.util.List.of("1970-01-01T00:00:00", "1970-01-01T00:00:00", "1970-01-01T00:00:00"),
                        java.util.List.of(
                                "2024-01-01T00:00:00.999", "2024-01-01T00:00:00.999999", "2024-01-01T00:00:00"));
    }
}
