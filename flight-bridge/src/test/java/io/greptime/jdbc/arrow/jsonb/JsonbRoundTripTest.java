package io.greptime.jdbc.arrow.jsonb;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Text → JSONB → text for documents whose canonical text is known without running the codec. */
class JsonbRoundTripTest {

    private static String roundTrip(String text) {
        return Jsonb.decode(Jsonb.encode(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"a\":{\"b\":{\"c\":[1,2,{\"d\":null}]}},\"e\":[[],[[]],{}]}",
                "[true,false,null,\"x\",-5,7,0.25,{\"k\":[\"v\"]}]",
                "{\"cpu\":0.75,\"host\":\"web-01\",\"n\":null,\"tags\":[\"a\",\"b\"],\"up\":true}",
                "[[[[[[[[[[\"deep\"]]]]]]]]]]",
                "\"plain\"",
                "[-9223372036854775808,18446744073709551615,-1,255,65535,4294967295]",
            })
    void canonicalDocument_survivesUnchanged(String canonical) {
        assertThat(roundTrip(canonical)).isEqualTo(canonical);
    }

    @Test
    void insignificantWhitespace_isDropped_andKeysAreSorted() {
        String text = " {\n\t\"z\" : [ 1 , 2 ] ,\r\n \"a\" : { \"y\" : true , \"b\" : null } } ";

        assertThat(roundTrip(text)).isEqualTo("{\"a\":{\"b\":null,\"y\":true},\"z\":[1,2]}");
    }

    @Test
    void keys_sortByUtf8Bytes_notByUtf16Units() {
        // U+FF5E (UTF-8 EF BD 9E) sorts before U+1F600 (F0 9F 98 80) by bytes, though its UTF-16 unit
        // 0xFF5E is above the emoji's high surrogate 0xD83D.
        String text = "{\"\uD83D\uDE00\":1,\"\uFF5E\":2,\"b\":3,\"B\":4,\"ab\":5}";

        assertThat(roundTrip(text)).isEqualTo("{\"B\":4,\"ab\":5,\"b\":3,\"\uFF5E\":2,\"\uD83D\uDE00\":1}");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
          # JSON text                      | printed as GreptimeDB prints it (Rust Debug escapes)
          '"q\\"b\\\\s/"'                  | '"q\\"b\\\\s/"'
          # escaped slash is just a slash
          '"a\\/b"'                        | '"a/b"'
          '"l1\\nl2\\rl3\\tl4"'            | '"l1\\nl2\\rl3\\tl4"'
          # backspace and form feed: Rust writes \\u{8} and \\u{c}, GreptimeDB turns them into \\u0008
          '"\\b\\f"'                       | '"\\u0008\\u000C"'
          # other controls and DEL, uppercase hex; NUL as \\u0000 (Rust would write \\0)
          '"\\u0001\\u001f\\u007f\\u0000"' | '"\\u0001\\u001F\\u007F\\u0000"'
          # letters, CJK and emoji (a surrogate pair in the text) stay literal
          '"caf\\u00e9 \\u6d4b\\u8bd5 \\ud83d\\udc8e"' | '"café 测试 💎"'
          # combining acute (Mn), zero-width space (Cf), no-break space (Zs) are escaped like Rust does
          '"e\\u0301 a\\u200bb c\\u00a0d"' | '"e\\u0301 a\\u200Bb c\\u00A0d"'
          # lone surrogates have no UTF-8 form: the crate keeps the escape text, backslash included
          '"x\\uD800y"'                    | '"x\\\\uD800y"'
          '"\\udc00"'                      | '"\\\\udc00"'
          # a high surrogate followed by an escape that is not a low surrogate: both kept as text
          '"\\ud800\\u0041"'               | '"\\\\ud800\\\\u0041"'
          """)
    void strings_roundTripWithGreptimeEscaping(String text, String printed) {
        assertThat(roundTrip(text)).isEqualTo(printed);
    }

    @Test
    void keys_areEscapedLikeValues_soTheOutputStaysValidJson() {
        assertThat(roundTrip("{\"a\\\"b\\n\":1}")).isEqualTo("{\"a\\\"b\\n\":1}");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "0.1, 0.1",
        "0.30000000000000004, 0.30000000000000004",
        "123.4567, 123.4567",
        "-2.5, -2.5",
        "100.0, 100.0",
        "1e15, 1000000000000000.0",
        "1e16, 1e16",
        "1.5e16, 1.5e16",
        "123456789012345678.0, 1.2345678901234568e17",
        "0.0001, 0.0001",
        "0.00001, 0.00001",
        "0.000015, 0.000015",
        "1e-6, 1e-6",
        "1.5e-7, 1.5e-7",
        "1.7976931348623157e308, 1.7976931348623157e308",
        "2.2250738585072014e-308, 2.2250738585072014e-308",
        "4.9e-324, 5e-324",
        "123456789012345678901234567890, 1.2345678901234568e29",
        "9007199254740993, 9007199254740993",
    })
    void numbers_printAsTheCratePrintsThem(String text, String printed) {
        assertThat(roundTrip(text)).isEqualTo(printed);
    }

    @Test
    void deepNesting_isHandledWithoutRecursion() {
        int depth = 200_000;
        String text = "[".repeat(depth) + "1" + "]".repeat(depth);
        String objects = "{\"k\":".repeat(depth) + "null" + "}".repeat(depth);

        assertThat(roundTrip(text)).isEqualTo(text);
        assertThat(roundTrip(objects)).isEqualTo(objects);
    }

    @Test
    void randomDoubles_printTheShortestClosestTextThatParsesBack() {
        Random random = new Random(20261130L);
        for (int i = 0; i < 5_000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (i % 2 == 0) {
                v = Math.scalb((random.nextDouble() - 0.5), random.nextInt(120) - 60); // everyday magnitudes
            }
            if (Double.isNaN(v) || Double.isInfinite(v) || v == 0) {
                continue;
            }
            String printed = roundTrip(Double.toString(v).replace("E", "e"));
            assertThat(Double.parseDouble(printed)).as(printed).isEqualTo(v);
            assertShortestAndClosest(v, printed);
        }
    }

    /**
     * The definition, checked from the exact binary value: no decimal with fewer digits parses back to
     * {@code v} (it suffices to try the two neighbours of the exact value one digit shorter), and when
     * the correctly rounded decimal of the printed length parses back, it is what was printed.
     */
    private static void assertShortestAndClosest(double v, String printed) {
        BigDecimal exact = new BigDecimal(Math.abs(v));
        String magnitude = printed.startsWith("-") ? printed.substring(1) : printed;
        BigDecimal shown = new BigDecimal(magnitude).stripTrailingZeros();
        int digits = shown.precision();
        if (digits > 1) {
            for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
                BigDecimal shorter = exact.round(new MathContext(digits - 1, mode));
                assertThat(Double.parseDouble(shorter.toString()))
                        .as("%s: %s is shorter and parses back", printed, shorter)
                        .isNotEqualTo(Math.abs(v));
            }
        }
        BigDecimal nearest = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
        if (Double.parseDouble(nearest.toString()) == Math.abs(v)) {
            assertThat(shown).as(printed).isEqualByComparingTo(nearest);
        }
    }

    @Test
    void manyRandomDocuments_roundTripToTheSameBytes() {
        Random random = new Random(7L);
        for (int i = 0; i < 500; i++) {
            String text = RandomJson.document(random, 4);
            byte[] once = Jsonb.encode(text);
            byte[] twice = Jsonb.encode(Jsonb.decode(once));
            assertThat(HexFormat.of().formatHex(twice))
                    .as(text)
                    .isEqualTo(HexFormat.of().formatHex(once));
        }
    }
}
