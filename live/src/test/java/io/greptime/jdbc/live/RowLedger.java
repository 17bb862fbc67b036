package io.greptime.jdbc.live;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.BitSet;

/**
 * What a writer did with rows numbered 0, 1, ... (row {@code n} has time index {@code BASE + n} ms and a unique
 * (host, ts) key), and what the driver told it: sent, counted as stored, reported in doubt, reported as certainly
 * not written. {@link #audit} reads the table back and compares, row by row.
 */
final class RowLedger {
    static final long BASE = 1_700_000_000_000L;

    private final BitSet sent = new BitSet();
    private final BitSet counted = new BitSet();
    private final BitSet inDoubt = new BitSet();
    private final BitSet failed = new BitSet();

    void sent(long from, long to) {
        sent.set((int) from, (int) to);
    }

    private long reportedInDoubt;

    /** Counted as stored; this settles rows an earlier attempt left in doubt or unwritten (an application retry). */
    void counted(long from, long to) {
        counted.set((int) from, (int) to);
        inDoubt.clear((int) from, (int) to);
        failed.clear((int) from, (int) to);
    }

    void inDoubt(long from, long to) {
        inDoubt.set((int) from, (int) to);
        reportedInDoubt += to - from;
    }

    void failed(long from, long to) {
        failed.set((int) from, (int) to);
    }

    long countedRows() {
        return counted.cardinality();
    }

    /**
     * The table against the ledger. Duplicates in an append table are bounded by the rows still in doubt.
     *
     * @param lost rows the driver counted as stored that are not there
     * @param failedButStored rows the driver said were certainly not written that are there
     * @param unaccounted rows stored that the driver neither counted nor reported in doubt
     * @param inDoubt rows the driver reported in doubt, including ones a retry settled later
     */
    record Audit(
            long sent,
            long counted,
            long stored,
            long duplicated,
            long inDoubt,
            long lost,
            long failedButStored,
            long unaccounted) {
        String row() {
            return sent + " | " + counted + " | " + stored + " | " + duplicated + " | " + inDoubt;
        }
    }

    Audit audit(Connection c, String table) throws SQLException {
        BitSet stored = new BitSet();
        long total = 0;
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT ts FROM " + table)) {
            while (rs.next()) {
                stored.set((int) (rs.getTimestamp(1).getTime() - BASE));
                total++;
            }
        }
        BitSet lost = (BitSet) counted.clone();
        lost.andNot(stored);
        BitSet failedStored = (BitSet) failed.clone();
        failedStored.and(stored);
        BitSet unaccounted = (BitSet) stored.clone();
        unaccounted.andNot(counted);
        unaccounted.andNot(inDoubt);
        return new Audit(
                sent.cardinality(),
                counted.cardinality(),
                stored.cardinality(),
                total - stored.cardinality(),
                reportedInDoubt,
                lost.cardinality(),
                failedStored.cardinality(),
                unaccounted.cardinality());
    }
}
