package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.internal.resultset.ResultSetMetaDataImpl;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;

/** Test access to the package-private metadata class. */
public final class ResultSetMetaDataAccess {
    public static final Class<?> TYPE = ResultSetMetaDataImpl.class;

    private ResultSetMetaDataAccess() {}

    public static boolean isTimeIndex(ResultSetMetaData md, int column) throws SQLException {
        return md.unwrap(ResultSetMetaDataImpl.class).isTimeIndex(column);
    }
}
