package io.greptime.jdbc.arrow.jsonb;

import java.util.Random;

/** Random JSON documents for property tests: every kind of value, nesting, odd strings and numbers. */
final class RandomJson {
    private RandomJson() {}

    private static final String[] STRINGS = {
        "",
        "a",
        "host",
        "\\\"",
        "\\\\",
        "\\n\\t",
        "\\u00e9",
        "\\ud83d\\ude00",
        "\\u0000",
        "测试",
        "a b",
        "\\uD800",
        "\\u0301"
    };

    private static final String[] NUMBERS = {
        "0",
        "-0",
        "1",
        "-1",
        "127",
        "-129",
        "65536",
        "-2147483649",
        "18446744073709551615",
        "18446744073709551616",
        "0.5",
        "-1.25e-7",
        "3.141592653589793",
        "1e300",
        "6.02e23",
        "-0.0"
    };

    static String document(Random random, int depth) {
        int kind = random.nextInt(depth <= 0 ? 5 : 7);
        switch (kind) {
            case 0:
                return "null";
            case 1:
                return random.nextBoolean() ? "true" : "false";
            case 2:
                return NUMBERS[random.nextInt(NUMBERS.length)];
            case 3:
            case 4:
                return "\"" + STRINGS[random.nextInt(STRINGS.length)] + "\"";
            case 5:
                return array(random, depth);
            default:
                return object(random, depth);
        }
    }

    private static String array(Random random, int depth) {
        StringBuilder out = new StringBuilder("[");
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            out.append(i > 0 ? "," : "").append(document(random, depth - 1));
        }
        return out.append(']').toString();
    }

    private static String object(Random random, int depth) {
        StringBuilder out = new StringBuilder("{");
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            out.append(i > 0 ? "," : "")
                    .append('"')
                    .append(STRINGS[random.nextInt(STRINGS.length)])
                    .append("\":")
                    .append(document(random, depth - 1));
        }
        return out.append('}').toString();
    }
}
