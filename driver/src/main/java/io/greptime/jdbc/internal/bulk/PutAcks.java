package io.greptime.jdbc.internal.bulk;

import io.greptime.jdbc.arrow.write.DoPutWriter;
import io.greptime.jdbc.internal.client.ErrorTranslator;
import java.sql.SQLException;

/**
 * How far a DoPut stream got once the caller waited for its last sent batch: the highest request id the
 * server acknowledged in order, and the failure that stopped it (a send failure seen earlier wins), or
 * null. Shared by the prepared-statement and typed-row writers, which account rows from it differently.
 */
record PutAcks(long acked, SQLException failure) {

    /** Waits until {@code lastSent} (0: nothing sent) is acknowledged or the stream fails. */
    static PutAcks await(DoPutWriter writer, long lastSent, SQLException sendFailure, ErrorTranslator errors) {
        if (lastSent <= 0) {
            return new PutAcks(0, sendFailure);
        }
        try {
            writer.awaitAcked(lastSent);
            return new PutAcks(lastSent, sendFailure);
        } catch (DoPutWriter.PutFailure f) {
            return new PutAcks(f.lastAckedId(), sendFailure != null ? sendFailure : errors.translate(f.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new PutAcks(
                    writer.lastAckedId(), new SQLException("Interrupted while waiting for DoPut answers", "HY008", e));
        }
    }
}
