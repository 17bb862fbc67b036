package io.greptime.jdbc.internal.resultset;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.Wrapper;

/**
 * JDBC's {@link Wrapper} for the driver's own objects, which wrap nothing: they unwrap to any interface
 * or class they are themselves (a {@code GreptimeConnection}, a {@code GreptimeResultSet}...), and
 * anything else is an SQLException (HY000) naming the type asked for.
 */
public interface SelfWrapper extends Wrapper {
    @Override
    default <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("Not a wrapper for " + iface.getName(), SqlState.GENERAL_ERROR.code());
    }

    @Override
    default boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
