package io.greptime.jdbc.internal.jdbc;

import io.greptime.jdbc.sqlstate.SqlState;
import java.io.InputStream;
import java.io.Reader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;

/**
 * The {@link PreparedStatement} setters that only read a stream, a LOB or a URL into a {@code String} or
 * {@code byte[]} and pass it to {@link #setString}/{@link #setBytes} (GreptimeDB has no LOB or stream
 * types; values are bound whole), and those GreptimeDB has no type for at all (0A000).
 */
interface DerivedParameterSetters extends PreparedStatement {
    @Override
    default void setAsciiStream(int parameterIndex, InputStream x, int length) throws SQLException {
        setAsciiStream(parameterIndex, x, (long) length);
    }

    @Override
    default void setAsciiStream(int parameterIndex, InputStream x, long length) throws SQLException {
        setString(
                parameterIndex,
                x == null ? null : new String(ParameterLiterals.read(x, length), StandardCharsets.US_ASCII));
    }

    @Override
    default void setAsciiStream(int parameterIndex, InputStream x) throws SQLException {
        setAsciiStream(parameterIndex, x, -1L);
    }

    @Override
    @Deprecated
    default void setUnicodeStream(int parameterIndex, InputStream x, int length) throws SQLException {
        setString(
                parameterIndex,
                x == null ? null : new String(ParameterLiterals.read(x, length), StandardCharsets.UTF_16BE));
    }

    @Override
    default void setBinaryStream(int parameterIndex, InputStream x, int length) throws SQLException {
        setBinaryStream(parameterIndex, x, (long) length);
    }

    @Override
    default void setBinaryStream(int parameterIndex, InputStream x, long length) throws SQLException {
        setBytes(parameterIndex, x == null ? null : ParameterLiterals.read(x, length));
    }

    @Override
    default void setBinaryStream(int parameterIndex, InputStream x) throws SQLException {
        setBinaryStream(parameterIndex, x, -1L);
    }

    @Override
    default void setCharacterStream(int parameterIndex, Reader reader, int length) throws SQLException {
        setCharacterStream(parameterIndex, reader, (long) length);
    }

    @Override
    default void setCharacterStream(int parameterIndex, Reader reader, long length) throws SQLException {
        setString(parameterIndex, reader == null ? null : ParameterLiterals.read(reader, length));
    }

    @Override
    default void setCharacterStream(int parameterIndex, Reader reader) throws SQLException {
        setCharacterStream(parameterIndex, reader, -1L);
    }

    @Override
    default void setNCharacterStream(int parameterIndex, Reader value, long length) throws SQLException {
        setCharacterStream(parameterIndex, value, length);
    }

    @Override
    default void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
        setCharacterStream(parameterIndex, value, -1L);
    }

    @Override
    default void setBlob(int parameterIndex, Blob x) throws SQLException {
        setBytes(parameterIndex, x == null ? null : x.getBytes(1, (int) x.length()));
    }

    @Override
    default void setBlob(int parameterIndex, InputStream inputStream, long length) throws SQLException {
        setBinaryStream(parameterIndex, inputStream, length);
    }

    @Override
    default void setBlob(int parameterIndex, InputStream inputStream) throws SQLException {
        setBinaryStream(parameterIndex, inputStream, -1L);
    }

    @Override
    default void setClob(int parameterIndex, Clob x) throws SQLException {
        setString(parameterIndex, x == null ? null : x.getSubString(1, (int) x.length()));
    }

    @Override
    default void setClob(int parameterIndex, Reader reader, long length) throws SQLException {
        setCharacterStream(parameterIndex, reader, length);
    }

    @Override
    default void setClob(int parameterIndex, Reader reader) throws SQLException {
        setCharacterStream(parameterIndex, reader, -1L);
    }

    @Override
    default void setNClob(int parameterIndex, NClob value) throws SQLException {
        setClob(parameterIndex, value);
    }

    @Override
    default void setNClob(int parameterIndex, Reader reader, long length) throws SQLException {
        setCharacterStream(parameterIndex, reader, length);
    }

    @Override
    default void setNClob(int parameterIndex, Reader reader) throws SQLException {
        setCharacterStream(parameterIndex, reader, -1L);
    }

    @Override
    default void setURL(int parameterIndex, URL x) throws SQLException {
        setString(parameterIndex, x == null ? null : x.toString());
    }

    private static SQLFeatureNotSupportedException unsupported(String method) {
        return new SQLFeatureNotSupportedException(
                "PreparedStatement." + method + " is not supported", SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    default void setRef(int parameterIndex, Ref x) throws SQLException {
        throw unsupported("setRef");
    }

    @Override
    default void setArray(int parameterIndex, Array x) throws SQLException {
        throw unsupported("setArray");
    }

    @Override
    default void setRowId(int parameterIndex, RowId x) throws SQLException {
        throw unsupported("setRowId");
    }

    @Override
    default void setSQLXML(int parameterIndex, SQLXML xmlObject) throws SQLException {
        throw unsupported("setSQLXML");
    }
}
