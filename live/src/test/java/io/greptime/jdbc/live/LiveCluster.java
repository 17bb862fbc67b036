package io.greptime.jdbc.live;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.greptime.jdbc.testing.GreptimeDBCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The one real GreptimeDB cluster of this test JVM (metasrv, a datanode, two frontends, a flownode) from
 * {@code GREPTIMEDB_BIN}, started on first use and stopped when the JVM exits; tests without a binary are skipped.
 */
final class LiveCluster {
    private static GreptimeDBCluster cluster;

    private LiveCluster() {}

    static synchronized GreptimeDBCluster require() {
        String bin = System.getenv("GREPTIMEDB_BIN");
        assumeTrue(bin != null && !bin.isBlank(), "GREPTIMEDB_BIN is not set: the cluster suites need a binary");
        if (cluster == null) {
            try {
                cluster = GreptimeDBCluster.builder(Path.of(bin))
                        .datanodes(1)
                        .frontends(2)
                        .flownode(true)
                        .start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            GreptimeDBCluster started = cluster;
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "live-cluster-stop"));
            System.out.println("live cluster:\n" + cluster.describe());
        }
        return cluster;
    }

    /** Makes sure every node runs (a test may have killed one). */
    static void restoreAll() throws IOException {
        for (GreptimeDBCluster.Node n : require().nodes()) {
            if (!n.isAlive()) {
                n.restart();
            }
        }
    }
}
