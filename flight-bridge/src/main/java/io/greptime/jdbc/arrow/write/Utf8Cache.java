package io.greptime.jdbc.arrow.write;

import java.sql.SQLDataException;

/**
 * The UTF-8 bytes of the short strings one column saw last, so a repeated text is not encoded again:
 * tag values repeat from row to row (a few hundred hosts, regions, services), and encoding them for
 * every row cost more than all other work of a row together. Two-way set associative (a text may sit
 * in either slot of its pair, so two frequent texts whose hashes collide do not evict each other),
 * growing from 64 to 1,024 slots while entries keep being replaced, so memory stays bounded for columns
 * whose texts never repeat. One column's writer uses it from one thread.
 */
final class Utf8Cache {
    private static final int MAX_SLOTS = 1024;
    private static final int CACHED_LENGTH = 64;
    private String[] texts = new String[64];
    private byte[][] utf8 = new byte[64][];
    /** Entries replaced since the cache last grew: many mean more distinct texts than slots. */
    private int evictions;

    private static int pair(String text, int slots) {
        int h = text.hashCode();
        return (h ^ (h >>> 16)) & (slots - 2);
    }

    /**
     * The text's UTF-8 bytes; the caller must not change them.
     *
     * @throws SQLDataException 22021 for a lone surrogate (see {@link StrictUtf8}), naming {@code column}
     */
    byte[] bytesOf(String text, String column) throws SQLDataException {
        String[] t = texts;
        int slot = pair(text, t.length);
        if (t[slot] == text) {
            return utf8[slot];
        }
        if (t[slot + 1] == text) {
            return utf8[slot + 1];
        }
        return lookup(slot, text, column);
    }

    /** An equal text seen before as another String instance, or a new one, encoded and kept. */
    private byte[] lookup(int slot, String text, String column) throws SQLDataException {
        for (int s = slot; s < slot + 2; s++) {
            if (text.equals(texts[s])) {
                texts[s] = text; // the next row often passes this same instance again
                return utf8[s];
            }
        }
        byte[] bytes = StrictUtf8.encode(text, column);
        if (text.length() <= CACHED_LENGTH) {
            keep(text, bytes);
        }
        return bytes;
    }

    private void keep(String text, byte[] bytes) {
        int slot = pair(text, texts.length);
        if (texts[slot] != null && texts[slot + 1] != null) {
            if (++evictions > texts.length && texts.length < MAX_SLOTS) {
                grow();
                slot = pair(text, texts.length);
            }
            if (texts[slot] != null) { // the pair's first slot holds the newer entry: the older one goes
                texts[slot + 1] = texts[slot];
                utf8[slot + 1] = utf8[slot];
            }
        } else if (texts[slot] != null) {
            slot++;
        }
        texts[slot] = text;
        utf8[slot] = bytes;
    }

    /** Doubles the slots, keeping the entries (those whose new pair is full are dropped). */
    private void grow() {
        String[] oldTexts = texts;
        byte[][] oldUtf8 = utf8;
        texts = new String[oldTexts.length * 2];
        utf8 = new byte[oldTexts.length * 2][];
        for (int i = 0; i < oldTexts.length; i++) {
            if (oldTexts[i] != null) {
                int slot = pair(oldTexts[i], texts.length);
                int free = texts[slot] == null ? slot : texts[slot + 1] == null ? slot + 1 : -1;
                if (free >= 0) {
                    texts[free] = oldTexts[i];
                    utf8[free] = oldUtf8[i];
                }
            }
        }
        evictions = 0;
    }

    /** Slots now (for tests). */
    int slots() {
        return texts.length;
    }
}
