package io.greptime.jdbc.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PlaceholderScannerTest {

    @Test
    void markersOutsideQuotesAndComments_areFound() {
        String sql = "SELECT ?, '?', \"?\", `?`, 'it''s ?', ? -- ?\n FROM t /* ? */ WHERE a = ?";
        int[] markers = PlaceholderScanner.scan(sql);
        assertThat(markers).hasSize(3);
        for (int m : markers) {
            assertThat(sql.charAt(m)).isEqualTo('?');
        }
        assertThat(PlaceholderScanner.substitute(sql, markers, new String[] {"1", "2", "3"}))
                .isEqualTo("SELECT 1, '?', \"?\", `?`, 'it''s ?', 2 -- ?\n FROM t /* ? */ WHERE a = 3");
    }

    @Test
    void backslashDoesNotEscapeAQuote() {
        // GreptimeDB's dialect has no backslash escapes: the string ends at the second quote.
        assertThat(PlaceholderScanner.scan("SELECT 'a\\', ?")).hasSize(1);
    }

    @Test
    void unterminatedString_hidesTheRest() {
        assertThat(PlaceholderScanner.scan("SELECT 'abc ?")).isEmpty();
    }

    @Test
    void noMarkers_returnsTextUnchanged() {
        assertThat(PlaceholderScanner.substitute("SELECT 1", new int[0], new String[0]))
                .isEqualTo("SELECT 1");
    }
}
