package io.greptime.jdbc.arrow.jsonb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Bad JSON text and bad JSONB bytes end in a clear {@link IllegalArgumentException}, nothing else. */
class JsonbMalformedInputTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                " ",
                "nul",
                "nulls",
                "True",
                "[1,]",
                "[,1]",
                "[1 2]",
                "{\"a\" 1}",
                "{\"a\":}",
                "{a:1}",
                "{\"a\":1,}",
                "{,}",
                "[",
                "]",
                "{\"a\":1",
                "\"abc",
                "01",
                "-",
                "1.",
                ".5",
                "1e",
                "1e+",
                "+1",
                "0x10",
                "NaN",
                "Infinity",
                "'a'",
                "\"\\x41\"",
                "\"\\u12\"",
                "\"\\u12G4\"",
                "\"\\u{0041}\"",
                "[1]]",
                "1 2",
                "\"a\tb\"",
                "\"a\nb\"",
                "\f1",
                "\\n1",
                "[1]\u00a0",
                "{\"a\":1}}",
            })
    void invalidJsonText_isRejected(String text) {
        assertThatThrownBy(() -> Jsonb.encode(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("invalid JSON at offset ");
    }

    @Test
    void errorMessage_pointsAtTheOffendingOffset() {
        assertThatThrownBy(() -> Jsonb.encode("[1, 2, x]"))
                .hasMessage("invalid JSON at offset 7: expected a JSON value");
        assertThatThrownBy(() -> Jsonb.encode("\"a\u0001\""))
                .hasMessage("invalid JSON at offset 2: raw control character U+0001 in string (must be escaped)");
    }

    @Test
    void unpairedSurrogateCharacter_inJavaString_isRejected() {
        assertThatThrownBy(() -> Jsonb.encode("\"a\uD800\""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unpaired UTF-16 surrogate");
    }

    @Test
    void nullArguments_areRejected() {
        assertThatThrownBy(() -> Jsonb.encode(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Jsonb.decode(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
          # hex                                            | why it is bad
          200000                                           | header cut short
          20000000                                         | scalar header without its JEntry
          2000000020000002 50                              | number JEntry claims 2 bytes, 1 left
          2000000010000005 6162                            | string runs past the end
          2000000020000009 603FF80000                      | float payload truncated
          80000002 20000002                                | array of 2 with only one JEntry
          80000001 50000008 80000001                       | nested container truncated
          1F000000 00000000                                | unknown container header type (0x0)
          E0000001 00000000                                | unknown container header type (0x7)
          2000000070000000                                 | unknown JEntry type 0x7
          2000000060000001 00                              | jsonb 0.5 extension JEntry
          20000000 20000002 7001                           | jsonb 0.5 decimal number
          20000000 20000002 8001                           | unknown number type byte
          20000000 20000004 40010203                       | integer payload of 3 bytes
          20000000 20000002 0000                           | zero with a payload byte
          20000000 20000001 60                             | float without its 8 bytes
          20000000 00000001 00                             | null claiming one data byte
          20000000 90000000                                | JEntry in offset mode
          2000000010000002 C328                            | invalid UTF-8 continuation
          2000000010000002 C0AF                            | overlong UTF-8
          2000000010000003 EDA080                          | UTF-8 encoded surrogate
          2000000010000001 FF                              | invalid UTF-8 lead byte
          40000001 20000002 20000002 5001 5002              | object key that is not a string
          40000001 1000000A 00000000 61                    | object key longer than the data
          9FFFFFFF                                         | array claiming 2^29-1 elements
          5FFFFFFF                                         | object claiming 2^29-1 members
          200000000000000000                               | trailing byte after a scalar
          80000000 00                                      | trailing byte after an array
          80000001 50000009 80000001 00000000 00           | nested container's JEntry length too long
          80000001 50000004 80000001 00000000              | nested container's JEntry length too short
          80000001 50000000                                | nested container of zero bytes
          """)
    void malformedJsonb_isRejectedWithItsOffset(String hex, String why) {
        byte[] bytes = HexFormat.of().parseHex(hex.replace(" ", ""));

        assertThatThrownBy(() -> Jsonb.decode(bytes))
                .as(why)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("malformed JSONB at byte ");
    }

    @Test
    void emptyBytes_decodeToEmptyText_asGreptimeDbPrintsAJsonColumnDefault() {
        // GreptimeDB's JSON type defaults to empty bytes and its jsonb_to_string returns "" for them.
        assertThat(Jsonb.decode(new byte[0])).isEmpty();
    }

    @Test
    void integerPayloads_ofEveryAllowedWidth_decodeEvenWhenWiderThanNeeded() {
        // The crate writes the narrowest width, but its reader accepts 1, 2, 4 or 8 bytes for any value.
        assertThat(Jsonb.decode(HexFormat.of().parseHex("20000000200000034001FF")))
                .isEqualTo("511");
        assertThat(Jsonb.decode(HexFormat.of().parseHex("200000002000000550000000FF")))
                .isEqualTo("255");
    }

    @Test
    void everyTruncationAndBitFlip_ofValidJsonb_failsCleanlyOrDecodes() {
        byte[] valid = Jsonb.encode("{\"a\":[1,-2,3.5,\"x\",null,true,{\"b\":[]}],\"c\":\"\u00e9\",\"d\":{\"e\":{}}}");
        for (int length = 1; length < valid.length; length++) {
            byte[] cut = Arrays.copyOf(valid, length);
            assertThatThrownBy(() -> Jsonb.decode(cut)).isInstanceOf(IllegalArgumentException.class);
        }
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            byte[] damaged = valid.clone();
            damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
            Throwable thrown = catchThrowable(() -> Jsonb.decode(damaged));
            if (thrown != null) {
                assertThat(thrown).isInstanceOf(IllegalArgumentException.class);
            }
        }
    }

    @Test
    void randomBytes_failCleanlyOrDecode() {
        Random random = new Random(99);
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes = new byte[random.nextInt(40)];
            random.nextBytes(bytes);
            if (bytes.length > 0) {
                bytes[0] = (byte) new int[] {0x20, 0x40, 0x80}[random.nextInt(3)];
            }
            Throwable thrown = catchThrowable(() -> Jsonb.decode(bytes));
            if (thrown != null) {
                assertThat(thrown).isInstanceOf(IllegalArgumentException.class);
            }
        }
    }
}
