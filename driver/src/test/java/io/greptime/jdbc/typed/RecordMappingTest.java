package io.greptime.jdbc.typed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.Decimal;
import io.greptime.jdbc.Field;
import io.greptime.jdbc.GreptimeRows;
import io.greptime.jdbc.GreptimeTable;
import io.greptime.jdbc.Json;
import io.greptime.jdbc.Tag;
import io.greptime.jdbc.TimeIndex;
import java.math.BigDecimal;
import java.sql.SQLSyntaxErrorException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every mistake in a record's mapping is found when the mapping is built, with a message that names it. */
class RecordMappingTest {

    @GreptimeTable("ok")
    record Good(
            @Tag String host,
            @TimeIndex(unit = TimeUnit.MICROSECONDS) LocalDateTime ts,
            @Field(name = "usr") double usageUser,
            @Decimal(precision = 10, scale = 2) BigDecimal price,
            @Json String attrs) {}

    record NoTime(@Tag String host, double v) {}

    record TwoTimes(@TimeIndex Instant a, @TimeIndex Instant b) {}

    record TimeIndexNotTimestamp(@TimeIndex long ts) {}

    record UnsupportedType(@TimeIndex Instant ts, Duration took) {}

    record ListComponent(@TimeIndex Instant ts, List<String> names) {}

    record DecimalWithoutPrecision(@TimeIndex Instant ts, BigDecimal price) {}

    record DecimalOnDouble(
            @TimeIndex Instant ts, @Decimal(precision = 10) double price) {}

    record DecimalTooPrecise(
            @TimeIndex Instant ts, @Decimal(precision = 39) BigDecimal price) {}

    record DecimalScaleAbovePrecision(
            @TimeIndex Instant ts,
            @Decimal(precision = 4, scale = 5) BigDecimal price) {}

    record JsonOnInt(@TimeIndex Instant ts, @Json int attrs) {}

    record SameColumnTwice(
            @TimeIndex Instant ts,
            @Field(name = "v") double a,
            @Field(name = "v") double b) {}

    record SameColumnBySnakeCase(
            @TimeIndex Instant ts,
            double usageUser,
            @Field(name = "USAGE_USER") double other) {}

    record TwoRoles(@Tag @TimeIndex Instant ts) {}

    record DaysUnit(@TimeIndex(unit = TimeUnit.DAYS) Instant ts) {}

    record UnitOnNumber(
            @TimeIndex Instant ts,
            @Field(unit = TimeUnit.SECONDS) long v) {}

    record BlankName(@TimeIndex Instant ts, @Tag(name = " ") String host) {}

    @GreptimeTable("")
    record EmptyTable(@TimeIndex Instant ts) {}

    abstract static class AbstractRow {
        @TimeIndex
        Instant ts;
    }

    interface InterfaceRow {}

    static final class PlainWithTwoTimes {
        @TimeIndex
        Instant a;

        @TimeIndex
        Instant b;
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of(NoTime.class, "has no @TimeIndex component"),
                Arguments.of(TwoTimes.class, "has two @TimeIndex components, 'a' and 'b'"),
                Arguments.of(TimeIndexNotTimestamp.class, "component 'ts' is the @TimeIndex but has type long"),
                Arguments.of(
                        UnsupportedType.class, "component 'took' has type java.time.Duration, which no GreptimeDB"),
                Arguments.of(ListComponent.class, "component 'names' has type java.util.List"),
                Arguments.of(DecimalWithoutPrecision.class, "component 'price' is a BigDecimal without @Decimal"),
                Arguments.of(DecimalOnDouble.class, "component 'price' has @Decimal but type double"),
                Arguments.of(DecimalTooPrecise.class, "precision must be 1..38"),
                Arguments.of(DecimalScaleAbovePrecision.class, "@Decimal(precision = 4, scale = 5)"),
                Arguments.of(JsonOnInt.class, "component 'attrs' is @Json but has type int"),
                Arguments.of(SameColumnTwice.class, "maps components 'a' and 'b' to the same column 'v'"),
                Arguments.of(SameColumnBySnakeCase.class, "maps components 'usageUser' and 'other' to the same column"),
                Arguments.of(TwoRoles.class, "component 'ts' has more than one of @Tag, @Field and @TimeIndex"),
                Arguments.of(DaysUnit.class, "component 'ts' has unit DAYS"),
                Arguments.of(UnitOnNumber.class, "component 'v' sets a unit but has type long"),
                Arguments.of(BlankName.class, "component 'host' has a blank column name"),
                Arguments.of(EmptyTable.class, "has an empty @GreptimeTable name"),
                Arguments.of(AbstractRow.class, "is not a record or a concrete class"),
                Arguments.of(InterfaceRow.class, "is not a record or a concrete class"),
                Arguments.of(PlainWithTwoTimes.class, "has two @TimeIndex components, 'a' and 'b'"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void check_refusesMistake_withSqlState42000AndItsName(Class<?> type, String message) {
        assertThatThrownBy(() -> GreptimeRows.check(type))
                .isInstanceOf(SQLSyntaxErrorException.class)
                .hasMessageContaining(type.getName())
                .hasMessageContaining(message)
                .extracting(e -> ((SQLSyntaxErrorException) e).getSQLState())
                .isEqualTo("42000");
    }

    @Test
    void check_sameMistakeTwice_throwsEachTime() {
        assertThatThrownBy(() -> GreptimeRows.check(TwoTimes.class)).hasMessageContaining("two @TimeIndex");
        assertThatThrownBy(() -> GreptimeRows.check(TwoTimes.class)).hasMessageContaining("two @TimeIndex");
    }

    @Test
    void check_acceptsWellFormedRecord() {
        assertThatCode(() -> GreptimeRows.check(Good.class)).doesNotThrowAnyException();
    }

    @Test
    void check_nullClass_isHy009() {
        assertThatThrownBy(() -> GreptimeRows.check(null))
                .extracting(e -> ((java.sql.SQLException) e).getSQLState())
                .isEqualTo("HY009");
    }

    @Test
    void mapping_ofGoodRecord_createsTableWithTagsTimeIndexAndTypes() throws Exception {
        String sql = io.greptime.jdbc.internal.typed.TypedMappingProbe.createTableSql(Good.class, "ok");
        assertThat(sql)
                .isEqualTo(
                        "CREATE TABLE IF NOT EXISTS \"ok\" (\"host\" STRING, \"ts\" TIMESTAMP(6) NOT NULL, "
                                + "\"usr\" DOUBLE, \"price\" DECIMAL(10, 2), \"attrs\" JSON, TIME INDEX (\"ts\"), PRIMARY KEY (\"host\"))");
    }

    @Test
    void columnNames_defaultToSnakeCase() throws Exception {
        assertThat(io.greptime.jdbc.internal.typed.TypedMappingProbe.snakeCase("usageUser"))
                .isEqualTo("usage_user");
        assertThat(io.greptime.jdbc.internal.typed.TypedMappingProbe.snakeCase("cpu2Load"))
                .isEqualTo("cpu2_load");
        assertThat(io.greptime.jdbc.internal.typed.TypedMappingProbe.snakeCase("cpuID"))
                .isEqualTo("cpu_id");
        assertThat(io.greptime.jdbc.internal.typed.TypedMappingProbe.snakeCase("host"))
                .isEqualTo("host");
    }
}
