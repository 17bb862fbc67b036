package io.greptime.jdbc;

import io.greptime.jdbc.sqlstate.SqlState;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.regex.Pattern;

/** Name checks for {@link GreptimeConnection}'s flow helpers: they splice names into SQL. */
final class FlowNames {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

    private FlowNames() {}

    static String checked(String name) throws SQLException {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new SQLSyntaxErrorException(
                    "Not a plain identifier for a flow helper: " + name, SqlState.INVALID_NAME.code());
        }
        return name;
    }
}
