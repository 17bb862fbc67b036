package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.GreptimeBatchUpdateException;
import io.greptime.jdbc.arrow.write.BatchBuffer;
import io.greptime.jdbc.arrow.write.ColumnWriter;
import io.greptime.jdbc.arrow.write.DoPutWriter;
import io.greptime.jdbc.arrow.write.PutCompression;
import io.greptime.jdbc.internal.client.RequestSession;
import java.math.BigDecimal;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The parameters of one prepared {@code INSERT} written straight into Arrow vectors, and its batches
 * sent as Flight DoPut record batches on one stream per statement (reused across executeBatch calls).
 * {@code addBatch} cuts a record batch on its own when the buffered rows reach {@code bulkFlushRows} or
 * {@code bulkFlushBytes}; {@code executeBatch} sends the rest and waits for the server's answers, so its
 * counts say exactly which rows the server confirmed.
 *
 * <p>Used by one statement from one thread at a time, like the statement itself.
 */
public final class BulkInsertBinder implements BulkBinder {
  private final BulkWrites owner;
  private final RequestSession session;
  private final String table;
  private final BatchBuffer buffer;
  private final BufferAllocator allocator;
  private final long flushBytes;
  private final int flushRows;
  /** Record batches cut since the last executeBatch: {request_id (or -1 if never sent), rows}. */
  private final List<long[]> segments = new ArrayList<>();
  private DoPutWriter writer;
  private SQLException sendFailure;
  private long pendingRows;

  BulkInsertBinder(BulkWrites owner, RequestSession session, String table, BatchBuffer buffer,
      BufferAllocator allocator) {
    this.owner = owner;
    this.session = session;
    this.table = table;
    this.buffer = buffer;
    this.allocator = allocator;
    this.flushBytes = owner.config().bulkFlushBytes();
    this.flushRows = owner.config().bulkFlushRows();
  }

  // ---------------------------------------------------------------- setters

  private ColumnWriter column(int index) throws SQLException {
    if (index < 1 || index > buffer.columnCount()) {
      throw new SQLException("Parameter index " + index + " is out of range 1.." + buffer.columnCount(), "07009");
    }
    return buffer.writer(index - 1);
  }

