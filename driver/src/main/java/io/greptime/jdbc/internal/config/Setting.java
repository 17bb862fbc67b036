package io.greptime.jdbc.internal.config;

import io.greptime.jdbc.GreptimeProperty;
import io.greptime.jdbc.GreptimeProperty.Type;
import java.time.ZoneId;
import java.util.Map;

/**
 * One connection property together with the Java type of its value: the key of {@link
 * ConnectionConfig#get(Setting)}, so that {@code config.get(Settings.CONNECT_TIMEOUT)} is an {@code Integer}
 * to the compiler and {@code boolean b = config.get(Settings.CONNECT_TIMEOUT)} does not compile.
 *
 * <p>Why a key object beside the enum rather than in it: {@link GreptimeProperty} is public API and a Java
 * enum cannot take a type parameter, so its constants cannot tell the compiler what their values are. A
 * generic class of constants in place of the enum would break {@code values()}, {@code switch} and {@code
 * EnumMap} for users; accessor families such as {@code intValue(p)} type only the result and accept any
 * property, so a wrong pairing compiled and failed at run time. So each {@code Setting<T>} wraps one
 * constant, and the factory of the constant's {@link Type} tag fixes T: {@link #integer} takes only
 * {@code INT} properties and gives {@code Setting<Integer>}, and so on. {@link Settings} makes one per
 * constant in its static initializer, so a constant paired with the wrong factory fails the first use of
 * any configuration (and {@code SettingsTest}), not a later call.
 *
 * <p>Parsing stays in {@link GreptimeProperty#parse} (public, strict: {@code tls=yes} is an error naming
 * key and value); a setting narrows its {@code Object} result to T, checked against the tag's Java class,
 * in {@link #narrow}, the one cast of the configuration.
 */
public final class Setting<T> {
    private final GreptimeProperty property;
    /** T's class (its erasure for the hints map): what {@link GreptimeProperty#parse} returns for the tag. */
    private final Class<?> javaType;

    private Setting(GreptimeProperty property, Type tag, Class<?> javaType) {
        if (property.type() != tag) {
            throw new IllegalArgumentException(property + " is a " + property.type() + " property, not " + tag);
        }
        this.property = property;
        this.javaType = javaType;
    }

    static Setting<String> string(GreptimeProperty p) {
        return new Setting<>(p, Type.STRING, String.class);
    }

    static Setting<Boolean> flag(GreptimeProperty p) {
        return new Setting<>(p, Type.BOOLEAN, Boolean.class);
    }

    static Setting<Integer> integer(GreptimeProperty p) {
        return new Setting<>(p, Type.INT, Integer.class);
    }

    /** A byte count; suffixes k, m, g are parsed away. */
    static Setting<Long> size(GreptimeProperty p) {
        return new Setting<>(p, Type.SIZE, Long.class);
    }

    static Setting<ZoneId> zone(GreptimeProperty p) {
        return new Setting<>(p, Type.ZONE, ZoneId.class);
    }

    /** The lower-cased choice, one of {@link GreptimeProperty#choices()}. */
    static Setting<String> choice(GreptimeProperty p) {
        return new Setting<>(p, Type.CHOICE, String.class);
    }

    /** The hints in the order given, unmodifiable ({@link HintsFormat#parse}). */
    static Setting<Map<String, String>> hints(GreptimeProperty p) {
        return new Setting<>(p, Type.HINTS, Map.class);
    }

    /** A GreptimeDB version, normalised as the driver prints versions. */
    static Setting<String> version(GreptimeProperty p) {
        return new Setting<>(p, Type.VERSION, String.class);
    }

    public GreptimeProperty property() {
        return property;
    }

    public String key() {
        return property.key();
    }

    /**
     * Checks a raw value and returns it as T.
     *
     * @throws IllegalArgumentException with a message that names the key and (unless sensitive) the value
     */
    public T parse(String raw) {
        return narrow(property.parse(raw));
    }

    /**
     * A value parsed for this setting's property, as T. The only cast of the configuration: the class check
     * makes it safe for every tag, and for the hints map the type arguments hold because {@link
     * HintsFormat#parse} builds a {@code Map<String, String>}.
     */
    @SuppressWarnings("unchecked")
    T narrow(Object value) {
        if (value != null && !javaType.isInstance(value)) {
            throw new IllegalStateException(
                    property.key() + " parsed to a " + value.getClass().getName() + ", not " + javaType.getName());
        }
        return (T) value;
    }

    @Override
    public String toString() {
        return property.key();
    }
}
