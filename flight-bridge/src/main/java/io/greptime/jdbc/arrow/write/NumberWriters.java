package io.greptime.jdbc.arrow.write;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.SQLException;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;

/** Writers for floating-point, boolean and decimal columns. */
final class NumberWriters {
    private NumberWriters() {}

    /** FLOAT (Float32) and DOUBLE (Float64); a finite double beyond a FLOAT's range is refused. */
    static final class FloatWriter extends ColumnWriter {
        private final boolean single;

        FloatWriter(Float4Vector f32) {
            super(f32, "Float32", 4);
            this.single = true;
        }

        FloatWriter(Float8Vector f64) {
            super(f64, "Float64", 8);
            this.single = false;
        }

        @Override
        public void setDouble(int row, double value) throws SQLException {
            if (!single) {
                cells.putDouble(row, value);
                return;
            }
            float narrowed = (float) value;
            if (Float.isInfinite(narrowed) && !Double.isInfinite(value)) {
                throw outOfRange(value);
            }
            cells.putFloat(row, narrowed);
        }

        @Override
        public void setLong(int row, long value) throws SQLException {
            setDouble(row, value);
        }

        @Override
        public void setDecimal(int row, BigDecimal value) throws SQLException {
            setDouble(row, value.doubleValue());
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            try {
                setDouble(row, Double.parseDouble(value.trim()));
            } catch (NumberFormatException e) {
                throw unparsable(value);
            }
        }
    }

    /** BOOLEAN: also 0/1 and the strings true/false (any case). */
    static final class BoolWriter extends ColumnWriter {
        BoolWriter(BitVector v) {
            super(v, "Boolean", HeapColumn.BITS);
        }

        @Override
        public void setBoolean(int row, boolean value) {
            cells.putBit(row, value);
        }

        @Override
        public void setLong(int row, long value) throws SQLException {
            if (value != 0 && value != 1) {
                throw outOfRange(value);
            }
            cells.putBit(row, value == 1);
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            String s = value.trim();
            if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
                setBoolean(row, s.equalsIgnoreCase("true"));
            } else {
                throw unparsable(value);
            }
        }
    }

    /**
     * DECIMAL(p, s): values are rounded half-up to the column's scale (as GreptimeDB casts a literal), then
     * refused when they need more than p digits.
     */
    static final class DecimalWriter extends ColumnWriter {
        private final int precision;
        private final int scale;

        DecimalWriter(DecimalVector v, int precision, int scale) {
            super(v, "Decimal(" + precision + ", " + scale + ")", 16);
            this.precision = precision;
            this.scale = scale;
        }

        @Override
        public void setDecimal(int row, BigDecimal value) throws SQLException {
            BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
            if (scaled.precision() > precision) {
                throw outOfRange(value.toPlainString());
            }
            cells.putDecimal(row, scaled.unscaledValue());
        }

        @Override
        public void setLong(int row, long value) throws SQLException {
            setDecimal(row, BigDecimal.valueOf(value));
        }

        @Override
        public void setDouble(int row, double value) throws SQLException {
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw outOfRange(value);
            }
            setDecimal(row, BigDecimal.valueOf(value));
        }

        @Override
        public void setString(int row, String value) throws SQLException {
            try {
                setDecimal(row, new BigDecimal(value.trim()));
            } catch (NumberFormatException e) {
                throw unparsable(value);
            }
        }
    }
}
