package io.greptime.jdbc.arrow.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-column cache of UTF-8 bytes: exact bytes whatever the history, bounded growth. */
class Utf8CacheTest {

    @Test
    void repeatedTexts_answerTheSameBytes_whicheverInstanceIsPassed() {
        Utf8Cache cache = new Utf8Cache();
        byte[] first = cache.bytesOf("dc-1");
        assertThat(first).isEqualTo("dc-1".getBytes(StandardCharsets.UTF_8));
        assertThat(cache.bytesOf(new String("dc-1"))).isSameAs(first); // equal text, another instance
        assertThat(cache.bytesOf("dc-1")).isSameAs(first);
        assertThat(cache.bytesOf("hôte-€")).isEqualTo("hôte-€".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void manyDistinctTexts_growTheCacheToItsBound_andAreAlwaysEncodedExactly() {
        Utf8Cache cache = new Utf8Cache();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            texts.add("host-" + i);
        }
        for (int round = 0; round < 3; round++) {
            for (String t : texts) {
                assertThat(cache.bytesOf(t)).isEqualTo(t.getBytes(StandardCharsets.UTF_8));
            }
        }
        assertThat(cache.slots()).isEqualTo(1024);
    }

    @Test
    void aFewHundredTags_allStayCached_afterWarmUp() {
        Utf8Cache cache = new Utf8Cache();
        List<String> tags = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            tags.add("host-" + i);
        }
        for (int round = 0; round < 50; round++) {
            tags.forEach(cache::bytesOf);
        }
        List<byte[]> cached = new ArrayList<>();
        tags.forEach(t -> cached.add(cache.bytesOf(t)));
        for (int i = 0; i < tags.size(); i++) { // nothing evicted any more: the same arrays come back
            assertThat(cache.bytesOf(tags.get(i))).isSameAs(cached.get(i));
        }
        assertThat(cache.slots()).isLessThanOrEqualTo(512);
    }

    @Test
    void longTexts_areEncodedButNotKept() {
        Utf8Cache cache = new Utf8Cache();
        String longText = "x".repeat(65);
        byte[] once = cache.bytesOf(longText);
        assertThat(once).hasSize(65);
        assertThat(cache.bytesOf(longText)).isNotSameAs(once).isEqualTo(once);
    }
}
