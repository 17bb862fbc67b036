package io.greptime.jdbc.internal.jdbc;

import java.math.BigInteger;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.function.Function;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * How one Arrow column looks through JDBC: its {@code java.sql.Types} code, names and how to read a value
 * as the Java object {@code getObject} starts from (timestamps as {@link Instant}, unsigned integers
 * widened so they are never negative, strings as {@link String}).
 *
 * <p>Interim: the flight-bridge module's column readers and type metadata replace this class; it covers
 * the types GreptimeDB returns for ordinary tables so the driver works end to end meanwhile.
 */
record ColumnType(int sqlType, String typeName, String className, int precision, int scale, boolean signed,
    Function<FieldVector, ColumnReader> readerFactory) {

  /** Reads the value of a row of the vector it was made for (null for SQL NULL). */
  @FunctionalInterface
  interface ColumnReader {
    Object read(int row);
  }

  static ColumnType of(Field field) {
    return field.getType().accept(new Mapper());
  }

  private static ColumnType simple(int sqlType, String name, Class<?> cls, int precision) {
    return new ColumnType(sqlType, name, cls.getName(), precision, 0, true, v -> row -> v.getObject(row));
  }

  private static ColumnType text(int sqlType, String name) {
    return new ColumnType(sqlType, name, String.class.getName(), Integer.MAX_VALUE, 0, false,
        v -> row -> {
          Object o = v.getObject(row);
          return o == null ? null : o.toString();
        });
  }

  private static Object unsigned(FieldVector v, int row) {
    if (v.isNull(row)) {
      return null;
    }
    if (v instanceof UInt1Vector u) {
      return (short) (u.get(row) & 0xFF);
    }
    if (v instanceof UInt2Vector u) {
      return (int) u.get(row);
    }
    if (v instanceof UInt4Vector u) {
      return u.get(row) & 0xFFFFFFFFL;
    }
    return ((UInt8Vector) v).getObjectNoOverflow(row);
  }

  private static Instant instant(long value, TimeUnit unit) {
    switch (unit) {
      case SECOND:
        return Instant.ofEpochSecond(value);
      case MILLISECOND:
        return Instant.ofEpochMilli(value);
      case MICROSECOND:
        return Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1000);
      default:
        return Instant.ofEpochSecond(Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
    }
  }

  /** Time32 and Time64 vectors share no reading interface; their raw value is one int or long. */
  private static long rawTime(FieldVector v, int row, int bitWidth) {
    var data = v.getDataBuffer();
    return bitWidth == 32 ? data.getInt((long) row * 4) : data.getLong((long) row * 8);
  }

  private static long nanosPer(TimeUnit unit) {
    return unit == TimeUnit.SECOND ? 1_000_000_000L : unit == TimeUnit.MILLISECOND ? 1_000_000L
        : unit == TimeUnit.MICROSECOND ? 1000L : 1L;
  }

  /** One constant per Arrow type, so a new type fails to compile until it is mapped (design rule 4). */
  private static final class Mapper implements ArrowType.ArrowTypeVisitor<ColumnType> {
    @Override
    public ColumnType visit(ArrowType.Null type) {
      return new ColumnType(Types.NULL, "Null", Object.class.getName(), 0, 0, false, v -> row -> null);
    }

    @Override
    public ColumnType visit(ArrowType.Struct type) {
      return text(Types.STRUCT, "Struct");
    }

    @Override
    public ColumnType visit(ArrowType.List type) {
      return text(Types.ARRAY, "List");
    }

    @Override
    public ColumnType visit(ArrowType.LargeList type) {
      return text(Types.ARRAY, "LargeList");
    }

    @Override
    public ColumnType visit(ArrowType.FixedSizeList type) {
      return text(Types.ARRAY, "FixedSizeList");
    }

    @Override
    public ColumnType visit(ArrowType.Union type) {
      return text(Types.OTHER, "Union");
    }

    @Override
    public ColumnType visit(ArrowType.Map type) {
      return text(Types.OTHER, "Map");
    }

    @Override
    public ColumnType visit(ArrowType.Int type) {
      if (!type.getIsSigned()) {
        int bits = type.getBitWidth();
        int sql = bits == 8 ? Types.SMALLINT : bits == 16 ? Types.INTEGER : bits == 32 ? Types.BIGINT : Types.NUMERIC;
        Class<?> cls = bits == 8 ? Short.class : bits == 16 ? Integer.class : bits == 32 ? Long.class : BigInteger.class;
        return new ColumnType(sql, "UInt" + bits, cls.getName(), bits == 64 ? 20 : bits / 3 + 1, 0, false,
            v -> row -> unsigned(v, row));
      }
      switch (type.getBitWidth()) {
        case 8:
          return simple(Types.TINYINT, "Int8", Byte.class, 3);
        case 16:
          return simple(Types.SMALLINT, "Int16", Short.class, 5);
        case 32:
          return simple(Types.INTEGER, "Int32", Integer.class, 10);
        default:
          return new ColumnType(Types.BIGINT, "Int64", Long.class.getName(), 19, 0, true,
              v -> row -> v.isNull(row) ? null : ((BaseIntVector) v).getValueAsLong(row));
      }
    }

    @Override
    public ColumnType visit(ArrowType.FloatingPoint type) {
      return switch (type.getPrecision()) {
        case HALF, SINGLE -> simple(Types.REAL, "Float32", Float.class, 7);
        case DOUBLE -> simple(Types.DOUBLE, "Float64", Double.class, 15);
      };
    }

    @Override
    public ColumnType visit(ArrowType.Utf8 type) {
      return text(Types.VARCHAR, "String");
    }

    @Override
    public ColumnType visit(ArrowType.Utf8View type) {
      return text(Types.VARCHAR, "String");
    }

    @Override
    public ColumnType visit(ArrowType.LargeUtf8 type) {
      return text(Types.LONGVARCHAR, "String");
    }

    @Override
    public ColumnType visit(ArrowType.Binary type) {
      return simple(Types.VARBINARY, "Binary", byte[].class, Integer.MAX_VALUE);
    }

    @Override
    public ColumnType visit(ArrowType.BinaryView type) {
      return simple(Types.VARBINARY, "Binary", byte[].class, Integer.MAX_VALUE);
    }

    @Override
    public ColumnType visit(ArrowType.LargeBinary type) {
      return simple(Types.LONGVARBINARY, "Binary", byte[].class, Integer.MAX_VALUE);
    }

    @Override
    public ColumnType visit(ArrowType.FixedSizeBinary type) {
      return simple(Types.BINARY, "Binary", byte[].class, type.getByteWidth());
    }

    @Override
    public ColumnType visit(ArrowType.Bool type) {
      return simple(Types.BOOLEAN, "Boolean", Boolean.class, 1);
    }

    @Override
    public ColumnType visit(ArrowType.Decimal type) {
      return new ColumnType(Types.DECIMAL, "Decimal", java.math.BigDecimal.class.getName(), type.getPrecision(),
          type.getScale(), true, v -> row -> v.getObject(row));
    }

    @Override
    public ColumnType visit(ArrowType.Date type) {
      return new ColumnType(Types.DATE, "Date", java.sql.Date.class.getName(), 10, 0, false, v -> row -> {
        if (v.isNull(row)) {
          return null;
        }
        return type.getUnit() == DateUnit.DAY ? LocalDate.ofEpochDay(((DateDayVector) v).get(row))
            : LocalDate.ofEpochDay(Math.floorDiv(((DateMilliVector) v).get(row), 86_400_000L));
      });
    }

    @Override
    public ColumnType visit(ArrowType.Time type) {
      long per = nanosPer(type.getUnit());
      return new ColumnType(Types.TIME, "Time", java.sql.Time.class.getName(), 18, 0, false,
          v -> row -> v.isNull(row) ? null : LocalTime.ofNanoOfDay(rawTime(v, row, type.getBitWidth()) * per));
    }

    @Override
    public ColumnType visit(ArrowType.Timestamp type) {
      int digits = type.getUnit() == TimeUnit.SECOND ? 0 : type.getUnit() == TimeUnit.MILLISECOND ? 3
          : type.getUnit() == TimeUnit.MICROSECOND ? 6 : 9;
      return new ColumnType(Types.TIMESTAMP, "Timestamp" + type.getUnit(), java.sql.Timestamp.class.getName(),
          20 + digits, digits, false,
          v -> row -> v.isNull(row) ? null : instant(((TimeStampVector) v).get(row), type.getUnit()));
    }

    @Override
    public ColumnType visit(ArrowType.Interval type) {
      return text(Types.OTHER, "Interval" + type.getUnit());
    }

    @Override
    public ColumnType visit(ArrowType.Duration type) {
      return simple(Types.OTHER, "Duration" + type.getUnit(), java.time.Duration.class, 0);
    }

    @Override
    public ColumnType visit(ArrowType.ListView type) {
      return text(Types.ARRAY, "ListView");
    }

    @Override
    public ColumnType visit(ArrowType.LargeListView type) {
      return text(Types.ARRAY, "LargeListView");
    }

    @Override
    public ColumnType visit(ArrowType.RunEndEncoded type) {
      return text(Types.OTHER, "RunEndEncoded");
    }

    @Override
    public ColumnType visit(ArrowType.ExtensionType type) {
      return text(Types.OTHER, type.extensionName());
    }
  }
}
