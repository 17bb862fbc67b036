package io.greptime.jdbc.internal.typed;

import static io.greptime.jdbc.internal.typed.RecordMapping.mistake;

import io.greptime.jdbc.Decimal;
import io.greptime.jdbc.Field;
import io.greptime.jdbc.Json;
import io.greptime.jdbc.Tag;
import io.greptime.jdbc.TimeIndex;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * Reads one record component's (or plain class field's) annotations into a {@link ColumnMapping}, refusing what no table can hold:
 * more than one role annotation, a Java type without a column type, a {@code BigDecimal} without
 * {@code @Decimal}, {@code @Decimal} or {@code @Json} on the wrong type, a time index that is not a
 * timestamp, a unit coarser than seconds, an empty or blank column name.
 */
final class ComponentReader {
    private ComponentReader() {}

    /** A record component, or a plain class's field: a name, a type, annotations and an accessor. */
    record Member(
            String name, Class<?> type, AnnotatedElement annotated, Method accessor, java.lang.reflect.Field field) {
        static Member of(RecordComponent rc) {
            return new Member(rc.getName(), rc.getType(), rc, rc.getAccessor(), null);
        }

        static Member of(java.lang.reflect.Field f) {
            return new Member(f.getName(), f.getType(), f, null, f);
        }

        <A extends java.lang.annotation.Annotation> A getAnnotation(Class<A> a) {
            return annotated.getAnnotation(a);
        }

        boolean isAnnotationPresent(Class<? extends java.lang.annotation.Annotation> a) {
            return annotated.isAnnotationPresent(a);
        }

        String getName() {
            return name;
        }

        Class<?> getType() {
            return type;
        }
    }

    static ColumnMapping read(Class<?> type, Member rc) throws SQLException {
        String name = rc.getName();
        Tag tag = rc.getAnnotation(Tag.class);
        Field field = rc.getAnnotation(Field.class);
        TimeIndex time = rc.getAnnotation(TimeIndex.class);
        int roles = (tag != null ? 1 : 0) + (field != null ? 1 : 0) + (time != null ? 1 : 0);
        if (roles > 1) {
            throw mistake(type, "component '" + name + "' has more than one of @Tag, @Field and @TimeIndex");
        }
        ValueKind kind = kind(type, rc);
        ColumnMapping.Role role = tag != null
                ? ColumnMapping.Role.TAG
                : time != null ? ColumnMapping.Role.TIME_INDEX : ColumnMapping.Role.FIELD;
        String explicit = tag != null ? tag.name() : field != null ? field.name() : time != null ? time.name() : "";
        if (!explicit.isEmpty() && explicit.isBlank()) {
            throw mistake(type, "component '" + name + "' has a blank column name");
        }
        String column = explicit.isEmpty() ? snakeCase(name) : explicit;
        if (time != null && !kind.isTimestamp()) {
            throw mistake(
                    type,
                    "component '" + name + "' is the @TimeIndex but has type "
                            + rc.getType().getSimpleName()
                            + "; the time index must be an Instant, LocalDateTime or OffsetDateTime");
        }
        TimeUnit unit = unit(type, rc, kind, time != null ? time.unit() : field != null ? field.unit() : null);
        Decimal decimal = rc.getAnnotation(Decimal.class);
        int precision = decimal == null ? 0 : decimal.precision();
        int scale = decimal == null ? 0 : decimal.scale();
        return new ColumnMapping(
                name, column, role, kind, rc.getType().isPrimitive(), unit, precision, scale, getter(type, rc));
    }

    private static ValueKind kind(Class<?> type, Member rc) throws SQLException {
        String name = rc.getName();
        ValueKind kind = ValueKind.of(rc.getType());
        if (kind == null) {
            throw mistake(
                    type,
                    "component '" + name + "' has type " + rc.getType().getName()
                            + ", which no GreptimeDB column holds; supported: " + ValueKind.supported());
        }
        if (rc.isAnnotationPresent(Json.class)) {
            if (kind != ValueKind.STRING) {
                throw mistake(
                        type,
                        "component '" + name + "' is @Json but has type "
                                + rc.getType().getSimpleName() + "; JSON components are Strings holding JSON text");
            }
            kind = ValueKind.JSON;
        }
        Decimal decimal = rc.getAnnotation(Decimal.class);
        if (kind == ValueKind.DECIMAL && decimal == null) {
            throw mistake(
                    type,
                    "component '" + name + "' is a BigDecimal without @Decimal(precision, scale); "
                            + "a DECIMAL column needs both");
        }
        if (decimal != null && kind != ValueKind.DECIMAL) {
            throw mistake(
                    type,
                    "component '" + name + "' has @Decimal but type "
                            + rc.getType().getSimpleName() + "; @Decimal is for BigDecimal components");
        }
        if (decimal != null
                && (decimal.precision() < 1
                        || decimal.precision() > 38
                        || decimal.scale() < 0
                        || decimal.scale() > decimal.precision())) {
            throw mistake(
                    type,
                    "component '" + name + "' has @Decimal(precision = " + decimal.precision() + ", scale = "
                            + decimal.scale() + "); precision must be 1..38 and scale 0..precision");
        }
        return kind;
    }

    /** The unit of a temporal column (milliseconds unless annotated); null for other kinds. */
    private static TimeUnit unit(Class<?> type, Member rc, ValueKind kind, TimeUnit declared) throws SQLException {
        boolean temporal = kind.isTimestamp() || kind == ValueKind.TIME;
        if (!temporal) {
            if (declared != null && declared != TimeUnit.MILLISECONDS) {
                throw mistake(
                        type,
                        "component '" + rc.getName() + "' sets a unit but has type "
                                + rc.getType().getSimpleName() + "; units are for timestamps and times");
            }
            return null;
        }
        TimeUnit unit = declared == null ? TimeUnit.MILLISECONDS : declared;
        if (ColumnMapping.digits(unit) < 0) {
            throw mistake(
                    type,
                    "component '" + rc.getName() + "' has unit " + unit
                            + "; a column's unit is SECONDS, MILLISECONDS, MICROSECONDS or NANOSECONDS");
        }
        return unit;
    }

    /** The accessor as a method handle typed as {@link ColumnMapping#getter()} says. */
    private static MethodHandle getter(Class<?> type, Member rc) throws SQLException {
        MethodHandle h;
        try {
            if (rc.accessor() != null) {
                rc.accessor().setAccessible(true);
                h = MethodHandles.lookup().unreflect(rc.accessor());
            } else {
                rc.field().setAccessible(true);
                h = MethodHandles.lookup().unreflectGetter(rc.field());
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw mistake(
                    type,
                    "has an accessor this driver cannot call (" + e
                            + "); make the record accessible (public, or in a package open to the driver)");
        }
        Class<?> t = rc.getType();
        Class<?> carrier = t == boolean.class
                ? boolean.class
                : t == float.class || t == double.class ? double.class : t.isPrimitive() ? long.class : Object.class;
        return h.asType(MethodType.methodType(carrier, Object.class));
    }

    /** {@code usageUser} → {@code usage_user}: an underscore before each capital that follows a lower-case letter or digit. */
    static String snakeCase(String name) {
        StringBuilder out = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0 && (Character.isLowerCase(name.charAt(i - 1)) || Character.isDigit(name.charAt(i - 1)))) {
                    out.append('_');
                }
                out.append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
