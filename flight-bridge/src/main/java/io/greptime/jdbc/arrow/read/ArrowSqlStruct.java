package io.greptime.jdbc.arrow.read;

import java.sql.Struct;
import java.util.Arrays;
import java.util.Map;

/**
 * A {@code java.sql.Struct} holding a copy of one struct value's fields in schema order (each as
 * its field reader's {@code getObject}).
 */
public final class ArrowSqlStruct implements Struct {
    private final String typeName;
    private final Object[] attributes;

    /** A struct of already-copied attribute values. */
    public ArrowSqlStruct(String typeName, Object[] attributes) {
        this.typeName = typeName;
        this.attributes = attributes;
    }

    @Override
    public String getSQLTypeName() {
        return typeName;
    }

    @Override
    public Object[] getAttributes() {
        return attributes.clone();
    }

    @Override
    public Object[] getAttributes(Map<String, Class<?>> map) {
        return getAttributes();
    }

    @Override
    public String toString() {
        return typeName + Arrays.deepToString(attributes);
    }
}
