package io.greptime.jdbc.internal.config;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.util.List;

/**
 * Every problem found in one URL + properties combination, reported at once so the user fixes them in
 * one go. SQLState {@code 08001} (the client cannot establish the connection): tools treat it as a
 * connection failure, which is what it is for the user.
 */
public final class ConfigException extends SQLException {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public ConfigException(List<String> problems) {
        super("Invalid greptime-jdbc configuration: " + String.join("; ", problems), SqlState.CANNOT_CONNECT.code());
        this.problems = List.copyOf(problems);
    }

    /** The individual problems, each naming the key and value it is about. */
    public List<String> problems() {
        return problems;
    }
}
