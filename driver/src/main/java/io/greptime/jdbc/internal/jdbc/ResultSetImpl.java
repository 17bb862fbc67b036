package io.greptime.jdbc.internal.jdbc;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.ZoneId;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A forward-only, read-only result over record batches. It holds one batch at a time, so memory stays
 * bounded by the batch size whatever the result size; closing it (or reading past the end, or reaching
 * {@code maxRows}) stops the stream and frees its Arrow memory.
 */
public final class ResultSetImpl extends LabelledResultSet {
  private final Statement statement;
  private final RowSource source;
  private final ZoneId zone;
  private final long maxRows;
  private final Consumer<ResultSetImpl> onClose;
  private final List<Field> fields;
  private final ColumnType[] types;
  private final ColumnType.ColumnReader[] readers;
  private final Map<String, Integer> labels = new HashMap<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private VectorSchemaRoot batch;
  private int rowInBatch = -1;
  private long rowNumber;
  private boolean exhausted;
  private boolean wasNull;
  private int fetchSize;

  /**
   * @param statement the statement that made it, or null
   * @param zone session time zone for wall-clock conversions
   * @param maxRows stop after this many rows (0 = all)
   * @param onClose told once when the result set closes
   */
  ResultSetImpl(Statement statement, RowSource source, ZoneId zone, long maxRows, Consumer<ResultSetImpl> onClose) {
    this.statement = statement;
    this.source = source;
    this.zone = zone;
    this.maxRows = maxRows;
    this.onClose = onClose;
    this.fields = source.schema().getFields();
    this.types = new ColumnType[fields.size()];
    this.readers = new ColumnType.ColumnReader[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      types[i] = ColumnType.of(fields.get(i));
      labels.putIfAbsent(fields.get(i).getName().toLowerCase(Locale.ROOT), i + 1);
    }
  }

