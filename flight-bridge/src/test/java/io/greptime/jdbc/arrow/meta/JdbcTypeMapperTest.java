package io.greptime.jdbc.arrow.meta;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What ResultSetMetaData will report for every Arrow type GreptimeDB sends (protocol.md §7). */
class JdbcTypeMapperTest {

    private static Field field(ArrowType type) {
        return Field.nullable("c", type);
    }

    private static Field binaryWith(String greptimeType) {
        return new Field(
                "c", new FieldType(true, ArrowType.Binary.INSTANCE, null, Map.of("greptime:type", greptimeType)), null);
    }

    private static Arguments t(
            Field field, int sqlType, String name, int precision, int scale, String className, boolean signed) {
        return Arguments.of(field, new JdbcColumnType(sqlType, name, precision, scale, -1, className, signed));
    }

    static Stream<Arguments> types() {
        int max = Integer.MAX_VALUE;
        return Stream.of(
                t(field(ArrowType.Bool.INSTANCE), Types.BOOLEAN, "Boolean", 1, 0, "java.lang.Boolean", false),
                t(field(new ArrowType.Int(8, true)), Types.TINYINT, "Int8", 3, 0, "java.lang.Integer", true),
                t(field(new ArrowType.Int(16, true)), Types.SMALLINT, "Int16", 5, 0, "java.lang.Integer", true),
                t(field(new ArrowType.Int(32, true)), Types.INTEGER, "Int32", 10, 0, "java.lang.Integer", true),
                t(field(new ArrowType.Int(64, true)), Types.BIGINT, "Int64", 19, 0, "java.lang.Long", true),
                t(field(new ArrowType.Int(8, false)), Types.SMALLINT, "UInt8", 3, 0, "java.lang.Integer", false),
                t(field(new ArrowType.Int(16, false)), Types.INTEGER, "UInt16", 5, 0, "java.lang.Integer", false),
                t(field(new ArrowType.Int(32, false)), Types.BIGINT, "UInt32", 10, 0, "java.lang.Long", false),
                t(field(new ArrowType.Int(64, false)), Types.NUMERIC, "UInt64", 20, 0, "java.math.BigInteger", false),
                t(
                        field(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                        Types.REAL,
                        "Float32",
                        7,
                        0,
                        "java.lang.Float",
                        true),
                t(
                        field(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                        Types.DOUBLE,
                        "Float64",
                        15,
                        0,
                        "java.lang.Double",
                        true),
                t(
                        field(new ArrowType.Decimal(38, 10, 128)),
                        Types.DECIMAL,
                        "Decimal(38, 10)",
                        38,
                        10,
                        "java.math.BigDecimal",
                        true),
                t(field(ArrowType.Utf8.INSTANCE), Types.VARCHAR, "String", max, 0, "java.lang.String", false),
                t(field(ArrowType.Utf8View.INSTANCE), Types.VARCHAR, "String", max, 0, "java.lang.String", false),
                t(field(ArrowType.LargeUtf8.INSTANCE), Types.VARCHAR, "String", max, 0, "java.lang.String", false),
                t(field(ArrowType.Binary.INSTANCE), Types.VARBINARY, "Binary", max, 0, "[B", false),
                t(field(ArrowType.BinaryView.INSTANCE), Types.VARBINARY, "Binary", max, 0, "[B", false),
                t(field(new ArrowType.FixedSizeBinary(16)), Types.BINARY, "Binary", 16, 0, "[B", false),
                t(binaryWith("Json"), Types.OTHER, "Json", max, 0, "java.lang.String", false),
                t(binaryWith("Vector(3)"), Types.OTHER, "Vector(3)", max, 0, "[F", false),
                t(binaryWith("Vector(x)"), Types.VARBINARY, "Binary", max, 0, "[B", false),
                t(field(new ArrowType.Date(DateUnit.DAY)), Types.DATE, "Date", 10, 0, "java.sql.Date", false),
                t(
                        field(new ArrowType.Time(TimeUnit.SECOND, 32)),
                        Types.TIME,
                        "TimeSecond",
                        8,
                        0,
                        "java.sql.Time",
                        false),
                t(
                        field(new ArrowType.Time(TimeUnit.NANOSECOND, 64)),
                        Types.TIME,
                        "TimeNanosecond",
                        18,
                        9,
                        "java.sql.Time",
                        false),
                t(
                        field(new ArrowType.Timestamp(TimeUnit.SECOND, null)),
                        Types.TIMESTAMP,
                        "TimestampSecond",
                        19,
                        0,
                        "java.sql.Timestamp",
                        false),
                t(
                        field(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
                        Types.TIMESTAMP,
                        "TimestampMillisecond",
                        23,
                        3,
                        "java.sql.Timestamp",
                        false),
                t(
                        field(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null)),
                        Types.TIMESTAMP,
                        "TimestampMicrosecond",
                        26,
                        6,
                        "java.sql.Timestamp",
                        false),
                t(
                        field(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)),
                        Types.TIMESTAMP,
                        "TimestampNanosecond",
                        29,
                        9,
                        "java.sql.Timestamp",
                        false),
                t(
                        field(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC")),
                        Types.TIMESTAMP_WITH_TIMEZONE,
                        "TimestampMillisecond(UTC)",
                        29,
                        3,
                        "java.time.OffsetDateTime",
                        false),
                t(
                        field(new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO)),
                        Types.OTHER,
                        "IntervalMonthDayNano",
                        max,
                        0,
                        "java.lang.String",
                        false),
                t(
                        field(new ArrowType.Interval(IntervalUnit.YEAR_MONTH)),
                        Types.OTHER,
                        "IntervalYearMonth",
                        max,
                        0,
                        "java.time.Period",
                        false),
                t(
                        field(new ArrowType.Duration(TimeUnit.MILLISECOND)),
                        Types.OTHER,
                        "DurationMillisecond",
                        max,
                        0,
                        "java.time.Duration",
                        false),
                t(field(ArrowType.Null.INSTANCE), Types.NULL, "Null", 0, 0, "java.lang.Object", false),
                t(
                        new Field(
                                "c",
                                FieldType.nullable(ArrowType.List.INSTANCE),
                                List.of(Field.nullable("item", new ArrowType.Int(64, true)))),
                        Types.ARRAY,
                        "List<Int64>",
                        0,
                        0,
                        "java.sql.Array",
                        false),
                t(
                        new Field(
                                "c",
                                FieldType.nullable(ArrowType.Struct.INSTANCE),
                                List.of(
                                        Field.nullable("a", new ArrowType.Int(32, true)),
                                        Field.nullable("b", ArrowType.Utf8.INSTANCE))),
                        Types.STRUCT,
                        "Struct<a: Int32, b: String>",
                        0,
                        0,
                        "java.sql.Struct",
                        false),
                t(
                        new Field(
                                "c",
                                new FieldType(
                                        true,
                                        ArrowType.Utf8.INSTANCE,
                                        new DictionaryEncoding(1, false, new ArrowType.Int(32, true))),
                                null),
                        Types.VARCHAR,
                        "String",
                        max,
                        0,
                        "java.lang.String",
                        false));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("types")
    void arrowType_mapsToJdbcMetadata(Field field, JdbcColumnType expected) {
        JdbcColumnType actual = JdbcTypeMapper.map(field);
        assertThat(actual.sqlType()).isEqualTo(expected.sqlType());
        assertThat(actual.typeName()).isEqualTo(expected.typeName());
        assertThat(actual.precision()).isEqualTo(expected.precision());
        assertThat(actual.scale()).isEqualTo(expected.scale());
        assertThat(actual.className()).isEqualTo(expected.className());
        assertThat(actual.signed()).isEqualTo(expected.signed());
        assertThat(actual.displaySize()).isGreaterThanOrEqualTo(actual.precision() > 0 ? 1 : 0);
    }

    @Test
    void columnMetadata_readsNullabilityAndTheTimeIndexMarker() {
        Field ts = new Field(
                "ts",
                new FieldType(
                        false,
                        new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
                        null,
                        Map.of("greptime:time_index", "true")),
                null);
        Field host = Field.nullable("host", ArrowType.Utf8.INSTANCE);
        List<ColumnMetadata> columns = ColumnMetadata.of(new Schema(List.of(ts, host)));
        assertThat(columns)
                .containsExactly(
                        new ColumnMetadata("ts", JdbcTypeMapper.map(ts), false, true),
                        new ColumnMetadata("host", JdbcTypeMapper.map(host), true, false));
    }

    @Test
    void displaySize_coversTheLongestRendering() {
        assertThat(JdbcTypeMapper.map(field(new ArrowType.Int(64, true))).displaySize())
                .isEqualTo("-9223372036854775808".length());
        assertThat(JdbcTypeMapper.map(field(new ArrowType.Int(64, false))).displaySize())
                .isEqualTo("18446744073709551615".length());
        assertThat(JdbcTypeMapper.map(field(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null)))
                        .displaySize())
                .isEqualTo("2020-01-01T01:23:45.123456789".length());
        assertThat(JdbcTypeMapper.map(field(ArrowType.Bool.INSTANCE)).displaySize())
                .isEqualTo("false".length());
    }
}
