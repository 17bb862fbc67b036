package io.greptime.jdbc.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.sourcegraph.JavaSources;
import org.junit.jupiter.api.Test;

/**
 * The failover package decides and routes; it never reaches into the protocol client or the JDBC layer, by
 * import or by inline fully-qualified name ({@link JavaSources}).
 */
class FailoverLayeringTest {
    private static final String FAILOVER = "io.greptime.jdbc.internal.failover";

    @Test
    void failover_refersToNeitherClientNorJdbc() {
        JavaSources sources = JavaSources.mainSources();
        assertThat(sources.references(FAILOVER, "io.greptime.jdbc.internal.client"))
                .isEmpty();
        assertThat(sources.references(FAILOVER, "io.greptime.jdbc.internal.jdbc"))
                .isEmpty();
        assertThat(sources.references(FAILOVER, "io.greptime.jdbc.internal.config"))
                .as("the scan can see references")
                .isNotEmpty();
    }
}
