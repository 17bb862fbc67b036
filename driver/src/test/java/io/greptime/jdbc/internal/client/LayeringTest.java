package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.sourcegraph.JavaSources;
import org.junit.jupiter.api.Test;

/**
 * Design rule 6: the protocol client never depends on the JDBC implementation, and config on neither. Reads
 * imports and inline fully-qualified names in code ({@link JavaSources}), so {@code
 * io.greptime.jdbc.internal.jdbc.Foo.bar()} written without an import is seen too.
 */
class LayeringTest {
    private static final String CLIENT = "io.greptime.jdbc.internal.client";
    private static final String CONFIG = "io.greptime.jdbc.internal.config";
    private static final String JDBC = "io.greptime.jdbc.internal.jdbc";

    @Test
    void client_neverReferencesTheJdbcLayer() {
        assertThat(JavaSources.mainSources().references(CLIENT, JDBC)).isEmpty();
    }

    @Test
    void config_neverReferencesClientOrJdbc() {
        JavaSources sources = JavaSources.mainSources();
        assertThat(sources.references(CONFIG, JDBC)).isEmpty();
        assertThat(sources.references(CONFIG, CLIENT)).isEmpty();
    }

    @Test
    void scanner_detectsAViolation() {
        // The check itself must be able to fail: the jdbc layer does refer to the client.
        assertThat(JavaSources.mainSources().references(JDBC, CLIENT)).isNotEmpty();
    }
}
