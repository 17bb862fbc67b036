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
        private final Float4Vector f32;
        private final Float8Vector f64;

        FloatWriter(Float4Vector f32) {
            super(f32, "Float32");
            this.f32 = f32;
            this.f64 = null;
        }

        FloatWriter(Float8Vector f64) {
            super(f64, "Float64");
            this.f32 = null;
            this.f64 = f64;
        }

        @Override
        public void setDouble(int row, double value) throws SQLException {
            if (f64 != null) {
                f64.setSafe(row, value);
                return;
            }
            float narrowed = (float) value;
            if (Float.isInfinite(narrowed) && !Double.isInfinite(value)) {
                throw outOfRange(value);
            }
            f32.setSafe(row, narrowed);
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
        private final BitVector v;

        BoolWriter(BitVector v) {
            super(v, "Boolean");
            this.v = v;
        }

        @Override
        public void setBoolean(int row, boolean value) {
            v.setSafe(row, value ? 1 : 0);
        }

        @Override
        public void setLong(int row, long value) throws SQLException {
            if (value != 0 && value != 1) {
                throw outOfRange(value);
            }
            v.setSafe(row, (int) value);
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
        private final DecimalVector v;
        private final int precision;
        private final int scale;

        DecimalWriter(DecimalVector v, int precision, int scale) {
            super(v, "Decimal(" + precision + ", " + scale + ")");
            this.v = v;
            this.precision = precision;
            this.scale = scale;
        }

        @Override
        public void setDecimal(int row, BigDecimal value) throws SQLException {
            BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
            if (scaled.precision() > precision) {
                throw outOfRange(value.toPlainString());
            }
            v.setSafe(row, scaled);
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
