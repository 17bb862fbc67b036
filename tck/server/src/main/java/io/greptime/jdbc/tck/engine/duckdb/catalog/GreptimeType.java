package io.greptime.jdbc.tck.engine.duckdb.catalog;

import java.util.Locale;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.IntervalUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * One GreptimeDB column type and how it is kept in DuckDB. {@code name} is GreptimeDB's own name
 * (DESC "Type"), {@code sql} the form SHOW CREATE TABLE prints, {@code duck} the DuckDB storage type,
 * {@code arrow} the Arrow type of query results (protocol.md §7) and {@code stored} the Arrow type the
 * DuckDB column imports from and exports to.
 */
public record GreptimeType(String name, String sql, String duck, ArrowType arrow, ArrowType stored) {

    /** The GreptimeDB type family, for dispatch on values. */
    public enum Kind {
        BOOLEAN,
        INT,
        UINT,
        FLOAT,
        STRING,
        BINARY,
        DATE,
        TIMESTAMP,
        TIME,
        INTERVAL,
        DECIMAL,
        JSON,
        /** GreptimeDB's JSON2 (v1.3+), kept as JSON text and answered as text (see {@link Json2Values}). */
        JSON2,
        VECTOR
    }

    public Kind kind() {
        if (name.startsWith("Timestamp")) {
            return Kind.TIMESTAMP;
        } else if (name.startsWith("Time")) {
            return Kind.TIME;
        } else if (name.startsWith("UInt")) {
            return Kind.UINT;
        } else if (name.startsWith("Int")) {
            return name.startsWith("Interval") ? Kind.INTERVAL : Kind.INT;
        } else if (name.startsWith("Float")) {
            return Kind.FLOAT;
        } else if (name.startsWith("Decimal")) {
            return Kind.DECIMAL;
        } else if (name.startsWith("Vector")) {
            return Kind.VECTOR;
        } else if (name.startsWith("Duration")) {
            return Kind.INTERVAL; // kept in DuckDB as an INTERVAL
        }
        return switch (name) {
            case "Boolean" -> Kind.BOOLEAN;
            case "String" -> Kind.STRING;
            case "Binary" -> Kind.BINARY;
            case "Date" -> Kind.DATE;
            case "Json2" -> Kind.JSON2;
            default -> Kind.JSON;
        };
    }

    /** Lower-case SQL name as information_schema.columns.data_type shows it. */
    public String dataType() {
        // GreptimeDB has no MySQL name for durations and shows its own (information_schema.process_list)
        return name.startsWith("Duration") ? name : sql.toLowerCase(Locale.ROOT);
    }

    /** The time unit of a timestamp or time type. */
    public TimeUnit unit() {
        if (arrow instanceof ArrowType.Timestamp ts) {
            return ts.getUnit();
        }
        if (arrow instanceof ArrowType.Time t) {
            return t.getUnit();
        }
        throw new IllegalStateException(name + " has no time unit");
    }

    /** Vector dimension, or 0. */
    public int dimension() {
        return kind() == Kind.VECTOR ? Integer.parseInt(name.substring(7, name.length() - 1)) : 0;
    }

    private static GreptimeType plain(String name, String sql, String duck, ArrowType arrow) {
        return new GreptimeType(name, sql, duck, arrow, arrow);
    }

