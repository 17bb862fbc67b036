package io.greptime.jdbc.tck.engine.duckdb.functions;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;

/**
 * GreptimeDB's IP-address functions (src/common/function/src/scalars/ip: ipv4.rs, ipv6.rs, cidr.rs,
 * range.rs) over text, with Rust's address parsing (dotted quads of four decimal octets without leading
 * zeros; IPv6 with one {@code ::} and an optional trailing dotted quad) and its errors: an argument error
 * reads {@code External error: Invalid function args: ...}, an execution error {@code Execution error: ...}.
 */
public final class IpFunctions {
    private IpFunctions() {}

    static GreptimeError invalidArgs(String msg) {
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "External error: Invalid function args: " + msg);
    }

    static GreptimeError execution(String msg) {
        return new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Execution error: " + msg);
    }

    /** ipv4_num_to_string (alias inet_ntoa): a UInt32 as a dotted quad. */
    public static String ipv4NumToString(Long n) {
        return ((n >> 24) & 0xFF) + "." + ((n >> 16) & 0xFF) + "." + ((n >> 8) & 0xFF) + "." + (n & 0xFF);
    }

    /** ipv4_string_to_num: a dotted quad as its UInt32 value. */
    public static Long ipv4StringToNum(String s) {
        Long v = ipv4(s);
        if (v == null) {
            throw invalidArgs("Invalid IPv4 address format: " + s);
        }
        return v;
    }

    /** Rust's Ipv4Addr::from_str: four decimal octets of at most 255, no leading zeros; null when not one. */
    static Long ipv4(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        long v = 0;
        for (String p : parts) {
            if (p.isEmpty()
                    || p.length() > 3
                    || (p.length() > 1 && p.charAt(0) == '0')
                    || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return null;
            }
            int octet = Integer.parseInt(p);
            if (octet > 255) {
                return null;
            }
            v = (v << 8) | octet;
        }
        return v;
    }

    /**
     * ipv4_to_cidr: the address masked to {@code mask} bits, or (mask < 0: one argument, or a NULL mask) to
     * the prefix its written form implies: 8, 16 or 24 for one to three numbers, else the trailing zero bytes.
     */
    public static String ipv4ToCidr(String ip, Long mask) {
        if (ip.isEmpty()) {
            throw execution("empty IPv4 address");
        }
        int dots = (int) ip.chars().filter(c -> c == '.').count();
        String completed = switch (dots) {
            case 0 -> ip + ".0.0.0";
            case 1 -> ip + ".0.0";
            case 2 -> ip + ".0";
            default -> ip;
        };
        Long bits = ipv4(completed);
        if (bits == null) {
            throw invalidArgs("Invalid IPv4 address: " + ip);
        }
        long prefix = mask >= 0 ? mask : autoPrefix(bits, dots);
        // cidr.rs: u32::MAX.wrapping_shl(32 - mask), whose shift counts modulo 32: a /0 mask keeps every bit
        long maskBits = (0xFFFFFFFFL << ((32 - (int) prefix) & 31)) & 0xFFFFFFFFL;
        return ipv4NumToString(bits & maskBits) + "/" + prefix;
    }

    private static long autoPrefix(long bits, int dots) {
        return switch (dots) {
            case 0 -> 8;
            case 1 -> 16;
            case 2 -> 24;
            default -> {
                int zeros = bits == 0 ? 32 : Long.numberOfTrailingZeros(bits);
                yield zeros % 8 == 0 ? 32 - zeros : 32 - (zeros / 8) * 8;
            }
        };
    }

    /** ipv4_in_range: whether the address lies in the CIDR range. */
    public static Boolean ipv4InRange(String ip, String range) {
        if (ip.isEmpty() || range.isEmpty()) {
            throw execution("IP address or CIDR range cannot be empty");
        }
        Long addr = ipv4(ip);
        if (addr == null) {
            throw invalidArgs("Invalid IPv4 address: " + ip);
        }
        String[] parts = range.split("/", -1);
        if (parts.length != 2) {
            throw invalidArgs("Invalid CIDR notation: " + range);
        }
        Long base = ipv4(parts[0]);
        if (base == null) {
            throw invalidArgs("Invalid IPv4 address in CIDR: " + parts[0]);
        }
        int prefix = prefix(parts[1], 32);
        long mask = prefix == 0 ? 0 : (0xFFFFFFFFL << (32 - prefix)) & 0xFFFFFFFFL;
        return (addr & mask) == (base & mask);
    }

    /** A prefix length as Rust's u8 parse reads it, at most {@code max}. */
    static int prefix(String text, int max) {
        int p;
        try {
            p = text.startsWith("-") ? -1 : Integer.parseInt(text.startsWith("+") ? text.substring(1) : text);
        } catch (NumberFormatException e) {
            p = -1;
        }
        if (p < 0 || p > 255) {
            throw invalidArgs("Invalid prefix length: " + text);
        }
        if (p > max) {
            throw invalidArgs("IPv" + (max == 32 ? 4 : 6) + " prefix length must be <= " + max + ", got " + p);
        }
        return p;
    }

    /** ipv6_num_to_string: 32 hex digits as an IPv6 address, IPv4-mapped ones as ::ffff:a.b.c.d. */
    public static String ipv6NumToString(String hex) {
        String h = hex.toLowerCase(java.util.Locale.ROOT);
        if (h.length() != 32) {
            throw execution("expecting 32 hex characters, got " + h.length());
        }
        byte[] b = new byte[16];
        for (int i = 0; i < 16; i++) {
            String pair = h.substring(i * 2, i * 2 + 2);
            if (!pair.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
                throw invalidArgs("Invalid hex characters in '" + pair + "'");
            }
            b[i] = (byte) Integer.parseInt(pair, 16);
        }
        return Ipv6Text.format(b);
    }

    /** ipv6_string_to_num: an IPv6 (or IPv4, mapped) address as its 16 bytes. */
    public static byte[] ipv6StringToNum(String s) {
        byte[] b = Ipv6Text.parse(s);
        if (b != null) {
            return b;
        }
        Long v4 = ipv4(s);
        if (v4 == null) {
            throw execution("Invalid IPv6 address format: " + s);
        }
        b = new byte[16];
        b[10] = (byte) 0xFF;
        b[11] = (byte) 0xFF;
        for (int i = 0; i < 4; i++) {
            b[12 + i] = (byte) (v4 >> (24 - 8 * i));
        }
        return b;
    }

    /** ipv6_in_range: whether the address lies in the CIDR range. */
    public static Boolean ipv6InRange(String ip, String range) {
        if (ip.isEmpty() || range.isEmpty()) {
            throw execution("IP address or CIDR range cannot be empty");
        }
        byte[] addr = Ipv6Text.parse(ip);
        if (addr == null) {
            throw invalidArgs("Invalid IPv6 address: " + ip);
        }
        String[] parts = range.split("/", -1);
        if (parts.length != 2) {
            throw invalidArgs("Invalid CIDR notation: " + range);
        }
        byte[] base = Ipv6Text.parse(parts[0]);
        if (base == null) {
            throw invalidArgs("Invalid IPv6 address in CIDR: " + parts[0]);
        }
        int prefix = prefix(parts[1], 128);
        for (int bit = 0; bit < prefix; bit++) {
            int mask = 0x80 >> (bit % 8);
            if ((addr[bit / 8] & mask) != (base[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    /**
     * ipv6_to_cidr: the address (completed with {@code ::} when cut short) masked to {@code mask} bits, or
     * (mask < 0) to the prefix cidr.rs infers: /32 for 2001:db8::, /128 for ::1, /16 for fe80::, else up to
     * the last non-zero group (a half group when its low byte is zero), at least 64 when that is below 16.
     */
    public static String ipv6ToCidr(String ip, Long mask) {
        if (ip.isEmpty()) {
            throw execution("empty IPv6 address");
        }
        byte[] addr = Ipv6Text.parse(ip);
        if (addr == null) {
            String completed = ip.endsWith(":") ? ip + ":" : !ip.contains("::") ? ip + "::" : ip;
            addr = Ipv6Text.parse(completed);
        }
        if (addr == null) {
            throw invalidArgs("Invalid IPv6 address: " + ip);
        }
        int prefix = (int) (mask >= 0 ? mask : autoPrefix6(addr));
        byte[] masked = new byte[16];
        for (int i = 0; i < 16; i++) {
            int bit = i * 8;
            if (bit + 8 <= prefix) {
                masked[i] = addr[i];
            } else if (bit < prefix) {
                masked[i] = (byte) (addr[i] & (0xFF << (8 - (prefix - bit))));
            }
        }
        return Ipv6Text.format(masked) + "/" + prefix;
    }

    private static int autoPrefix6(byte[] addr) {
        String text = Ipv6Text.format(addr);
        if (text.startsWith("2001:db8::") || text.startsWith("2001:db8:")) {
            return 32;
        }
        if (text.equals("::1")) {
            return 128;
        }
        if (text.startsWith("fe80::")) {
            return 16;
        }
        int subnet = 128;
        for (int i = 7; i >= 0; i--) {
            int group = ((addr[i * 2] & 0xFF) << 8) | (addr[i * 2 + 1] & 0xFF);
            if (group != 0) {
                subnet = (group & 0xFF) == 0 ? i * 16 + 8 : (i + 1) * 16;
                break;
            }
        }
        return subnet < 16 ? 64 : subnet;
    }
}
