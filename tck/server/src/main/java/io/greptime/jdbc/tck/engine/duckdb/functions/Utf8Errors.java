package io.greptime.jdbc.tck.engine.duckdb.functions;

/**
 * Where UTF-8 validation fails as Rust's {@code std::str::from_utf8} reports it (the text of errors that
 * GreptimeDB passes through from Arrow's casts): the index of the first byte of the bad sequence, and the
 * error length, the number of bytes that form no character there (0 when the input ends inside a sequence).
 */
public final class Utf8Errors {
    private Utf8Errors() {}

    /** {index, length} of the first invalid sequence, or null when the bytes are UTF-8. */
    public static int[] first(byte[] b) {
        int i = 0;
        while (i < b.length) {
            int lead = b[i] & 0xff;
            if (lead < 0x80) {
                i++;
                continue;
            }
            int width = lead >= 0xc2 && lead <= 0xdf
                    ? 2
                    : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
            if (width == 0) {
                return new int[] {i, 1};
            }
            for (int k = 1; k < width; k++) {
                if (i + k >= b.length) {
                    return new int[] {i, 0};
                }
                int c = b[i + k] & 0xff;
                boolean ok = k == 1 ? secondOk(lead, c) : c >= 0x80 && c <= 0xbf;
                if (!ok) {
                    return new int[] {i, k};
                }
            }
            i += width;
        }
        return null;
    }

    /** The second byte's range depends on the lead byte (no overlongs, surrogates or code points past U+10FFFF). */
    private static boolean secondOk(int lead, int c) {
        return switch (lead) {
            case 0xe0 -> c >= 0xa0 && c <= 0xbf;
            case 0xed -> c >= 0x80 && c <= 0x9f;
            case 0xf0 -> c >= 0x90 && c <= 0xbf;
            case 0xf4 -> c >= 0x80 && c <= 0x8f;
            default -> c >= 0x80 && c <= 0xbf;
        };
    }
}
