package io.greptime.jdbc.internal.metadata;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * The part of {@link ResultSet} a read-only, forward-only metadata result answers with 0A000: every
 * update method and scrolling backwards. Kept apart so {@link MetadataResultSet} holds only what it does.
 */
abstract class ReadOnlyRows implements ResultSet {

  static SQLFeatureNotSupportedException readOnly(String method) {
    return new SQLFeatureNotSupportedException(
        "ResultSet." + method + " is not supported: metadata result sets are read-only", "0A000");
  }

  static SQLFeatureNotSupportedException forwardOnly(String method) {
    return new SQLFeatureNotSupportedException(
        "ResultSet." + method + " is not supported: metadata result sets are forward-only", "0A000");
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
  public int getType() {
    return TYPE_FORWARD_ONLY;
  }

  @Override
  public int getConcurrency() {
    return CONCUR_READ_ONLY;
  }

  @Override
  public boolean rowUpdated() {
    return false;
  }

  @Override
  public boolean rowInserted() {
    return false;
  }

  @Override
  public boolean rowDeleted() {
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
    throw new SQLFeatureNotSupportedException("ResultSet.getCursorName is not supported: no named cursors",
        "0A000");
  }

  @Override
  public void updateArray(String columnLabel, java.sql.Array p1) throws SQLException {
    throw readOnly("updateArray");
  }

  @Override
  public void updateArray(int columnIndex, java.sql.Array p1) throws SQLException {
    throw readOnly("updateArray");
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream p1, int p2) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream p1, long p2) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream p1) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream p1, int p2) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream p1, long p2) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream p1) throws SQLException {
    throw readOnly("updateAsciiStream");
  }

  @Override
  public void updateBigDecimal(String columnLabel, java.math.BigDecimal p1) throws SQLException {
    throw readOnly("updateBigDecimal");
  }

  @Override
  public void updateBigDecimal(int columnIndex, java.math.BigDecimal p1) throws SQLException {
    throw readOnly("updateBigDecimal");
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream p1, int p2) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream p1, long p2) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream p1) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream p1, int p2) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream p1, long p2) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream p1) throws SQLException {
    throw readOnly("updateBinaryStream");
  }

  @Override
  public void updateBlob(String columnLabel, java.io.InputStream p1, long p2) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(String columnLabel, java.io.InputStream p1) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(String columnLabel, java.sql.Blob p1) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(int columnIndex, java.io.InputStream p1, long p2) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(int columnIndex, java.io.InputStream p1) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBlob(int columnIndex, java.sql.Blob p1) throws SQLException {
    throw readOnly("updateBlob");
  }

  @Override
  public void updateBoolean(String columnLabel, boolean p1) throws SQLException {
    throw readOnly("updateBoolean");
  }

  @Override
  public void updateBoolean(int columnIndex, boolean p1) throws SQLException {
    throw readOnly("updateBoolean");
  }

  @Override
  public void updateByte(String columnLabel, byte p1) throws SQLException {
    throw readOnly("updateByte");
  }

  @Override
  public void updateByte(int columnIndex, byte p1) throws SQLException {
    throw readOnly("updateByte");
  }

  @Override
  public void updateBytes(String columnLabel, byte[] p1) throws SQLException {
    throw readOnly("updateBytes");
  }

  @Override
  public void updateBytes(int columnIndex, byte[] p1) throws SQLException {
    throw readOnly("updateBytes");
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader p1, int p2) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader p1, long p2) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader p1) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader p1, int p2) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader p1, long p2) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader p1) throws SQLException {
    throw readOnly("updateCharacterStream");
  }

  @Override
  public void updateClob(String columnLabel, java.io.Reader p1, long p2) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(String columnLabel, java.io.Reader p1) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(String columnLabel, java.sql.Clob p1) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(int columnIndex, java.io.Reader p1, long p2) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(int columnIndex, java.io.Reader p1) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateClob(int columnIndex, java.sql.Clob p1) throws SQLException {
    throw readOnly("updateClob");
  }

  @Override
  public void updateDate(String columnLabel, java.sql.Date p1) throws SQLException {
    throw readOnly("updateDate");
  }

  @Override
  public void updateDate(int columnIndex, java.sql.Date p1) throws SQLException {
    throw readOnly("updateDate");
  }

  @Override
  public void updateDouble(String columnLabel, double p1) throws SQLException {
    throw readOnly("updateDouble");
  }

  @Override
  public void updateDouble(int columnIndex, double p1) throws SQLException {
    throw readOnly("updateDouble");
  }

  @Override
  public void updateFloat(String columnLabel, float p1) throws SQLException {
    throw readOnly("updateFloat");
  }

  @Override
  public void updateFloat(int columnIndex, float p1) throws SQLException {
    throw readOnly("updateFloat");
  }

  @Override
  public void updateInt(String columnLabel, int p1) throws SQLException {
    throw readOnly("updateInt");
  }

  @Override
  public void updateInt(int columnIndex, int p1) throws SQLException {
    throw readOnly("updateInt");
  }

  @Override
  public void updateLong(String columnLabel, long p1) throws SQLException {
    throw readOnly("updateLong");
  }

  @Override
  public void updateLong(int columnIndex, long p1) throws SQLException {
    throw readOnly("updateLong");
  }

  @Override
  public void updateNCharacterStream(String columnLabel, java.io.Reader p1, long p2) throws SQLException {
    throw readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String columnLabel, java.io.Reader p1) throws SQLException {
    throw readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int columnIndex, java.io.Reader p1, long p2) throws SQLException {
    throw readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int columnIndex, java.io.Reader p1) throws SQLException {
    throw readOnly("updateNCharacterStream");
  }

  @Override
  public void updateNClob(String columnLabel, java.io.Reader p1, long p2) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(String columnLabel, java.io.Reader p1) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(String columnLabel, java.sql.NClob p1) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(int columnIndex, java.io.Reader p1, long p2) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(int columnIndex, java.io.Reader p1) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNClob(int columnIndex, java.sql.NClob p1) throws SQLException {
    throw readOnly("updateNClob");
  }

  @Override
  public void updateNString(String columnLabel, String p1) throws SQLException {
    throw readOnly("updateNString");
  }

  @Override
  public void updateNString(int columnIndex, String p1) throws SQLException {
    throw readOnly("updateNString");
  }

  @Override
  public void updateNull(String columnLabel) throws SQLException {
    throw readOnly("updateNull");
  }

  @Override
  public void updateNull(int columnIndex) throws SQLException {
    throw readOnly("updateNull");
  }

  @Override
  public void updateObject(String columnLabel, Object p1, int p2) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(String columnLabel, Object p1) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(int columnIndex, Object p1, int p2) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateObject(int columnIndex, Object p1) throws SQLException {
    throw readOnly("updateObject");
  }

  @Override
  public void updateRef(String columnLabel, java.sql.Ref p1) throws SQLException {
    throw readOnly("updateRef");
  }

  @Override
  public void updateRef(int columnIndex, java.sql.Ref p1) throws SQLException {
    throw readOnly("updateRef");
  }

  @Override
  public void updateRowId(String columnLabel, java.sql.RowId p1) throws SQLException {
    throw readOnly("updateRowId");
  }

  @Override
  public void updateRowId(int columnIndex, java.sql.RowId p1) throws SQLException {
    throw readOnly("updateRowId");
  }

  @Override
  public void updateSQLXML(String columnLabel, java.sql.SQLXML p1) throws SQLException {
    throw readOnly("updateSQLXML");
  }

  @Override
  public void updateSQLXML(int columnIndex, java.sql.SQLXML p1) throws SQLException {
    throw readOnly("updateSQLXML");
  }

  @Override
  public void updateShort(String columnLabel, short p1) throws SQLException {
    throw readOnly("updateShort");
  }

  @Override
  public void updateShort(int columnIndex, short p1) throws SQLException {
    throw readOnly("updateShort");
  }

  @Override
  public void updateString(String columnLabel, String p1) throws SQLException {
    throw readOnly("updateString");
  }

  @Override
  public void updateString(int columnIndex, String p1) throws SQLException {
    throw readOnly("updateString");
  }

  @Override
  public void updateTime(String columnLabel, java.sql.Time p1) throws SQLException {
    throw readOnly("updateTime");
  }

  @Override
  public void updateTime(int columnIndex, java.sql.Time p1) throws SQLException {
    throw readOnly("updateTime");
  }

  @Override
  public void updateTimestamp(String columnLabel, java.sql.Timestamp p1) throws SQLException {
    throw readOnly("updateTimestamp");
  }

  @Override
  public void updateTimestamp(int columnIndex, java.sql.Timestamp p1) throws SQLException {
    throw readOnly("updateTimestamp");
  }

}
