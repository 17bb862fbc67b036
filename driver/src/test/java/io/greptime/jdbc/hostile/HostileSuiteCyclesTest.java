package io.greptime.jdbc.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.ClassNameFilter.excludeClassNamePatterns;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectPackage;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The hostile suite (every test class of this package) run again and again in one JVM, with the direct
 * memory read before, after each run and after the last with everything closed: the soak for #17's
 * "direct memory rose from 10 to 52 MB after a hostile run". Not in the default build (it takes minutes
 * per run):
 *
 * <pre>
 * mvn -B -pl proto,flight-bridge,tck,driver verify -Djacoco.skip=true -DskipITs \
 *     -Dtest=HostileSuiteCyclesTest -Dsurefire.failIfNoSpecifiedTests=false -Dhostile.cycles=5
 * </pre>
 *
 * prints one line of {@link DirectMemory} figures per run into
 * {@code driver/target/surefire-reports/io.greptime.jdbc.hostile.HostileSuiteCyclesTest-output.txt}, and
 * fails when a run fails or when the direct memory after the last run exceeds that after the second by
 * more than one chunk per pool and arena.
 */
@EnabledIfSystemProperty(named = "hostile.cycles", matches = "[1-9][0-9]*")
class HostileSuiteCyclesTest {
    /** Longer than the driver's event loop idle time (10 s) and gRPC's server group release (1 s). */
    private static final long IDLE_WAIT_MILLIS = 12_000;

    @Test
    void hostileSuiteRepeated_directMemoryStopsGrowing() throws InterruptedException {
        int cycles = Integer.getInteger("hostile.cycles");
        String only = System.getProperty("hostile.classes", "");
        List<DirectMemory> after = new ArrayList<>();
        System.out.println("before: " + DirectMemory.sample());
        for (int i = 1; i <= cycles; i++) {
            long start = System.nanoTime();
            TestExecutionSummary summary = runSuite(only);
            Thread.sleep(IDLE_WAIT_MILLIS); // the driver's event loop groups shut down when idle
            DirectMemory m = DirectMemory.sample();
            after.add(m);
            System.out.printf(
                    "after run %d (%d tests, %d failed, %d s): %s%n",
                    i,
                    summary.getTestsSucceededCount() + summary.getTestsFailedCount(),
                    summary.getTestsFailedCount(),
                    (System.nanoTime() - start) / 1_000_000_000L,
                    m);
            summary.getFailures()
                    .forEach(f -> System.out.println(
                            "  failed: " + f.getTestIdentifier().getDisplayName() + ": " + f.getException()));
            assertThat(summary.getTestsFailedCount())
                    .as("failed tests in run %d", i)
                    .isZero();
        }
        if (cycles >= 3) {
            DirectMemory second = after.get(1);
            DirectMemory last = after.get(cycles - 1);
            assertThat(last.jdkDirect())
                    .as("direct memory after run %d against run 2", cycles)
                    .isLessThanOrEqualTo(second.jdkDirect() + margin(last));
        }
    }

    /**
     * One more chunk in each arena of both pools (2 cores: four arenas each, gRPC's chunks 2 MiB, Arrow's
     * 4 MiB): what a run whose peak was higher than any before may leave for reuse.
     */
    private static long margin(DirectMemory m) {
        return 4L * (2 + 4) << 20;
    }

    private static TestExecutionSummary runSuite(String only) {
        LauncherDiscoveryRequestBuilder request =
                LauncherDiscoveryRequestBuilder.request().selectors(selectPackage("io.greptime.jdbc.hostile"));
        request.filters(excludeClassNamePatterns(".*CyclesTest"));
        if (!only.isEmpty()) {
            request.filters(org.junit.platform.engine.discovery.ClassNameFilter.includeClassNamePatterns(only));
        }
        LauncherDiscoveryRequest built = request.build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(built, listener);
        return listener.getSummary();
    }
}