    public static final GreptimeType BOOLEAN = plain("Boolean", "BOOLEAN", "BOOLEAN", ArrowType.Bool.INSTANCE);
    public static final GreptimeType INT8 = plain("Int8", "TINYINT", "TINYINT", new ArrowType.Int(8, true));
    public static final GreptimeType INT16 = plain("Int16", "SMALLINT", "SMALLINT", new ArrowType.Int(16, true));
    public static final GreptimeType INT32 = plain("Int32", "INT", "INTEGER", new ArrowType.Int(32, true));
    public static final GreptimeType INT64 = plain("Int64", "BIGINT", "BIGINT", new ArrowType.Int(64, true));
    public static final GreptimeType UINT8 =
            plain("UInt8", "TINYINT UNSIGNED", "UTINYINT", new ArrowType.Int(8, false));
    public static final GreptimeType UINT16 =
            plain("UInt16", "SMALLINT UNSIGNED", "USMALLINT", new ArrowType.Int(16, false));
    public static final GreptimeType UINT32 = plain("UInt32", "INT UNSIGNED", "UINTEGER", new ArrowType.Int(32, false));
    public static final GreptimeType UINT64 =
            plain("UInt64", "BIGINT UNSIGNED", "UBIGINT", new ArrowType.Int(64, false));
    public static final GreptimeType FLOAT32 =
            plain("Float32", "FLOAT", "FLOAT", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
    public static final GreptimeType FLOAT64 =
            plain("Float64", "DOUBLE", "DOUBLE", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
    public static final GreptimeType STRING = plain("String", "STRING", "VARCHAR", ArrowType.Utf8.INSTANCE);
    public static final GreptimeType BINARY = plain("Binary", "VARBINARY", "BLOB", ArrowType.Binary.INSTANCE);
    public static final GreptimeType DATE =
            plain("Date", "DATE", "DATE", new ArrowType.Date(org.apache.arrow.vector.types.DateUnit.DAY));
    public static final GreptimeType TS_SECOND = timestamp(TimeUnit.SECOND);
    public static final GreptimeType TS_MILLI = timestamp(TimeUnit.MILLISECOND);
    public static final GreptimeType TS_MICRO = timestamp(TimeUnit.MICROSECOND);
    public static final GreptimeType TS_NANO = timestamp(TimeUnit.NANOSECOND);
    public static final GreptimeType INTERVAL =
            plain("IntervalMonthDayNano", "INTERVAL", "INTERVAL", new ArrowType.Interval(IntervalUnit.MONTH_DAY_NANO));
    public static final GreptimeType JSON =
            new GreptimeType("Json", "JSON", "VARCHAR", ArrowType.Binary.INSTANCE, ArrowType.Utf8.INSTANCE);
    /**
     * JSON2. GreptimeDB answers it as native Arrow structs marked {@code greptime:type=Json}, each file's rows
     * aligned to one struct; the engine has no such layout and answers the JSON text.
     */
    public static final GreptimeType JSON2 = plain("Json2", "JSON2", "VARCHAR", ArrowType.Utf8.INSTANCE);

    public static GreptimeType timestamp(TimeUnit unit) {
        int p = precision(unit);
        String duck = switch (unit) {
            case SECOND -> "TIMESTAMP_S";
            case MILLISECOND -> "TIMESTAMP_MS";
            case MICROSECOND -> "TIMESTAMP";
            case NANOSECOND -> "TIMESTAMP_NS";
        };
        return plain("Timestamp" + unitName(unit), "TIMESTAMP(" + p + ")", duck, new ArrowType.Timestamp(unit, null));
    }

    public static GreptimeType time(TimeUnit unit) {
        int bits = unit == TimeUnit.SECOND || unit == TimeUnit.MILLISECOND ? 32 : 64;
        return new GreptimeType(
                "Time" + unitName(unit),
                "TIME(" + precision(unit) + ")",
                "TIME",
                new ArrowType.Time(unit, bits),
                new ArrowType.Time(TimeUnit.MICROSECOND, 64));
    }

    /** A duration (Arrow Duration), kept in DuckDB as an INTERVAL. */
    public static GreptimeType duration(TimeUnit unit) {
        String name = "Duration" + unitName(unit);
        return plain(name, name, "INTERVAL", new ArrowType.Duration(unit));
    }

    public static GreptimeType decimal(int precision, int scale) {
        ArrowType t = new ArrowType.Decimal(precision, scale, 128);
        return plain(
                "Decimal(" + precision + ", " + scale + ")",
                "DECIMAL(" + precision + ", " + scale + ")",
                "DECIMAL(" + precision + "," + scale + ")",
                t);
    }

    public static GreptimeType vector(int dim) {
        return new GreptimeType(
                "Vector(" + dim + ")",
                "VECTOR(" + dim + ")",
                "BLOB",
                ArrowType.Binary.INSTANCE,
                ArrowType.Binary.INSTANCE);
    }

    public static int precision(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> 0;
            case MILLISECOND -> 3;
            case MICROSECOND -> 6;
            case NANOSECOND -> 9;
        };
    }

    static TimeUnit unitOfPrecision(int p) {
        return switch (p) {
            case 0 -> TimeUnit.SECOND;
            case 3 -> TimeUnit.MILLISECOND;
            case 6 -> TimeUnit.MICROSECOND;
            case 9 -> TimeUnit.NANOSECOND;
            default -> throw new IllegalArgumentException("Invalid timestamp precision: " + p);
        };
    }

    /** The unit as GreptimeDB's type names spell it (TimestampMillisecond, DurationSecond, ...). */
    public static String unitName(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> "Second";
            case MILLISECOND -> "Millisecond";
            case MICROSECOND -> "Microsecond";
            case NANOSECOND -> "Nanosecond";
        };
    }

    /** Parses a GreptimeDB type name as written by {@link #name()} (for restoring persisted metadata). */
    /** Types by name: every stored row and DoPut batch asks for its columns' types by name. */
    private static final java.util.concurrent.ConcurrentHashMap<String, GreptimeType> BY_NAME =
            new java.util.concurrent.ConcurrentHashMap<>();

    public static GreptimeType ofName(String name) {
        GreptimeType known = BY_NAME.get(name);
        if (known != null) {
            return known;
        }
        GreptimeType parsed = parseName(name);
        if (BY_NAME.size() < 4096) { // names come from table definitions: few, but not trusted to be
            BY_NAME.putIfAbsent(name, parsed);
        }
        return parsed;
    }

    private static GreptimeType parseName(String name) {
        if (name.startsWith("Decimal(")) {
            String[] ps = name.substring(8, name.length() - 1).split(",");
            return decimal(Integer.parseInt(ps[0].trim()), Integer.parseInt(ps[1].trim()));
        }
        if (name.startsWith("Vector(")) {
            return vector(Integer.parseInt(name.substring(7, name.length() - 1)));
        }
        for (TimeUnit u : TimeUnit.values()) {
            if (name.equals("Timestamp" + unitName(u))) {
                return timestamp(u);
            }
            if (name.equals("Time" + unitName(u))) {
                return time(u);
            }
            if (name.equals("Duration" + unitName(u))) {
                return duration(u);
            }
        }
        for (GreptimeType t : new GreptimeType[] {
            BOOLEAN, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64, FLOAT32, FLOAT64, STRING, BINARY, DATE,
            INTERVAL, JSON, JSON2
        }) {
            if (t.name.equals(name)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown GreptimeDB type " + name);
    }
}