  /** Names the row (1-based within the current batch) and the column in a setter's error. */
  private SQLException located(SQLException e, int index) {
    String where = "Row " + (pendingRows + 1) + ", parameter " + index + " (column '"
        + buffer.writer(index - 1).name() + "'): ";
    return new SQLException(where + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
  }

  @Override
  public void setNull(int index) throws SQLException {
    column(index).setNull(buffer.row());
    buffer.written(index - 1);
  }

  @Override
  public void setBoolean(int index, boolean x) throws SQLException {
    ColumnWriter w = column(index);
    try {
      w.setBoolean(buffer.row(), x);
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  @Override
  public void setLong(int index, long x) throws SQLException {
    ColumnWriter w = column(index);
    try {
      w.setLong(buffer.row(), x);
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  @Override
  public void setDouble(int index, double x) throws SQLException {
    ColumnWriter w = column(index);
    try {
      w.setDouble(buffer.row(), x);
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  @Override
  public void setDecimal(int index, BigDecimal x) throws SQLException {
    if (x == null) {
      setNull(index);
      return;
    }
    ColumnWriter w = column(index);
    try {
      w.setDecimal(buffer.row(), x);
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  @Override
  public void setString(int index, String x) throws SQLException {
    if (x == null) {
      setNull(index);
      return;
    }
    ColumnWriter w = column(index);
    try {
      w.setString(buffer.row(), x);
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  @Override
  public void setBytes(int index, byte[] x) throws SQLException {
    if (x == null) {
      setNull(index);
      return;
    }
    ColumnWriter w = column(index);
    try {
      w.setBytes(buffer.row(), x);
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  @Override
  public void setInstant(int index, Instant x) throws SQLException {
    if (x == null) {
      setNull(index);
      return;
    }
    ColumnWriter w = column(index);
    try {
      w.setInstant(buffer.row(), x.getEpochSecond(), x.getNano());
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  @Override
  public void setDate(int index, LocalDate x) throws SQLException {
    if (x == null) {
      setNull(index);
      return;
    }
    ColumnWriter w = column(index);
    try {
      w.setDate(buffer.row(), x);
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  @Override
  public void setTime(int index, LocalTime x) throws SQLException {
    if (x == null) {
      setNull(index);
      return;
    }
    ColumnWriter w = column(index);
    try {
      w.setTime(buffer.row(), x);
    } catch (SQLException e) {
      throw located(e, index);
    }
    buffer.written(index - 1);
  }

  /** {@code setObject}: dispatches on the Java type to the setters above. */
  @Override
  public void setObject(int index, Object x) throws SQLException {
    ObjectParameters.bind(this, index, x, session.timeZone());
  }

  @Override
  public void clearParameters() {
    buffer.clearParameters();
  }

  // ---------------------------------------------------------------- batches

  /** Ends the current row; sends a record batch when the thresholds are reached. */
  @Override
  public void addBatch() throws SQLException {
    try {
      buffer.endRow();
    } catch (SQLException e) {
      throw new SQLException("Row " + (pendingRows + 1) + ": " + e.getMessage(), e.getSQLState(), e);
    }
    pendingRows++;
    int rows = buffer.row();
    if (rows >= flushRows || ((rows & 1023) == 0 && buffer.bufferedBytes() >= flushBytes)) {
      flush();
    }
  }

  /** Forgets rows not yet sent (rows already cut into sent batches stay sent and are counted). */
  @Override
  public void clearBatch() {
    pendingRows -= buffer.row();
    buffer.reset();
  }

  /** Rows added since the last executeBatch. */
  @Override
  public long pendingRows() {
    return pendingRows;
  }

  private void flush() throws SQLException {
    int rows = buffer.row();
    if (rows == 0) {
      return;
    }
    try {
      if (sendFailure != null) {
        segments.add(new long[] {-1, rows});
        return;
      }
      long id = writer().send(buffer.seal());
      segments.add(new long[] {id, rows});
      owner.doPutBatches.incrementAndGet();
      owner.doPutRows.addAndGet(rows);
    } catch (DoPutWriter.PutFailure f) {
      sendFailure = owner.client().errors().translate(f.getCause());
      segments.add(new long[] {-1, rows});
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      sendFailure = new SQLException("Interrupted while sending a DoPut batch", "HY008", e);
      segments.add(new long[] {-1, rows});
    } finally {
      buffer.reset();
    }
  }

  private DoPutWriter writer() {
    if (writer == null) {
      writer = DoPutWriter.create(PutCompression.parse(owner.config().bulkCompression()),
          owner.config().bulkWindow(), answers -> owner.client().startPut(session, answers));
      writer.start(table, buffer.schema());
      owner.doPutStreams.incrementAndGet();
    }
    return writer;
  }

  /**
   * Sends the buffered rows and waits until the server answered every batch of this executeBatch.
   * One count (1) per row; on failure a BatchUpdateException whose counts give 1 for rows in answered
   * batches and EXECUTE_FAILED for the rest, none of which the server confirmed.
   */
  @Override
  public long[] executeBatch() throws SQLException {
    flush();
    long lastSent = 0;
    for (long[] seg : segments) {
      lastSent = Math.max(lastSent, seg[0]);
    }
    long acked = lastSent;
    SQLException failure = sendFailure;
    if (lastSent > 0) {
      try {
        writer.awaitAcked(lastSent);
      } catch (DoPutWriter.PutFailure f) {
        acked = f.lastAckedId();
        failure = failure != null ? failure : owner.client().errors().translate(f.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        acked = writer.lastAckedId();
        failure = new SQLException("Interrupted while waiting for DoPut answers", "HY008", e);
      }
    }
    long[] counts = counts(acked);
    List<GreptimeBatchUpdateException.RowRange> inDoubt = failure == null ? List.of() : inDoubt(acked);
    segments.clear();
    pendingRows = 0;
    if (failure != null) {
      throw failed(failure, counts, inDoubt);
    }
    return counts;
  }

  /** Rows of batches that went to the server but were not acknowledged: they may or may not be stored. */
  private List<GreptimeBatchUpdateException.RowRange> inDoubt(long acked) {
    List<GreptimeBatchUpdateException.RowRange> out = new ArrayList<>();
    int at = 0;
    for (long[] seg : segments) {
      if (seg[0] > acked) {
        out.add(new GreptimeBatchUpdateException.RowRange(at, at + (int) seg[1] - 1));
      }
      at += (int) seg[1];
    }
    return out;
  }

  private long[] counts(long acked) {
    long[] counts = new long[Math.toIntExact(pendingRows)];
    int at = 0;
    for (long[] seg : segments) {
      long status = seg[0] > 0 && seg[0] <= acked ? 1 : Statement.EXECUTE_FAILED;
      Arrays.fill(counts, at, at + (int) seg[1], status);
      at += (int) seg[1];
    }
    return counts;
  }

  private BatchUpdateException failed(SQLException cause, long[] counts,
      List<GreptimeBatchUpdateException.RowRange> inDoubt) {
    BulkWrites.logFailure(table, cause);
    owner.forget(session, table);
    dropWriter();
    sendFailure = null;
    long in = Arrays.stream(counts).filter(c -> c == 1).count();
    long doubtful = inDoubt.stream().mapToLong(GreptimeBatchUpdateException.RowRange::size).sum();
    String doubt = doubtful == 0 ? "" : "; " + doubtful + " rows sent but unacknowledged are in doubt " + inDoubt;
    return new GreptimeBatchUpdateException("DoPut into " + table + " failed after " + in + " of " + counts.length
        + " rows were written" + doubt + ": " + cause.getMessage(), cause.getSQLState(), cause.getErrorCode(), counts,
        inDoubt, cause);
  }

  private void dropWriter() {
    if (writer != null) {
      try {
        writer.close(0);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      writer = null;
    }
  }

  /** Ends the DoPut stream (waiting briefly for the server to finish) and frees the vectors. */
  @Override
  public void close() {
    try {
      if (writer != null) {
        writer.close(10_000);
        writer = null;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      buffer.close();
      allocator.close();
    }
  }
}
