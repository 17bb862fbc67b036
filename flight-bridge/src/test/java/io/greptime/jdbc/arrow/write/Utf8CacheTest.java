package io.greptime.jdbc.arrow.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-column cache of UTF-8 bytes: exact bytes whatever the history, bounded growth. */
class Utf8CacheTest {

    @Test
    void repeatedTexts_answerTheSameBytes_whicheverInstanceIsPassed() throws Exception {
        Utf8Cache cache = new Utf8Cache();
        byte[] first = cache.bytesOf("dc-1", "c");
        assertThat(first).isEqualTo("dc-1".getBytes(StandardCharsets.UTF_8));
        assertThat(cache.bytesOf(new String("dc-1"), "c")).isSameAs(first); // equal text, another instance
        assertThat(cache.bytesOf("dc-1", "c")).isSameAs(first);
        assertThat(cache.bytesOf("hôte-€", "c")).isEqualTo("hôte-€".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void manyDistinctTexts_growTheCacheToItsBound_andAreAlwaysEncodedExactly() throws Exception {
        Utf8Cache cache = new Utf8Cache();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            texts.add("host-" + i);
        }
        for (int round = 0; round < 3; round++) {
            for (String t : texts) {
                assertThat(cache.bytesOf(t, "c")).isEqualTo(t.getBytes(StandardCharsets.UTF_8));
            }
        }
        assertThat(cache.slots()).isEqualTo(1024);
    }

    @Test
    void aFewHundredTags_allStayCached_afterWarmUp() throws Exception {
        Utf8Cache cache = new Utf8Cache();
        List<String> tags = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            tags.add("host-" + i);
        }
        for (int round = 0; round < 50; round++) {
            for (String t : tags) {
                cache.bytesOf(t, "c");
            }
        }
        List<byte[]> cached = new ArrayList<>();
        for (String t : tags) {
            cached.add(cache.bytesOf(t, "c"));
        }
        for (int i = 0; i < tags.size(); i++) { // nothing evicted any more: the same arrays come back
            assertThat(cache.bytesOf(tags.get(i), "c")).isSameAs(cached.get(i));
        }
        assertThat(cache.slots()).isLessThanOrEqualTo(512);
    }

    @Test
    void longTexts_areEncodedButNotKept() throws Exception {
        Utf8Cache cache = new Utf8Cache();
        String longText = "x".repeat(65);
        byte[] once = cache.bytesOf(longText, "c");
        assertThat(once).hasSize(65);
        assertThat(cache.bytesOf(longText, "c")).isNotSameAs(once).isEqualTo(once);
    }

    @Test
    void loneSurrogates_areRefusedWith22021_pairsAreEncoded() throws Exception {
        Utf8Cache cache = new Utf8Cache();
        for (String bad : new String[] {"a\uD800b", "\uDC00", "x\uD83D", "\uDE00\uD83D"}) {
            assertThatThrownBy(() -> cache.bytesOf(bad, "host"))
                    .isInstanceOfSatisfying(java.sql.SQLDataException.class, e -> {
                        assertThat(e.getSQLState()).isEqualTo("22021");
                        assertThat(e.getMessage()).contains("column 'host'").doesNotContain(bad);
                    });
        }
        assertThat(cache.bytesOf("\uD83D\uDE00", "host")).isEqualTo("\uD83D\uDE00".getBytes(StandardCharsets.UTF_8));
    }
}
