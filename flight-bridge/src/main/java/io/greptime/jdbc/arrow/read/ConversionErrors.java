package io.greptime.jdbc.arrow.read;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLDataException;

/** The two data exceptions readers throw, with their SQLStates. */
final class ConversionErrors {

    private ConversionErrors() {}

    static SQLDataException unsupported(String typeName, String target) {
        return new SQLDataException(
                "Cannot read a " + typeName + " value as " + target, SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
    }

    static SQLDataException invalid(String typeName, String target, String detail) {
        return new SQLDataException(
                "Cannot read " + typeName + " value as " + target + ": " + detail,
                SqlState.INVALID_CHARACTER_VALUE_FOR_CAST.code());
    }

    static SQLDataException outOfRange(String typeName, String target, Object value) {
        return new SQLDataException(
                typeName + " value " + value + " is out of range for " + target,
                SqlState.NUMERIC_VALUE_OUT_OF_RANGE.code());
    }
}
