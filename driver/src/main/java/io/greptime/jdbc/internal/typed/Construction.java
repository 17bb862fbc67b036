package io.greptime.jdbc.internal.typed;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.sql.SQLException;
import java.util.List;

/**
 * How a row's values become an instance, resolved to method handles once per class: a record's canonical
 * constructor, or a plain class's no-argument constructor followed by one field setter per component.
 */
abstract class Construction {
    /** Builds an instance from the values in component order. */
    abstract Object create(Object[] values) throws Throwable;

    static Construction canonical(Class<?> type, List<ComponentReader.Member> members) throws SQLException {
        Class<?>[] params = new Class<?>[members.size()];
        for (int i = 0; i < params.length; i++) {
            params[i] = members.get(i).getType();
        }
        MethodHandle spread;
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(params);
            canonical.setAccessible(true);
            spread = MethodHandles.lookup()
                    .unreflectConstructor(canonical)
                    .asSpreader(Object[].class, params.length)
                    .asType(MethodType.methodType(Object.class, Object[].class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw RecordMapping.mistake(
                    type,
                    "has a canonical constructor this driver cannot call (" + e
                            + "); make the record accessible (public, or in a package open to the driver)");
        }
        return new Construction() {
            @Override
            Object create(Object[] values) throws Throwable {
                return (Object) spread.invokeExact(values);
            }
        };
    }

    /** Null when the class has no no-argument constructor (it can still be written). */
    static Construction bySetters(Class<?> type, List<ComponentReader.Member> members) throws SQLException {
        MethodHandle create;
        MethodHandle[] setters = new MethodHandle[members.size()];
        try {
            Constructor<?> noArgs;
            try {
                noArgs = type.getDeclaredConstructor();
            } catch (NoSuchMethodException e) {
                return null;
            }
            noArgs.setAccessible(true);
            create = MethodHandles.lookup().unreflectConstructor(noArgs).asType(MethodType.methodType(Object.class));
            for (int i = 0; i < setters.length; i++) {
                java.lang.reflect.Field f = members.get(i).field();
                f.setAccessible(true);
                setters[i] = MethodHandles.lookup()
                        .unreflectSetter(f)
                        .asType(MethodType.methodType(void.class, Object.class, Object.class));
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw RecordMapping.mistake(
                    type,
                    "has a constructor or field this driver cannot reach (" + e
                            + "); make the class accessible (public, or in a package open to the driver)");
        }
        return new Construction() {
            @Override
            Object create(Object[] values) throws Throwable {
                Object instance = (Object) create.invokeExact();
                for (int i = 0; i < setters.length; i++) {
                    setters[i].invokeExact(instance, values[i]);
                }
                return instance;
            }
        };
    }
}
