package io.greptime.jdbc.flink;

import java.io.IOException;
import java.io.Serializable;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * The sink of {@code 'connector' = 'greptime-jdbc'} tables: rows written through the driver's bulk-load idiom
 * (auto-commit off, {@code executeBatch}, {@code commit()}), each commit at a checkpoint or end of input. See
 * {@link GreptimeCommitWriter} for what is confirmed when.
 */
final class GreptimeCommitSink implements Sink<RowData> {
    private static final long serialVersionUID = 1L;

    /** What a writer needs; the password travels with the job graph, as flink-connector-jdbc's does. */
    record Settings(
            String url,
            String username,
            String password,
            String table,
            String insertSql,
            String[] fieldNames,
            RowType rowType,
            int maxRows,
            int commitEvery,
            long flushIntervalMs)
            implements Serializable {
        private static final long serialVersionUID = 1L;

        /** Never the password: a record's own toString would print it into Flink's logs and plans. */
        @Override
        public String toString() {
            return "Settings[url=" + url + ", username=" + username + ", password="
                    + (password == null ? "none" : "***")
                    + ", table=" + table + ", maxRows=" + maxRows + ", commitEvery=" + commitEvery
                    + ", flushIntervalMs=" + flushIntervalMs + "]";
        }
    }

    private final Settings settings;

    GreptimeCommitSink(Settings settings) {
        this.settings = settings;
    }

    Settings settings() {
        return settings;
    }

    @Override
    public SinkWriter<RowData> createWriter(WriterInitContext context) throws IOException {
        return new GreptimeCommitWriter(settings);
    }
}
