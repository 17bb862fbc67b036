package io.greptime.jdbc.arrow.meta;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.arrow.GreptimeFieldMetadata;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

/** The standard SQL words TYPE_NAME reports, from the Arrow types GreptimeDB sends. */
class SqlTypeNameTest {
    private static String name(ArrowType type) {
        return JdbcTypeMapper.map(new Field("c", FieldType.nullable(type), List.of()))
                .sqlTypeName();
    }

    @Test
    void greptimeTypes_haveNamesGenericToolsMap() {
        assertThat(name(ArrowType.Utf8.INSTANCE)).isEqualTo("VARCHAR");
        assertThat(name(new ArrowType.Timestamp(TimeUnit.NANOSECOND, null))).isEqualTo("TIMESTAMP");
        assertThat(name(new ArrowType.Time(TimeUnit.MILLISECOND, 32))).isEqualTo("TIME");
        assertThat(name(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))
                .isEqualTo("DOUBLE");
        assertThat(name(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)))
                .isEqualTo("REAL");
        assertThat(name(new ArrowType.Int(8, true))).isEqualTo("TINYINT");
        assertThat(name(new ArrowType.Int(64, true))).isEqualTo("BIGINT");
        assertThat(name(new ArrowType.Int(8, false))).isEqualTo("TINYINT UNSIGNED");
        assertThat(name(new ArrowType.Int(64, false))).isEqualTo("BIGINT UNSIGNED");
        assertThat(name(new ArrowType.Decimal(10, 2, 128))).isEqualTo("DECIMAL");
        assertThat(name(ArrowType.Bool.INSTANCE)).isEqualTo("BOOLEAN");
        assertThat(name(ArrowType.Binary.INSTANCE)).isEqualTo("VARBINARY");
        assertThat(name(new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO))).isEqualTo("INTERVAL");
        Field json = new Field(
                "j",
                new FieldType(true, ArrowType.Binary.INSTANCE, null, Map.of(GreptimeFieldMetadata.TYPE_KEY, "Json")),
                List.of());
        JdbcColumnType t = JdbcTypeMapper.map(json);
        assertThat(t.sqlTypeName()).isEqualTo("JSON");
        assertThat(t.typeName()).isEqualTo("Json");
    }
}
