package io.greptime.jdbc.internal.resultset;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * The part of {@link ResultSet} a forward-only, read-only result answers with 0A000: every update method
 * and scrolling. Kept apart so the result set itself holds only what it does.
 */
public abstract class ReadOnlyResultSet implements ResultSet, SelfWrapper {

    static SQLFeatureNotSupportedException readOnly(String method) {
        return new SQLFeatureNotSupportedException(
                "ResultSet." + method + " is not supported: GreptimeDB result sets are read-only",
                SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    protected static SQLFeatureNotSupportedException forwardOnly(String method) {
        return new SQLFeatureNotSupportedException(
                "ResultSet." + method + " is not supported: GreptimeDB result sets are forward-only",
                SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    /** Throws if the result set is closed. */
    protected abstract void checkOpen() throws SQLException;

    @Override
    public boolean isBeforeFirst() throws SQLException {
        throw forwardOnly("isBeforeFirst");
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        throw forwardOnly("isAfterLast");
    }

    @Override
    public boolean isLast() throws SQLException {
        throw forwardOnly("isLast");
    }

    @Override
    public void beforeFirst() throws SQLException {
        throw forwardOnly("beforeFirst");
    }

    @Override
    public void afterLast() throws SQLException {
        throw forwardOnly("afterLast");
    }

    @Override
    public boolean first() throws SQLException {
        throw forwardOnly("first");
    }

    @Override
    public boolean last() throws SQLException {
        throw forwardOnly("last");
    }

    @Override
    public boolean absolute(int row) throws SQLException {
        throw forwardOnly("absolute");
    }

    @Override
    public boolean relative(int rows) throws SQLException {
        throw forwardOnly("relative");
    }

    @Override
    public boolean previous() throws SQLException {
        throw forwardOnly("previous");
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != FETCH_FORWARD) {
            throw forwardOnly("setFetchDirection(" + direction + ")");
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return FETCH_FORWARD;
    }

    @Override
    public int getType() throws SQLException {
        checkOpen();
        return TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() throws SQLException {
        checkOpen();
        return CONCUR_READ_ONLY;
    }

    @Override
    public boolean rowUpdated() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public boolean rowInserted() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public void insertRow() throws SQLException {
        throw readOnly("insertRow");
    }

    @Override
    public void updateRow() throws SQLException {
        throw readOnly("updateRow");
    }

    @Override
    public void deleteRow() throws SQLException {
        throw readOnly("deleteRow");
    }

    @Override
    public void refreshRow() throws SQLException {
        throw readOnly("refreshRow");
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw readOnly("cancelRowUpdates");
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw readOnly("moveToInsertRow");
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw readOnly("moveToCurrentRow");
    }

    @Override
    public String getCursorName() throws SQLException {
        throw new SQLFeatureNotSupportedException(
                "ResultSet.getCursorName is not supported: no named cursors", SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    public void updateArray(String p0, java.sql.Array p1) throws SQLException {
        throw readOnly("updateArray");
    }

    @Override
    public void updateArray(int p0, java.sql.Array p1) throws SQLException {
        throw readOnly("updateArray");
    }

    @Override
    public void updateAsciiStream(String p0, java.io.InputStream p1, int p2) throws SQLException {
        throw readOnly("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String p0, java.io.InputStream p1, long p2) throws SQLException {
        throw readOnly("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(String p0, java.io.InputStream p1) throws SQLException {
        throw readOnly("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw readOnly("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw readOnly("updateAsciiStream");
    }

    @Override
    public void updateAsciiStream(int p0, java.io.InputStream p1) throws SQLException {
        throw readOnly("updateAsciiStream");
    }

    @Override
    public void updateBigDecimal(String p0, java.math.BigDecimal p1) throws SQLException {
        throw readOnly("updateBigDecimal");
    }

    @Override
    public void updateBigDecimal(int p0, java.math.BigDecimal p1) throws SQLException {
        throw readOnly("updateBigDecimal");
    }

    @Override
    public void updateBinaryStream(String p0, java.io.InputStream p1, int p2) throws SQLException {
        throw readOnly("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String p0, java.io.InputStream p1, long p2) throws SQLException {
        throw readOnly("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(String p0, java.io.InputStream p1) throws SQLException {
        throw readOnly("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int p0, java.io.InputStream p1, int p2) throws SQLException {
        throw readOnly("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw readOnly("updateBinaryStream");
    }

    @Override
    public void updateBinaryStream(int p0, java.io.InputStream p1) throws SQLException {
        throw readOnly("updateBinaryStream");
    }

    @Override
    public void updateBlob(String p0, java.io.InputStream p1, long p2) throws SQLException {
        throw readOnly("updateBlob");
    }

    @Override
    public void updateBlob(String p0, java.io.InputStream p1) throws SQLException {
        throw readOnly("updateBlob");
    }

    @Override
    public void updateBlob(String p0, java.sql.Blob p1) throws SQLException {
        throw readOnly("updateBlob");
    }

    @Override
    public void updateBlob(int p0, java.io.InputStream p1, long p2) throws SQLException {
        throw readOnly("updateBlob");
    }

    @Override
    public void updateBlob(int p0, java.io.InputStream p1) throws SQLException {
        throw readOnly("updateBlob");
    }

    @Override
    public void updateBlob(int p0, java.sql.Blob p1) throws SQLException {
        throw readOnly("updateBlob");
    }

    @Override
    public void updateBoolean(String p0, boolean p1) throws SQLException {
        throw readOnly("updateBoolean");
    }

    @Override
    public void updateBoolean(int p0, boolean p1) throws SQLException {
        throw readOnly("updateBoolean");
    }

    @Override
    public void updateByte(String p0, byte p1) throws SQLException {
        throw readOnly("updateByte");
    }

    @Override
    public void updateByte(int p0, byte p1) throws SQLException {
        throw readOnly("updateByte");
    }

    @Override
    public void updateBytes(String p0, byte[] p1) throws SQLException {
        throw readOnly("updateBytes");
    }

    @Override
    public void updateBytes(int p0, byte[] p1) throws SQLException {
        throw readOnly("updateBytes");
    }

    @Override
    public void updateCharacterStream(String p0, java.io.Reader p1, int p2) throws SQLException {
        throw readOnly("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String p0, java.io.Reader p1, long p2) throws SQLException {
        throw readOnly("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(String p0, java.io.Reader p1) throws SQLException {
        throw readOnly("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int p0, java.io.Reader p1, int p2) throws SQLException {
        throw readOnly("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw readOnly("updateCharacterStream");
    }

    @Override
    public void updateCharacterStream(int p0, java.io.Reader p1) throws SQLException {
        throw readOnly("updateCharacterStream");
    }

    @Override
    public void updateClob(String p0, java.io.Reader p1, long p2) throws SQLException {
        throw readOnly("updateClob");
    }

    @Override
    public void updateClob(String p0, java.io.Reader p1) throws SQLException {
        throw readOnly("updateClob");
    }

    @Override
    public void updateClob(String p0, java.sql.Clob p1) throws SQLException {
        throw readOnly("updateClob");
    }

    @Override
    public void updateClob(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw readOnly("updateClob");
    }

    @Override
    public void updateClob(int p0, java.io.Reader p1) throws SQLException {
        throw readOnly("updateClob");
    }

    @Override
    public void updateClob(int p0, java.sql.Clob p1) throws SQLException {
        throw readOnly("updateClob");
    }

    @Override
    public void updateDate(String p0, java.sql.Date p1) throws SQLException {
        throw readOnly("updateDate");
    }

    @Override
    public void updateDate(int p0, java.sql.Date p1) throws SQLException {
        throw readOnly("updateDate");
    }

    @Override
    public void updateDouble(String p0, double p1) throws SQLException {
        throw readOnly("updateDouble");
    }

    @Override
    public void updateDouble(int p0, double p1) throws SQLException {
        throw readOnly("updateDouble");
    }

    @Override
    public void updateFloat(String p0, float p1) throws SQLException {
        throw readOnly("updateFloat");
    }

    @Override
    public void updateFloat(int p0, float p1) throws SQLException {
        throw readOnly("updateFloat");
    }

    @Override
    public void updateInt(String p0, int p1) throws SQLException {
        throw readOnly("updateInt");
    }

    @Override
    public void updateInt(int p0, int p1) throws SQLException {
        throw readOnly("updateInt");
    }

    @Override
    public void updateLong(String p0, long p1) throws SQLException {
        throw readOnly("updateLong");
    }

    @Override
    public void updateLong(int p0, long p1) throws SQLException {
        throw readOnly("updateLong");
    }

    @Override
    public void updateNCharacterStream(String p0, java.io.Reader p1, long p2) throws SQLException {
        throw readOnly("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String p0, java.io.Reader p1) throws SQLException {
        throw readOnly("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw readOnly("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(int p0, java.io.Reader p1) throws SQLException {
        throw readOnly("updateNCharacterStream");
    }

    @Override
    public void updateNClob(String p0, java.io.Reader p1, long p2) throws SQLException {
        throw readOnly("updateNClob");
    }

    @Override
    public void updateNClob(String p0, java.io.Reader p1) throws SQLException {
        throw readOnly("updateNClob");
    }

    @Override
    public void updateNClob(String p0, java.sql.NClob p1) throws SQLException {
        throw readOnly("updateNClob");
    }

    @Override
    public void updateNClob(int p0, java.io.Reader p1, long p2) throws SQLException {
        throw readOnly("updateNClob");
    }

    @Override
    public void updateNClob(int p0, java.io.Reader p1) throws SQLException {
        throw readOnly("updateNClob");
    }

    @Override
    public void updateNClob(int p0, java.sql.NClob p1) throws SQLException {
        throw readOnly("updateNClob");
    }

    @Override
    public void updateNString(String p0, String p1) throws SQLException {
        throw readOnly("updateNString");
    }

    @Override
    public void updateNString(int p0, String p1) throws SQLException {
        throw readOnly("updateNString");
    }

    @Override
    public void updateNull(String p0) throws SQLException {
        throw readOnly("updateNull");
    }

    @Override
    public void updateNull(int p0) throws SQLException {
        throw readOnly("updateNull");
    }

    @Override
    public void updateObject(String p0, Object p1, int p2) throws SQLException {
        throw readOnly("updateObject");
    }

    @Override
    public void updateObject(String p0, Object p1, java.sql.SQLType p2, int p3) throws SQLException {
        throw readOnly("updateObject");
    }

    @Override
    public void updateObject(String p0, Object p1, java.sql.SQLType p2) throws SQLException {
        throw readOnly("updateObject");
    }

    @Override
    public void updateObject(String p0, Object p1) throws SQLException {
        throw readOnly("updateObject");
    }

    @Override
    public void updateObject(int p0, Object p1, int p2) throws SQLException {
        throw readOnly("updateObject");
    }

    @Override
    public void updateObject(int p0, Object p1, java.sql.SQLType p2, int p3) throws SQLException {
        throw readOnly("updateObject");
    }

    @Override
    public void updateObject(int p0, Object p1, java.sql.SQLType p2) throws SQLException {
        throw readOnly("updateObject");
    }

    @Override
    public void updateObject(int p0, Object p1) throws SQLException {
        throw readOnly("updateObject");
    }

    @Override
    public void updateRef(String p0, java.sql.Ref p1) throws SQLException {
        throw readOnly("updateRef");
    }

    @Override
    public void updateRef(int p0, java.sql.Ref p1) throws SQLException {
        throw readOnly("updateRef");
    }

    @Override
    public void updateRowId(String p0, java.sql.RowId p1) throws SQLException {
        throw readOnly("updateRowId");
    }

    @Override
    public void updateRowId(int p0, java.sql.RowId p1) throws SQLException {
        throw readOnly("updateRowId");
    }

    @Override
    public void updateSQLXML(String p0, java.sql.SQLXML p1) throws SQLException {
        throw readOnly("updateSQLXML");
    }

    @Override
    public void updateSQLXML(int p0, java.sql.SQLXML p1) throws SQLException {
        throw readOnly("updateSQLXML");
    }

    @Override
    public void updateShort(String p0, short p1) throws SQLException {
        throw readOnly("updateShort");
    }

    @Override
    public void updateShort(int p0, short p1) throws SQLException {
        throw readOnly("updateShort");
    }

    @Override
    public void updateString(String p0, String p1) throws SQLException {
        throw readOnly("updateString");
    }

    @Override
    public void updateString(int p0, String p1) throws SQLException {
        throw readOnly("updateString");
    }

    @Override
    public void updateTime(String p0, java.sql.Time p1) throws SQLException {
        throw readOnly("updateTime");
    }

    @Override
    public void updateTime(int p0, java.sql.Time p1) throws SQLException {
        throw readOnly("updateTime");
    }

    @Override
    public void updateTimestamp(String p0, java.sql.Timestamp p1) throws SQLException {
        throw readOnly("updateTimestamp");
    }

    @Override
    public void updateTimestamp(int p0, java.sql.Timestamp p1) throws SQLException {
        throw readOnly("updateTimestamp");
    }

    // GreptimeDB has no REF, LOB, URL, ROWID or XML types: no column can be read as one.
    private static SQLFeatureNotSupportedException noSuchType(String method) {
        return new SQLFeatureNotSupportedException(
                "ResultSet." + method + " is not supported: GreptimeDB has no such column type",
                SqlState.FEATURE_NOT_SUPPORTED.code());
    }

    @Override
    public java.sql.Ref getRef(int columnIndex) throws SQLException {
        throw noSuchType("getRef");
    }

    @Override
    public java.sql.Blob getBlob(int columnIndex) throws SQLException {
        throw noSuchType("getBlob");
    }

    @Override
    public java.sql.Clob getClob(int columnIndex) throws SQLException {
        throw noSuchType("getClob");
    }

    @Override
    public java.sql.NClob getNClob(int columnIndex) throws SQLException {
        throw noSuchType("getNClob");
    }

    @Override
    public java.net.URL getURL(int columnIndex) throws SQLException {
        throw noSuchType("getURL");
    }

    @Override
    public java.sql.RowId getRowId(int columnIndex) throws SQLException {
        throw noSuchType("getRowId");
    }

    @Override
    public java.sql.SQLXML getSQLXML(int columnIndex) throws SQLException {
        throw noSuchType("getSQLXML");
    }
}
