package io.greptime.jdbc.internal.jdbc;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Strings built to break naive literal rendering: quotes, escapes, comment markers, NUL, unicode. */
final class HostileStrings {
    private static final String[] PIECES = {
        "'",
        "''",
        "\\",
        "\\'",
        "\"",
        "`",
        "--",
        "/*",
        "*/",
        ";",
        "?",
        "\0",
        "\n",
        "\r",
        "\t",
        "é",
        "漢字",
        "😀",
        "\u2028",
        "'; DROP TABLE x; --",
        "$$",
        "%",
        "_",
        " ",
        "a",
        "0x",
        "X'00'",
        "E'"
    };

    private HostileStrings() {}

    /** A fixed corpus plus {@code random} seeded random combinations (same every run). */
    static List<String> corpus(int random) {
        List<String> out = new ArrayList<>(List.of(PIECES));
        out.add("");
        out.add("'; DROP TABLE x; --");
        out.add("\\'; SELECT 1; --");
        out.add("*/ SELECT 1 /*");
        Random rnd = new Random(20261130L);
        for (int i = 0; i < random; i++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + rnd.nextInt(8);
            for (int k = 0; k < n; k++) {
                sb.append(PIECES[rnd.nextInt(PIECES.length)]);
            }
            out.add(sb.toString());
        }
        return out;
    }
}
