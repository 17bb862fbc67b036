package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import java.sql.SQLException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;

/**
 * Float32 and Float64. Integer getters truncate toward zero and are range-checked; NaN and the
 * infinities have no decimal or integer form (22003). Text is Java's shortest round-trip form
 * ({@code 150.0}, {@code 1.0E20}), which matches GreptimeDB's output except for the exponent style
 * of very large or small magnitudes.
 */
final class FloatReader extends AbstractColumnReader {
  private final FloatingPointVector values;
  private final FieldVector vector;
  private final boolean single;

  FloatReader(FieldVector vector, boolean single, String typeName) {
    super(typeName);
    this.vector = vector;
    this.values = (FloatingPointVector) vector;
    this.single = single;
  }

  @Override
  public boolean isNull(int row) {
    return vector.isNull(row);
  }

  @Override
  public double getDouble(int row) {
    return vector.isNull(row) ? 0d : values.getValueAsDouble(row);
  }

  @Override
  public float getFloat(int row) throws SQLException {
    return single ? (float) getDouble(row) : super.getFloat(row);
  }

  @Override
  public boolean getBoolean(int row) {
    return getDouble(row) != 0d;
  }

  @Override
  public long getLong(int row) throws SQLException {
    double value = getDouble(row);
    // (double) Long.MAX_VALUE is 2^63, itself out of range, hence >= on the upper bound
    if (Double.isNaN(value) || value < Long.MIN_VALUE || value >= 0x1p63) {
      throw ConversionErrors.outOfRange(typeName, "long", value);
    }
    return (long) value;
  }

  @Override
  public BigDecimal getBigDecimal(int row) throws SQLException {
    if (vector.isNull(row)) {
      return null;
    }
    double value = getDouble(row);
    if (!Double.isFinite(value)) {
      throw ConversionErrors.outOfRange(typeName, "BigDecimal", value);
    }
    // via the shortest decimal text, so 0.1f reads as 0.1 and not 0.100000001490116...
    return new BigDecimal(single ? Float.toString((float) value) : Double.toString(value));
  }

  @Override
  public String getString(int row) {
    if (vector.isNull(row)) {
      return null;
    }
    double value = getDouble(row);
    return single ? Float.toString((float) value) : Double.toString(value);
  }

  @Override
  public Object getObject(int row) {
    if (vector.isNull(row)) {
      return null;
    }
    double value = getDouble(row);
    return single ? (Object) (float) value : (Object) value;
  }
}
