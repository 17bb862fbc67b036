package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;

/**
 * Decimal128(p, s) (and Decimal256): BigDecimal with the column's scale; text is the plain form
 * ({@code 1.50}, never an exponent). The other numeric getters come from the base class.
 */
final class DecimalReader extends AbstractColumnReader {
    private final ValueVector vector;

    DecimalReader(FieldVector vector, String typeName) {
        super(typeName);
        this.vector = vector;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    @Override
    public BigDecimal getBigDecimal(int row) {
        // both DecimalVector and Decimal256Vector give a BigDecimal with the column's scale
        return vector.isNull(row) ? null : (BigDecimal) vector.getObject(row);
    }

    @Override
    public String getString(int row) {
        BigDecimal value = getBigDecimal(row);
        return value == null ? null : value.toPlainString();
    }

    @Override
    public Object getObject(int row) {
        return getBigDecimal(row);
    }
}
