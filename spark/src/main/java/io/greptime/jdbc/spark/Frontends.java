package io.greptime.jdbc.spark;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Spreads partitions over the frontends of a multi-host URL: partition {@code p} of a URL with hosts
 * {@code h0,h1,h2} connects to {@code h(p mod 3)} first, with the others after it in URL order for failover,
 * and (unless the URL says otherwise) {@code failoverPolicy=sticky} so that the whole partition stays on its
 * frontend while it answers.
 */
final class Frontends {
    private static final String PREFIX = "jdbc:greptime://";

    private Frontends() {}

    /** The URL {@code partition} connects with; the URL itself for a single host, a unix socket, or p < 0. */
    static String forPartition(String url, int partition) {
        if (partition < 0 || !url.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return url;
        }
        int start = PREFIX.length();
        int end = start;
        while (end < url.length() && url.charAt(end) != '/' && url.charAt(end) != '?') {
            end++;
        }
        List<String> hosts =
                new ArrayList<>(Arrays.asList(url.substring(start, end).split(",", -1)));
        if (hosts.size() < 2) {
            return url;
        }
        int first = partition % hosts.size();
        List<String> rotated = new ArrayList<>(hosts.subList(first, hosts.size()));
        rotated.addAll(hosts.subList(0, first));
        String rest = url.substring(end);
        return url.substring(0, start) + String.join(",", rotated) + withStickyPolicy(rest);
    }

    /** All hosts of the URL, in order (one element for a single-host or unix-socket URL). */
    static List<String> hosts(String url) {
        if (!url.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            return List.of(url);
        }
        int start = PREFIX.length();
        int end = start;
        while (end < url.length() && url.charAt(end) != '/' && url.charAt(end) != '?') {
            end++;
        }
        return List.of(url.substring(start, end).split(",", -1));
    }

    private static String withStickyPolicy(String pathAndQuery) {
        String lower = pathAndQuery.toLowerCase(Locale.ROOT);
        if (lower.contains("failoverpolicy=") || lower.contains("queryfailoverpolicy=")) {
            return pathAndQuery;
        }
        return pathAndQuery + (pathAndQuery.contains("?") ? "&" : "?") + "failoverPolicy=sticky";
    }
}
