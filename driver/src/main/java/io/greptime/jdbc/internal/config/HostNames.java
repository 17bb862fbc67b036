package io.greptime.jdbc.internal.config;

import java.net.IDN;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;

/**
 * Which hosts a channel can be opened to, decided when the URL is parsed: gRPC builds each channel's
 * authority with {@link URI} and throws {@link IllegalArgumentException} for a host it rejects, which
 * used to escape {@code Driver.connect} instead of an SQLException. A host passes when it is an IPv6
 * literal (in brackets), or, once an internationalised name is turned into its ASCII form, a name or IPv4
 * address that URI accepts as a server authority.
 */
final class HostNames {
    private HostNames() {}

    /** The host as the channel should be given it (IDN names in ASCII), or null when it cannot be used. */
    static String check(String host, boolean bracketed) {
        if (bracketed) {
            return isIpv6Literal(host) && authorityAccepts("[" + host + "]") ? host : null;
        }
        String ascii;
        try {
            ascii = IDN.toASCII(host, IDN.USE_STD3_ASCII_RULES);
        } catch (IllegalArgumentException e) {
            return null;
        }
        return !ascii.isEmpty() && authorityAccepts(ascii) ? ascii : null;
    }

    /** An IPv6 literal, parsed without any name lookup (getByName resolves nothing for a literal). */
    private static boolean isIpv6Literal(String host) {
        if (host.isEmpty() || host.indexOf(':') < 0) {
            return false;
        }
        try {
            InetAddress.getByName("[" + host + "]");
            return true;
        } catch (UnknownHostException | SecurityException e) {
            return false;
        }
    }

    /** The check gRPC makes: a server authority of that host. */
    private static boolean authorityAccepts(String host) {
        try {
            URI uri = new URI(null, null, host, 4001, null, null, null);
            return uri.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
