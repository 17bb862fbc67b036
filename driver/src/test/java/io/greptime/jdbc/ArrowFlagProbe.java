package io.greptime.jdbc;

import java.sql.DriverManager;
import java.sql.SQLException;

/** Run by {@link ArrowFlagTest} in a JVM started without the java.nio opening: prints what connect says. */
public final class ArrowFlagProbe {
    private ArrowFlagProbe() {}

    public static void main(String[] args) {
        try {
            DriverManager.getConnection(args[0]).close();
            System.out.println("CONNECTED");
        } catch (SQLException e) {
            System.out.println("SQLSTATE=" + e.getSQLState());
            System.out.println("MESSAGE=" + e.getMessage());
        }
    }
}
