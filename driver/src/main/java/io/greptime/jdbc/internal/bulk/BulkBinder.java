package io.greptime.jdbc.internal.bulk;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;

/**
 * Where a prepared INSERT's parameters go when its batches bypass SQL text: Arrow vectors for DoPut
 * ({@link BulkInsertBinder}) or protobuf rows for {@code RowInsertRequests} ({@link RowInsertBinder}).
 * Parameter indexes are 1-based as in JDBC. One statement, one thread at a time.
 */
public interface BulkBinder extends AutoCloseable {
  void setNull(int index) throws SQLException;

  void setBoolean(int index, boolean x) throws SQLException;

  void setLong(int index, long x) throws SQLException;

  void setDouble(int index, double x) throws SQLException;

  void setDecimal(int index, BigDecimal x) throws SQLException;

  void setString(int index, String x) throws SQLException;

  void setBytes(int index, byte[] x) throws SQLException;

  void setInstant(int index, Instant x) throws SQLException;

  void setDate(int index, LocalDate x) throws SQLException;

  void setTime(int index, LocalTime x) throws SQLException;

  /** {@code setObject}: the Java type of the value picks the setter. */
  void setObject(int index, Object x) throws SQLException;

  void clearParameters();

  /** Ends the current row (07001 when a parameter was never set). */
  void addBatch() throws SQLException;

  /** Forgets rows not yet sent. */
  void clearBatch();

  /** Rows added since the last executeBatch. */
  long pendingRows();

  /** One count per row, or a BatchUpdateException whose counts say which rows are in. */
  long[] executeBatch() throws SQLException;

  @Override
  void close();
}
