package io.greptime.jdbc.examples;

import java.sql.Connection;
import java.sql.DriverManager;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@link WriteProcesses}' writers of the bulk-load idiom with auto-commit off: executeBatch + commit() every
 * {@code bench.commitEvery} batches (default 10), and Spring's batchUpdate in a transaction of as many
 * batches (a real DataSourceTransactionManager, as {@code @Transactional} uses).
 */
final class CommitWriters {
    static final int COMMIT_EVERY = Integer.getInteger("bench.commitEvery", 10);

    private CommitWriters() {}

    static WriteProcesses.Child.Writer executeBatchAndCommit(String url) throws Exception {
        Connection c = DriverManager.getConnection(url);
        return new WriteProcesses.Child.Writer() {
            @Override
            public void write(String table, long rows, int batch) throws Exception {
                WriteBenchmark.executeBatchCommitting(c, table, rows, batch, COMMIT_EVERY);
            }

            @Override
            public void close() throws Exception {
                c.close();
            }
        };
    }

    static WriteProcesses.Child.Writer springTransactions(String url) throws Exception {
        Connection c = DriverManager.getConnection(url);
        SingleConnectionDataSource ds = new SingleConnectionDataSource(c, true);
        JdbcTemplate spring = new JdbcTemplate(ds);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(ds));
        return new WriteProcesses.Child.Writer() {
            @Override
            public void write(String table, long rows, int batch) {
                WriteBenchmark.batchUpdateInTransactions(tx, spring, table, rows, batch, COMMIT_EVERY);
            }

            @Override
            public void close() throws Exception {
                c.close();
            }
        };
    }
}
