package io.greptime.jdbc.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.tck.engine.duckdb.DuckDbEngine;
import io.greptime.jdbc.tck.server.EmbeddedGreptimeServer;
import org.junit.jupiter.api.Test;

class FlowExampleTest {
    @Test
    void flowExample_sinkMatchesAdHocAggregate() throws Exception {
        try (DuckDbEngine engine = DuckDbEngine.inMemory();
                EmbeddedGreptimeServer server = EmbeddedGreptimeServer.builder()
                        .port(0)
                        .engine(engine)
                        .build()
                        .start()) {
            assertThat(FlowExample.run("jdbc:greptime://" + server.address() + "/public"))
                    .isTrue();
            assertThat(FlowExample.run("jdbc:greptime://" + server.address() + "/public"))
                    .as("rerunnable")
                    .isTrue();
        }
    }
}
