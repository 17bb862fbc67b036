package io.greptime.jdbc.examples;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.SplittableRandom;

/**
 * A synthetic trade feed written with {@code PreparedStatement.addBatch}/{@code executeBatch}: each tick is
 * (symbol, venue, price, qty, ts), prices a random walk per symbol, one tick every 10 ms across the
 * symbols, so every (symbol, venue, ts) is distinct and no tick replaces another (GreptimeDB upserts on
 * tags + time index). Seeded, so every run writes the same ticks.
 */
final class TickFeed {
    static final String[] SYMBOLS = {
        "AAPL", "MSFT", "NVDA", "AMZN", "GOOG", "META", "TSLA", "AMD", "INTC", "ORCL", "IBM", "CSCO", "ADBE", "CRM",
        "QCOM", "TXN", "AVGO", "MU", "NFLX", "PYPL"
    };
    static final String[] EXCHANGES = {"XNAS", "XNYS", "BATS", "IEXG"};
    /** 2024-01-02 14:30 UTC, a market open. */
    static final long START_MILLIS = 1_704_205_800_000L;

    static final long TICK_MILLIS = 10;
    private static final int CHUNK = 100_000;

    private TickFeed() {}

    /** Trading is busiest at the open and the close: a U over the session, 1 at midday, 3 at either end. */
    private static double activity(long i, long ticks) {
        double x = 2.0 * i / Math.max(1, ticks - 1) - 1;
        return 1 + 2 * x * x;
    }

    /** Inserts {@code ticks} ticks into {@code table}; returns the affected-row total executeBatch reported. */
    static long write(Connection conn, String table, long ticks) throws SQLException {
        SplittableRandom random = new SplittableRandom(42);
        double[] price = new double[SYMBOLS.length];
        for (int s = 0; s < price.length; s++) {
            price[s] = 50 + 20 * s;
        }
        long written = 0;
        String sql = "INSERT INTO " + table + " (symbol, venue, price, qty, ts) VALUES (?, ?, ?, ?, ?)";
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            for (long i = 0; i < ticks; i++) {
                int s = (int) (i % SYMBOLS.length);
                // a walk in cents, kept above one dollar
                price[s] = Math.max(1.0, price[s] + (random.nextInt(21) - 10) / 100.0);
                ps.setString(1, SYMBOLS[s]);
                ps.setString(2, EXCHANGES[(int) ((i / SYMBOLS.length) % EXCHANGES.length)]);
                ps.setDouble(3, Math.round(price[s] * 100) / 100.0);
                ps.setLong(4, 1 + (long) (random.nextInt(500) * activity(i, ticks)));
                ps.setTimestamp(5, new Timestamp(START_MILLIS + i * TICK_MILLIS));
                ps.addBatch();
                if ((i + 1) % CHUNK == 0 || i + 1 == ticks) {
                    for (int n : ps.executeBatch()) {
                        written += n;
                    }
                }
            }
        }
        return written;
    }
}
