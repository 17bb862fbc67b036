package io.greptime.jdbc.spark;

import java.sql.Types;
import java.util.Locale;
import java.util.Optional;
import org.apache.spark.sql.jdbc.JdbcType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;

/**
 * GreptimeDB column types to Spark types and back. The driver reports each column's JDBC type and GreptimeDB's
 * type name ({@code UInt64}, {@code TimestampNanosecond}, {@code Json}, {@code Vector(3)}, ...); the JDBC type
 * decides where it is exact, the name where JDBC only says {@code OTHER}.
 *
 * <ul>
 *   <li>Unsigned integers widen to the next signed type the driver reports (UInt8 to SMALLINT, UInt16 to
 *       INTEGER, UInt32 to BIGINT) and UInt64 to {@code DECIMAL(20,0)}, so every value fits.
 *   <li>Every TIMESTAMP(0/3/6/9) is a {@code TimestampType}: GreptimeDB timestamps are instants. Spark keeps
 *       microseconds, so nanoseconds of a TIMESTAMP(9) are cut on read (select {@code CAST(ts AS BIGINT)} for
 *       them).
 *   <li>JSON, VECTOR, intervals, durations, TIME, lists and structs have no exact Spark type that the JDBC source
 *       can carry both ways; they read as their GreptimeDB text ({@code getString}), which GreptimeDB parses back
 *       on insert.
 * </ul>
 */
final class GreptimeTypes {
    private GreptimeTypes() {}

    /** The Spark type of a column read from GreptimeDB; empty where Spark's own choice is right. */
    static Optional<DataType> toSpark(int sqlType, String typeName, int precision, int scale) {
        String name = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        switch (sqlType) {
            case Types.TINYINT:
                return Optional.of(DataTypes.ByteType);
            case Types.SMALLINT:
                return Optional.of(DataTypes.ShortType);
            case Types.INTEGER:
                return Optional.of(DataTypes.IntegerType);
            case Types.BIGINT:
                return Optional.of(DataTypes.LongType);
            case Types.NUMERIC:
            case Types.DECIMAL:
                return Optional.of(decimal(name, precision, scale));
            case Types.REAL:
            case Types.FLOAT:
                return Optional.of(DataTypes.FloatType);
            case Types.DOUBLE:
                return Optional.of(DataTypes.DoubleType);
            case Types.BOOLEAN:
            case Types.BIT:
                return Optional.of(DataTypes.BooleanType);
            case Types.VARCHAR:
            case Types.CHAR:
            case Types.LONGVARCHAR:
                return Optional.of(DataTypes.StringType);
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
                return Optional.of(DataTypes.BinaryType);
            case Types.DATE:
                return Optional.of(DataTypes.DateType);
            case Types.TIMESTAMP:
            case Types.TIMESTAMP_WITH_TIMEZONE:
                return Optional.of(DataTypes.TimestampType);
            case Types.NULL:
                return Optional.of(DataTypes.NullType);
            default:
                // TIME, OTHER (JSON, VECTOR, intervals, durations), ARRAY, STRUCT: GreptimeDB's text
                return Optional.of(DataTypes.StringType);
        }
    }

    /** UInt64 is NUMERIC(20,0); a DECIMAL keeps its own precision and scale (at most Spark's 38). */
    private static DataType decimal(String name, int precision, int scale) {
        if (name.startsWith("uint64")) {
            return DataTypes.createDecimalType(20, 0);
        }
        int p = precision <= 0 ? DecimalType.MAX_PRECISION() : Math.min(precision, DecimalType.MAX_PRECISION());
        return DataTypes.createDecimalType(p, Math.max(0, Math.min(scale, p)));
    }

    /** The GreptimeDB column type Spark creates for a Spark type; empty for types GreptimeDB cannot hold. */
    static Optional<JdbcType> toGreptime(DataType type) {
        if (type instanceof DecimalType d) {
            return jdbc("DECIMAL(" + d.precision() + ", " + d.scale() + ")", Types.DECIMAL);
        }
        if (type.equals(DataTypes.BooleanType)) {
            return jdbc("BOOLEAN", Types.BOOLEAN);
        } else if (type.equals(DataTypes.ByteType)) {
            return jdbc("TINYINT", Types.TINYINT);
        } else if (type.equals(DataTypes.ShortType)) {
            return jdbc("SMALLINT", Types.SMALLINT);
        } else if (type.equals(DataTypes.IntegerType)) {
            return jdbc("INT", Types.INTEGER);
        } else if (type.equals(DataTypes.LongType)) {
            return jdbc("BIGINT", Types.BIGINT);
        } else if (type.equals(DataTypes.FloatType)) {
            return jdbc("FLOAT", Types.REAL);
        } else if (type.equals(DataTypes.DoubleType)) {
            return jdbc("DOUBLE", Types.DOUBLE);
        } else if (type.equals(DataTypes.StringType)) {
            return jdbc("STRING", Types.VARCHAR);
        } else if (type.equals(DataTypes.BinaryType)) {
            return jdbc("VARBINARY", Types.VARBINARY);
        } else if (type.equals(DataTypes.DateType)) {
            return jdbc("DATE", Types.DATE);
        } else if (type.equals(DataTypes.TimestampType) || type.equals(DataTypes.TimestampNTZType)) {
            // Spark's timestamps are microseconds: TIMESTAMP(6) keeps them all (plain TIMESTAMP is milliseconds)
            return jdbc("TIMESTAMP(6)", Types.TIMESTAMP);
        }
        return Optional.empty();
    }

    private static Optional<JdbcType> jdbc(String name, int sqlType) {
        return Optional.of(new JdbcType(name, sqlType));
    }
}
