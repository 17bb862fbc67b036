package io.greptime.jdbc.arrow.read;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;

/** The Null type (NULL literals): every row is NULL and every getter gives null, 0 or false. */
final class NullReader extends AbstractColumnReader {
    NullReader() {
        super("Null");
    }

    @Override
    public boolean isNull(int row) {
        return true;
    }

    @Override
    public String getString(int row) {
        return null;
    }

    @Override
    public BigDecimal getBigDecimal(int row) {
        return null;
    }

    @Override
    public byte[] getBytes(int row) {
        return null;
    }

    @Override
    public Date getDate(int row, Calendar calendar) {
        return null;
    }

    @Override
    public Time getTime(int row, Calendar calendar) {
        return null;
    }

    @Override
    public Timestamp getTimestamp(int row, Calendar calendar) {
        return null;
    }

    @Override
    public Array getArray(int row) {
        return null;
    }

    @Override
    public Object getObject(int row) {
        return null;
    }
}
