package io.greptime.jdbc.internal.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Run by {@link ConnectWarmupTest} in a fresh JVM, where this is the first connection: connects, reads one
 * row, waits for the warm-up to end and prints what it saw, one {@code KEY=value} per line.
 */
public final class ConnectWarmupProbe {
    private ConnectWarmupProbe() {}

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection(args[0]);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT 41 + 1")) {
            System.out.println("ROW=" + (rs.next() ? rs.getLong(1) : -1));
            System.out.println("READ_PATH=" + ConnectWarmup.awaitReadPath(60_000));
            System.out.println("WARMUP_THREAD="
                    + Thread.getAllStackTraces().keySet().stream()
                            .anyMatch(t -> t.getName().equals("greptime-jdbc-warmup")));
            System.out.println("NETTY_JFR=" + System.getProperty("io.netty.jfr.enabled"));
        }
    }
}
