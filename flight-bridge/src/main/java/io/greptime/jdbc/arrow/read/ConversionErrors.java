package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLDataException;

/** The two data exceptions readers throw, with their SQLStates. */
final class ConversionErrors {
    /** Invalid character value for cast / the conversion makes no sense for the type. */
    static final String INVALID_CONVERSION = SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code();
    /** Numeric value out of range. */
    static final String OUT_OF_RANGE = SqlState.NUMERIC_VALUE_OUT_OF_RANGE.code();

    private ConversionErrors() {}

    static SQLDataException unsupported(String typeName, String target) {
        return new SQLDataException("Cannot read a " + typeName + " value as " + target, INVALID_CONVERSION);
    }

    static SQLDataException invalid(String typeName, String target, String detail) {
        return new SQLDataException(
                "Cannot read " + typeName + " value as " + target + ": " + detail, INVALID_CONVERSION);
    }

    static SQLDataException outOfRange(String typeName, String target, Object value) {
        return new SQLDataException(typeName + " value " + value + " is out of range for " + target, OUT_OF_RANGE);
    }
}