  @Override
  void checkOpen() throws SQLException {
    if (closed.get()) {
      throw new SQLException("ResultSet is closed", "24000");
    }
  }

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    if (exhausted) {
      return false;
    }
    if (maxRows > 0 && rowNumber >= maxRows) {
      finishStream();
      return false;
    }
    if (batch == null || rowInBatch + 1 >= batch.getRowCount()) {
      try {
        batch = source.nextBatch();
      } catch (SQLException e) {
        finishStream();
        throw e;
      }
      if (batch == null) {
        finishStream();
        return false;
      }
      for (int i = 0; i < readers.length; i++) {
        readers[i] = types[i].readerFactory().apply(batch.getVector(i));
      }
      rowInBatch = -1;
    }
    rowInBatch++;
    rowNumber++;
    return true;
  }

  /** Ends the stream early or at its end; the Arrow memory goes with it. */
  private void finishStream() {
    exhausted = true;
    batch = null;
    source.close();
  }

  @Override
  public void close() throws SQLException {
    if (closed.compareAndSet(false, true)) {
      finishStream();
      onClose.accept(this);
    }
  }

  @Override
  public boolean isClosed() {
    return closed.get();
  }

  private Object value(int column) throws SQLException {
    checkOpen();
    if (column < 1 || column > readers.length) {
      throw new SQLException("Column index " + column + " is out of range 1.." + readers.length, "07009");
    }
    if (batch == null || rowInBatch < 0) {
      throw new SQLException("No current row: call next() first", "24000");
    }
    Object v = readers[column - 1].read(rowInBatch);
    wasNull = v == null;
    return v;
  }

  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    return wasNull;
  }

  @Override
  public int findColumn(String columnLabel) throws SQLException {
    checkOpen();
    Integer i = columnLabel == null ? null : labels.get(columnLabel.toLowerCase(Locale.ROOT));
    if (i == null) {
      throw new SQLException("No column labelled '" + columnLabel + "'", "42S22");
    }
    return i;
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : ValueConversions.toString(v, zone);
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v != null && ValueConversions.toBoolean(v);
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? 0 : (byte) ValueConversions.toLong(v, Byte.MIN_VALUE, Byte.MAX_VALUE, "byte");
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? 0 : (short) ValueConversions.toLong(v, Short.MIN_VALUE, Short.MAX_VALUE, "short");
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? 0 : (int) ValueConversions.toLong(v, Integer.MIN_VALUE, Integer.MAX_VALUE, "int");
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? 0 : ValueConversions.toLong(v, Long.MIN_VALUE, Long.MAX_VALUE, "long");
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? 0 : (float) ValueConversions.toDouble(v);
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? 0 : ValueConversions.toDouble(v);
  }

  @Override
  @Deprecated
  public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
    BigDecimal d = getBigDecimal(columnIndex);
    return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
  }

  @Override
  public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : ValueConversions.toBigDecimal(v);
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : ValueConversions.toBytes(v);
  }

  @Override
  public Date getDate(int columnIndex) throws SQLException {
    return getDate(columnIndex, (Calendar) null);
  }

  @Override
  public Time getTime(int columnIndex) throws SQLException {
    return getTime(columnIndex, (Calendar) null);
  }

  @Override
  public Timestamp getTimestamp(int columnIndex) throws SQLException {
    return getTimestamp(columnIndex, (Calendar) null);
  }

  /** The zone for wall-clock getters: the calendar's when given, else the session's. */
  private ZoneId zoneOf(Calendar cal) {
    return cal == null ? zone : cal.getTimeZone().toZoneId();
  }

  @Override
  public Date getDate(int columnIndex, Calendar cal) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : Date.valueOf(ValueConversions.toLocalDate(v, zoneOf(cal)));
  }

  @Override
  public Time getTime(int columnIndex, Calendar cal) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : Time.valueOf(ValueConversions.toLocalTime(v, zoneOf(cal)));
  }

  /** Timestamps are instants: the calendar only matters for values without one (dates, strings). */
  @Override
  public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : Timestamp.from(ValueConversions.toInstant(v, zoneOf(cal)));
  }

  @Override
  public InputStream getAsciiStream(int columnIndex) throws SQLException {
    String s = getString(columnIndex);
    return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  @Deprecated
  public InputStream getUnicodeStream(int columnIndex) throws SQLException {
    String s = getString(columnIndex);
    return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_16BE));
  }

  @Override
  public InputStream getBinaryStream(int columnIndex) throws SQLException {
    byte[] b = getBytes(columnIndex);
    return b == null ? null : new ByteArrayInputStream(b);
  }

  @Override
  public Reader getCharacterStream(int columnIndex) throws SQLException {
    String s = getString(columnIndex);
    return s == null ? null : new StringReader(s);
  }

  @Override
  public Reader getNCharacterStream(int columnIndex) throws SQLException {
    return getCharacterStream(columnIndex);
  }

  @Override
  public String getNString(int columnIndex) throws SQLException {
    return getString(columnIndex);
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : ValueConversions.toJdbcObject(v);
  }

  @Override
  public Object getObject(int columnIndex, Map<String, Class<?>> map) throws SQLException {
    return getObject(columnIndex);
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    if (type == null) {
      throw new SQLException("getObject type must not be null", "HY009");
    }
    Object v = value(columnIndex);
    return v == null ? null : ValueConversions.convert(v, type, zone);
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return new ResultSetMetaDataImpl(fields, types);
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return null;
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
  }

  @Override
  public boolean isFirst() throws SQLException {
    checkOpen();
    return !exhausted && rowNumber == 1;
  }

  @Override
  public int getRow() throws SQLException {
    checkOpen();
    return exhausted || rowNumber > Integer.MAX_VALUE ? 0 : (int) rowNumber;
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    if (rows < 0) {
      throw new SQLException("Fetch size must not be negative: " + rows, "22023");
    }
    fetchSize = rows;
  }

  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return fetchSize;
  }

  @Override
  public Statement getStatement() throws SQLException {
    checkOpen();
    return statement;
  }

  @Override
  public int getHoldability() throws SQLException {
    checkOpen();
    return HOLD_CURSORS_OVER_COMMIT;
  }

  private static SQLFeatureNotSupportedException unsupported(String method) {
    return new SQLFeatureNotSupportedException("ResultSet." + method + " is not supported", "0A000");
  }

  @Override
  public Ref getRef(int columnIndex) throws SQLException {
    throw unsupported("getRef");
  }

  @Override
  public Blob getBlob(int columnIndex) throws SQLException {
    throw unsupported("getBlob");
  }

  @Override
  public Clob getClob(int columnIndex) throws SQLException {
    throw unsupported("getClob");
  }

  @Override
  public NClob getNClob(int columnIndex) throws SQLException {
    throw unsupported("getNClob");
  }

  @Override
  public Array getArray(int columnIndex) throws SQLException {
    throw unsupported("getArray");
  }

  @Override
  public URL getURL(int columnIndex) throws SQLException {
    throw unsupported("getURL");
  }

  @Override
  public RowId getRowId(int columnIndex) throws SQLException {
    throw unsupported("getRowId");
  }

  @Override
  public SQLXML getSQLXML(int columnIndex) throws SQLException {
    throw unsupported("getSQLXML");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("Not a wrapper for " + iface.getName(), "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
