package io.greptime.jdbc.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Thirty seconds of {@link OutageSoak} (the documented command runs it for minutes): reads and writes go
 * on across server restarts, and threads, descriptors, heap, direct buffers and Arrow memory stay flat.
 * Bounds are generous (the machine is shared, the server runs in the same JVM); what they catch is a leak
 * per restart or per failed call, which over six restarts and hundreds of failures would pass them.
 */
class OutageSoakTest {
    @Test
    void thirtySecondsOfRestarts_leaveEverythingFlat() throws Exception {
        OutageSoak.Report r =
                OutageSoak.run(Duration.ofSeconds(30), Duration.ofSeconds(5), Duration.ofSeconds(6), System.out);
        List<OutageSoak.Sample> s = r.samples();
        assertThat(s).hasSizeGreaterThanOrEqualTo(4);
        assertThat(r.restarts()).isGreaterThanOrEqualTo(5);
        assertThat(r.writes()).isPositive();
        assertThat(r.reads()).isPositive();
        OutageSoak.Sample first = s.get(0);
        OutageSoak.Sample last = s.get(s.size() - 1);
        assertThat(last.threads()).as("threads").isLessThanOrEqualTo(first.threads() + 16);
        if (first.descriptors() >= 0) {
            assertThat(last.descriptors()).as("descriptors").isLessThanOrEqualTo(first.descriptors() + 40);
            assertThat(r.after().descriptors()).as("descriptors after close").isLessThanOrEqualTo(first.descriptors());
        }
        assertThat(last.heapBytes()).as("heap after GC").isLessThanOrEqualTo(first.heapBytes() * 2 + (128L << 20));
        assertThat(last.directBytes()).as("direct buffers").isLessThanOrEqualTo(first.directBytes() + (64L << 20));
        assertThat(last.arrowBytes())
                .as("Arrow memory held by the pool")
                .isLessThanOrEqualTo(first.arrowBytes() + (8L << 20));
    }
}
