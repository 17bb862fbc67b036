package io.greptime.jdbc.internal.typed;

import io.greptime.jdbc.GreptimeTable;
import io.greptime.jdbc.sqlstate.SqlState;
import java.lang.reflect.RecordComponent;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How one record type (or plain class) maps to table columns: built once per class (then cached for the
 * class's life) by reading its annotations and resolving its accessors and constructor to method handles,
 * so rows are written and read without reflection. Every mistake in the type is found here, before any row: see
 * {@link ComponentReader} for the per-component rules.
 *
 * <p>Mapping mistakes are {@link SQLSyntaxErrorException}s with SQLState 42000: they are
 * errors in how the program declares its rows, like a bad column definition in SQL.
 */
public final class RecordMapping<T> {

    private static final ClassValue<Object> CACHE = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            try {
                return build(type);
            } catch (SQLException e) {
                return e;
            }
        }
    };

    private final Class<T> type;
    private final String table;
    private final List<ColumnMapping> columns;
    private final int timeIndex;
    /** How a row's values become an instance; null when the class cannot be instantiated (write-only). */
    private final Construction construction;

    private RecordMapping(
            Class<T> type, String table, List<ColumnMapping> columns, int timeIndex, Construction construction) {
        this.type = type;
        this.table = table;
        this.columns = columns;
        this.timeIndex = timeIndex;
        this.construction = construction;
    }

    /** The mapping of {@code type} (built on first use); 42000 naming the mistake when it has one. */
    @SuppressWarnings("unchecked")
    public static <T> RecordMapping<T> of(Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("The record class must not be null", SqlState.INVALID_USE_OF_NULL_POINTER.code());
        }
        Object cached = CACHE.get(type);
        if (cached instanceof SQLException e) {
            // A fresh exception, so the stack trace shows this caller; the message is the same every time.
            throw new SQLSyntaxErrorException(e.getMessage(), e.getSQLState());
        }
        return (RecordMapping<T>) cached;
    }

    private static RecordMapping<?> build(Class<?> type) throws SQLException {
        List<ComponentReader.Member> members = members(type);
        List<ColumnMapping> columns = new ArrayList<>(members.size());
        Map<String, String> byColumn = new HashMap<>();
        int timeIndex = -1;
        for (ComponentReader.Member m : members) {
            ColumnMapping c = ComponentReader.read(type, m);
            String earlier = byColumn.putIfAbsent(c.column().toLowerCase(Locale.ROOT), c.component());
            if (earlier != null) {
                throw mistake(
                        type,
                        "maps components '" + earlier + "' and '" + c.component() + "' to the same column '"
                                + c.column() + "'");
            }
            if (c.role() == ColumnMapping.Role.TIME_INDEX) {
                if (timeIndex >= 0) {
                    throw mistake(
                            type,
                            "has two @TimeIndex components, '"
                                    + columns.get(timeIndex).component() + "' and '" + c.component()
                                    + "'; a table has exactly one time index");
                }
                timeIndex = columns.size();
            }
            columns.add(c);
        }
        GreptimeTable table = type.getAnnotation(GreptimeTable.class);
        if (table != null && table.value().isBlank()) {
            throw mistake(type, "has an empty @GreptimeTable name");
        }
        Construction construction =
                type.isRecord() ? Construction.canonical(type, members) : Construction.bySetters(type, members);
        return new RecordMapping<>(
                type, table == null ? null : table.value(), List.copyOf(columns), timeIndex, construction);
    }

    /**
     * A record's components, or a plain class's instance fields (not static, not transient; superclass
     * fields first, each class's in declaration order as the JVM reports it).
     */
    private static List<ComponentReader.Member> members(Class<?> type) throws SQLException {
        List<ComponentReader.Member> members = new ArrayList<>();
        if (type.isRecord()) {
            for (RecordComponent rc : type.getRecordComponents()) {
                members.add(ComponentReader.Member.of(rc));
            }
            return members;
        }
        if (type.isInterface()
                || type.isEnum()
                || type.isArray()
                || type.isPrimitive()
                || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
            throw mistake(type, "is not a record or a concrete class; rows map from records (or classes with fields)");
        }
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
            chain.add(0, k);
        }
        for (Class<?> k : chain) {
            for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (!java.lang.reflect.Modifier.isStatic(mod)
                        && !java.lang.reflect.Modifier.isTransient(mod)
                        && !f.isSynthetic()) {
                    members.add(ComponentReader.Member.of(f));
                }
            }
        }
        return members;
    }

    static SQLSyntaxErrorException mistake(Class<?> type, String what) {
        return new SQLSyntaxErrorException(
                "Record " + type.getName() + " " + what, SqlState.SYNTAX_ERROR_OR_ACCESS_RULE_VIOLATION.code());
    }

    public Class<T> type() {
        return type;
    }

    /** The {@code @GreptimeTable} name, or null when the record has none. */
    public String table() {
        return table;
    }

    List<ColumnMapping> columns() {
        return columns;
    }

    /** The position of the time-index column, or -1 when the record has none. */
    int timeIndex() {
        return timeIndex;
    }

    /** 42000 unless the record has a time index, which writing needs (a GreptimeDB table always has one). */
    public void requireTimeIndex() throws SQLException {
        if (timeIndex < 0) {
            throw mistake(
                    type,
                    "has no @TimeIndex component; a table row needs exactly one (an Instant, "
                            + "LocalDateTime or OffsetDateTime)");
        }
    }

    /** 42000 unless rows can be read into the type (a plain class needs a no-argument constructor). */
    void requireConstructible() throws SQLException {
        if (construction == null) {
            throw mistake(type, "has no no-argument constructor, so rows cannot be read into it (writing works)");
        }
    }

    /** Builds a record from its component values, in component order (boxed; never null for primitives). */
    T construct(Object[] values) throws SQLException {
        try {
            return type.cast(construction.create(values));
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            // The record's own checks (a compact constructor) refused the row's values.
            throw new java.sql.SQLDataException(
                    "The constructor of " + type.getName() + " refused the row: " + e,
                    SqlState.DATA_EXCEPTION.code(),
                    e);
        }
    }

    /** {@code CREATE TABLE IF NOT EXISTS}: tags as PRIMARY KEY (in component order), the time index, fields. */
    String createTableSql(String tableName) {
        StringBuilder sql = new StringBuilder("CREATE TABLE IF NOT EXISTS ")
                .append(quote(tableName))
                .append(" (");
        List<String> tags = new ArrayList<>();
        for (ColumnMapping c : columns) {
            sql.append(quote(c.column())).append(' ').append(c.sqlType());
            if (c.role() == ColumnMapping.Role.TIME_INDEX) {
                sql.append(" NOT NULL");
            } else if (c.role() == ColumnMapping.Role.TAG) {
                tags.add(quote(c.column()));
            }
            sql.append(", ");
        }
        sql.append("TIME INDEX (")
                .append(quote(columns.get(timeIndex).column()))
                .append(')');
        if (!tags.isEmpty()) {
            sql.append(", PRIMARY KEY (").append(String.join(", ", tags)).append(')');
        }
        return sql.append(')').toString();
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    @Override
    public String toString() {
        return "RecordMapping[" + type.getName() + " -> " + table + " "
                + columns.stream().map(ColumnMapping::column).toList() + "]";
    }
}
