package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Widths as the unicode-width 0.2 crate (which GreptimeDB's table printer uses) reports them. */
class DisplayWidthTest {

    @Test
    void emojiPresentationSelector_widensATextDefaultCharacter() {
        assertThat(DisplayWidth.of("\u2708")).isEqualTo(1); // ✈ alone is text
        assertThat(DisplayWidth.of("\u2708\uFE0F")).isEqualTo(2); // ✈️
        assertThat(DisplayWidth.of("\u2708\uFE0F rocket \u2708\uFE0F")).isEqualTo(12);
        assertThat(DisplayWidth.of("#\uFE0F")).isEqualTo(2);
        assertThat(DisplayWidth.of("\u00A9\uFE0F")).isEqualTo(2); // ©️
    }

    @Test
    void emojiPresentationSelector_leavesOtherCharactersAlone() {
        assertThat(DisplayWidth.of("a\uFE0F")).isEqualTo(1);
        assertThat(DisplayWidth.of("\uD83D\uDE80\uFE0F")).isEqualTo(2); // 🚀 is wide already
        assertThat(DisplayWidth.of("\u4E16\uFE0F")).isEqualTo(2);
        assertThat(DisplayWidth.of("\uFE0F")).isEqualTo(0);
    }

    @Test
    void textPresentationSelector_narrowsAWideEmoji() {
        assertThat(DisplayWidth.of("\u231A")).isEqualTo(2); // ⌚
        assertThat(DisplayWidth.of("\u231A\uFE0E")).isEqualTo(1);
        assertThat(DisplayWidth.of("\u4E16\uFE0E")).isEqualTo(2); // not an emoji: stays wide
    }
}
