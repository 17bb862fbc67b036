package io.greptime.jdbc.arrow.jsonb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bytes worked out by hand from the jsonb crate 0.4 layout (see {@link JsonbFormat}), checked in both
 * directions: {@code encode} must write exactly them and {@code decode} must print the canonical text.
 *
 * <p>Notation: {@code H(x)} is a container header, {@code J(t,len)} a JEntry; all big-endian u32.
 * Header tags: scalar 0x20000000, object 0x40000000, array 0x80000000, low 29 bits = element count
 * (0 for a scalar). JEntry: type in bits 28-30 (null 0x0, string 0x1, number 0x2, false 0x3, true 0x4,
 * container 0x5), data length in the low 28 bits. Numbers: type byte then big-endian payload.
 */
class JsonbGoldenBytesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
          # text                   | canonical text           | hex
          # null: H(scalar) J(null,0); no data
          null                     | null                     | 2000000000000000
          # true: J(true,0) = 0x40000000
          true                     | true                     | 2000000040000000
          # false: J(false,0) = 0x30000000
          false                    | false                    | 2000000030000000
          # 0 parses as UInt64(0); zero of any class is the single byte 0x00 -> J(number,1)
          0                        | 0                        | 200000002000000100
          # -0 parses as Int64(0), so also 0x00, and prints as 0
          -0                       | 0                        | 200000002000000100
          # 1: UInt64, fits u8 -> 0x50 0x01, J(number,2) = 0x20000002
          1                        | 1                        | 20000000200000025001
          # -1: Int64, fits i8 -> 0x40 0xFF
          -1                       | -1                       | 2000000020000002 40FF
          # 255 fits u8; 256 needs u16 -> 0x50 0x0100, J(number,3)
          255                      | 255                      | 200000002000000250FF
          256                      | 256                      | 2000000020000003 500100
          # -128 fits i8 (0x80); -129 needs i16 (0xFF7F)
          -128                     | -128                     | 2000000020000002 4080
          -129                     | -129                     | 2000000020000003 40FF7F
          # 70000 = 0x00011170 needs u32 -> J(number,5)
          70000                    | 70000                    | 2000000020000005 5000011170
          # 2^32 = 4294967296 needs u64 -> J(number,9)
          4294967296               | 4294967296               | 2000000020000009 500000000100000000
          # u64 max stays an unsigned integer
          18446744073709551615     | 18446744073709551615     | 2000000020000009 50FFFFFFFFFFFFFFFF
          # i64 min: Int64 0x8000000000000000
          -9223372036854775808     | -9223372036854775808     | 2000000020000009 408000000000000000
          # u64 max + 1 overflows to a double 2^64 = 0x43F0000000000000 (printed like GreptimeDB's
          # json_precision_loss case: 1.8446744073709552e19)
          18446744073709551616     | 1.8446744073709552e19    | 2000000020000009 6043F0000000000000
          # 1.5 = 0x3FF8000000000000 -> 0x60 + 8 bytes, J(number,9)
          1.5                      | 1.5                      | 2000000020000009 603FF8000000000000
          # 1.0 is a double (it has a fraction) and prints with its .0
          1.0                      | 1.0                      | 2000000020000009 603FF0000000000000
          # 1E2 has an exponent, so it is the double 100 = 0x4059000000000000
          1E2                      | 100.0                    | 2000000020000009 604059000000000000
          # -0.0 keeps its sign bit
          -0.0                     | -0.0                     | 2000000020000009 608000000000000000
          # 1e400 overflows to +infinity: bare type byte 0x20, printed as the crate prints it
          1e400                    | inf                      | 200000002000000120
          -1e400                   | -inf                     | 200000002000000130
          # "ab": J(string,2) = 0x10000002, data 61 62
          '"ab"'                   | '"ab"'                   | 2000000010000002 6162
          # "é" is U+00E9 = UTF-8 C3 A9
          '"\\u00e9"'              | '"é"'                    | 2000000010000002 C3A9
          # "" : J(string,0)
          '""'                     | '""'                     | 2000000010000000
          # []: H(array,0), nothing else
          []                       | []                       | 80000000
          # {}: H(object,0)
          '{}'                     | '{}'                     | 40000000
          # [1,"a"]: H(array,2) J(number,2) J(string,1) | 50 01 | 61
          '[1,"a"]'                | '[1,"a"]'                | 80000002 20000002 10000001 5001 61
          # {"b":1,"a":true}: keys sorted a,b. H(object,2) J(string,1) J(string,1) J(true,0)
          #   J(number,2) | 61 62 | 50 01
          '{"b":1,"a":true}'       | '{"a":true,"b":1}'       | 40000002 10000001 10000001 40000000 20000002 6162 5001
          # {"a":[null]}: inner [null] = H(array,1) J(null,0) = 8 bytes, so the value is
          #   J(container,8) = 0x50000008
          '{"a":[null]}'           | '{"a":[null]}'           | 40000001 10000001 50000008 61 8000000100000000
          # duplicate key: the last value wins (BTreeMap insert)
          '{"k":1,"k":2}'          | '{"k":2}'                | 40000001 10000001 20000002 6B 5002
          # [[],{}]: two 4-byte containers: J(container,4) twice
          '[[],{}]'                | '[[],{}]'                | 80000002 50000004 50000004 80000000 40000000
          """)
    void encode_writesHandDerivedBytes_andDecodePrintsCanonicalText(String text, String canonical, String hex) {
        byte[] expected = HexFormat.of().parseHex(hex.replace(" ", ""));

        assertThat(HexFormat.of().formatHex(Jsonb.encode(text)))
                .isEqualTo(HexFormat.of().formatHex(expected));
        assertThat(Jsonb.decode(expected)).isEqualTo(canonical);
    }
}
