package io.greptime.jdbc.tck.engine.duckdb.functions;

/**
 * IPv6 text as Rust's std reads and writes it: parsing takes eight hex groups of at most four digits, one
 * {@code ::} standing for one or more zero groups, and a dotted quad in place of the last two groups;
 * formatting compresses the longest run of two or more zero groups (the first of equal runs), writes
 * lowercase hex, and an IPv4-mapped address as {@code ::ffff:a.b.c.d}.
 */
final class Ipv6Text {
    private Ipv6Text() {}

    /** The 16 bytes of {@code s}, or null when it is not an IPv6 address. */
    static byte[] parse(String s) {
        int gap = s.indexOf("::");
        if (gap >= 0 && s.indexOf("::", gap + 1) >= 0) {
            return null;
        }
        int[] head = gap >= 0 ? groups(s.substring(0, gap), false) : groups(s, true);
        int[] tail = gap >= 0 ? groups(s.substring(gap + 2), true) : new int[0];
        if (head == null || tail == null) {
            return null;
        }
        int count = head.length + tail.length;
        if (gap >= 0 ? count > 7 : count != 8) {
            return null;
        }
        byte[] b = new byte[16];
        for (int i = 0; i < head.length; i++) {
            put(b, i, head[i]);
        }
        for (int i = 0; i < tail.length; i++) {
            put(b, 8 - tail.length + i, tail[i]);
        }
        return b;
    }

    private static void put(byte[] b, int group, int v) {
        b[group * 2] = (byte) (v >> 8);
        b[group * 2 + 1] = (byte) v;
    }

    /** Colon-separated hex groups; with {@code lastMayBeV4}, a dotted quad at the end counts as two. */
    private static int[] groups(String s, boolean lastMayBeV4) {
        if (s.isEmpty()) {
            return new int[0];
        }
        String[] parts = s.split(":", -1);
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            if (lastMayBeV4 && i == parts.length - 1 && p.contains(".")) {
                Long v4 = IpFunctions.ipv4(p);
                if (v4 == null) {
                    return null;
                }
                out.add((int) (v4 >> 16));
                out.add((int) (v4 & 0xFFFF));
                continue;
            }
            if (p.isEmpty() || p.length() > 4 || !p.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                return null;
            }
            out.add(Integer.parseInt(p, 16));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    static String format(byte[] b) {
        int[] g = new int[8];
        for (int i = 0; i < 8; i++) {
            g[i] = ((b[i * 2] & 0xFF) << 8) | (b[i * 2 + 1] & 0xFF);
        }
        if (g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0 && g[4] == 0 && g[5] == 0xFFFF) {
            return "::ffff:" + (b[12] & 0xFF) + "." + (b[13] & 0xFF) + "." + (b[14] & 0xFF) + "." + (b[15] & 0xFF);
        }
        int bestStart = -1;
        int bestLen = 1;
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && g[j] == 0) {
                j++;
            }
            if (j - i > bestLen) {
                bestStart = i;
                bestLen = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                sb.append("::");
                i += bestLen - 1;
                continue;
            }
            if (sb.length() > 0 && sb.charAt(sb.length() - 1) != ':') {
                sb.append(':');
            }
            sb.append(Integer.toHexString(g[i]));
        }
        return sb.toString();
    }
}
