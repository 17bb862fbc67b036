package io.greptime.jdbc.internal.observe;

/**
 * Where a connection's measurements go (JMX, Micrometer, both or nowhere). Every method is called at most
 * once per call, statement or record batch, never per row, and must not block.
 */
interface MetricsSink {
    /** One finished gRPC call; {@code status} is {@code OK}, a GreptimeDB status code or a gRPC code name. */
    void call(String endpoint, CallKind kind, String status, long nanos, long bytesIn, long bytesOut);

    void rowsRead(long rows);

    void rowsWritten(long rows);

    /** One finished execution. */
    void statement(long nanos, boolean failed, boolean slow);

    void statementsOpen(int delta);

    void resultSetsOpen(int delta);

    void breakerState(String endpoint, BreakerState state);

    /** Unregisters what this sink registered. */
    void close();

    MetricsSink NONE = new MetricsSink() {
        @Override
        public void call(String endpoint, CallKind kind, String status, long nanos, long bytesIn, long bytesOut) {}

        @Override
        public void rowsRead(long rows) {}

        @Override
        public void rowsWritten(long rows) {}

        @Override
        public void statement(long nanos, boolean failed, boolean slow) {}

        @Override
        public void statementsOpen(int delta) {}

        @Override
        public void resultSetsOpen(int delta) {}

        @Override
        public void breakerState(String endpoint, BreakerState state) {}

        @Override
        public void close() {}
    };

    /** Both sinks, in order. */
    static MetricsSink both(MetricsSink a, MetricsSink b) {
        return new MetricsSink() {
            @Override
            public void call(String endpoint, CallKind kind, String status, long nanos, long bytesIn, long bytesOut) {
                a.call(endpoint, kind, status, nanos, bytesIn, bytesOut);
                b.call(endpoint, kind, status, nanos, bytesIn, bytesOut);
            }

            @Override
            public void rowsRead(long rows) {
                a.rowsRead(rows);
                b.rowsRead(rows);
            }

            @Override
            public void rowsWritten(long rows) {
                a.rowsWritten(rows);
                b.rowsWritten(rows);
            }

            @Override
            public void statement(long nanos, boolean failed, boolean slow) {
                a.statement(nanos, failed, slow);
                b.statement(nanos, failed, slow);
            }

            @Override
            public void statementsOpen(int delta) {
                a.statementsOpen(delta);
                b.statementsOpen(delta);
            }

            @Override
            public void resultSetsOpen(int delta) {
                a.resultSetsOpen(delta);
                b.resultSetsOpen(delta);
            }

            @Override
            public void breakerState(String endpoint, BreakerState state) {
                a.breakerState(endpoint, state);
                b.breakerState(endpoint, state);
            }

            @Override
            public void close() {
                try {
                    a.close();
                } finally {
                    b.close();
                }
            }
        };
    }
}
