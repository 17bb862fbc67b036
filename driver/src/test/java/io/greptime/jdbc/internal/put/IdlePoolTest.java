package io.greptime.jdbc.internal.put;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a connection keeps for the next statement: one per key, bounded, all released when it closes. */
class IdlePoolTest {
    private final List<String> released = new ArrayList<>();
    private final IdlePool<String, String> pool = new IdlePool<>(2, released::add);

    @Test
    void takeGivesTheParkedValueOnce() {
        pool.park("t1", "stream-1");
        assertThat(pool.take("t2")).isNull();
        assertThat(pool.take("t1")).isEqualTo("stream-1");
        assertThat(pool.take("t1")).isNull();
        assertThat(released).isEmpty();
    }

    @Test
    void parkingASecondValueForAKey_releasesTheFirst() {
        pool.park("t1", "old");
        pool.park("t1", "new");
        assertThat(released).containsExactly("old");
        assertThat(pool.take("t1")).isEqualTo("new");
    }

    @Test
    void beyondCapacity_theLeastRecentlyParkedIsReleased() {
        pool.park("t1", "a");
        pool.park("t2", "b");
        pool.park("t3", "c");
        assertThat(released).containsExactly("a");
        assertThat(pool.take("t1")).isNull();
        assertThat(pool.take("t2")).isEqualTo("b");
        assertThat(pool.take("t3")).isEqualTo("c");
    }

    @Test
    void close_releasesEverything_andWhateverIsParkedLater() {
        pool.park("t1", "a");
        pool.park("t2", "b");
        pool.close();
        assertThat(released).containsExactlyInAnyOrder("a", "b");
        pool.park("t3", "late");
        assertThat(released).contains("late");
        assertThat(pool.take("t3")).isNull();
    }
}
