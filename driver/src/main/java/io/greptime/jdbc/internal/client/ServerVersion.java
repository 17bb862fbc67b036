package io.greptime.jdbc.internal.client;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A GreptimeDB release as {@code information_schema.build_info.pkg_version} (or {@code version()}) spells
 * it: {@code 0.14.4}, {@code 1.0.0-beta.3}, {@code 1.2.0-nightly-20260706}, {@code 1.3.0}. Only major,
 * minor, patch and whether it is a pre-release matter to the driver: a pre-release orders before its
 * release, and pre-releases of one version compare by their beta number where they have one.
 */
public final class ServerVersion implements Comparable<ServerVersion> {
    private static final Pattern FORM =
            Pattern.compile("v?(\\d{1,4})\\.(\\d{1,4})\\.(\\d{1,6})(?:-([0-9A-Za-z.-]{1,64}))?");
    private static final Pattern BETA = Pattern.compile("beta\\.?(\\d{1,4})");

    private final int major;
    private final int minor;
    private final int patch;
    /** Null for a release; otherwise the text after '-'. */
    private final String preRelease;

    private ServerVersion(int major, int minor, int patch, String preRelease) {
        this.major = major;
        this.minor = minor;
        this.patch = patch;
        this.preRelease = preRelease;
    }

    /** {@code major.minor.patch} as a release. */
    public static ServerVersion of(int major, int minor, int patch) {
        return new ServerVersion(major, minor, patch, null);
    }

    /**
     * Parses a version string; empty when it is not of GreptimeDB's form (callers then assume the most
     * conservative capabilities, never the newest). Surrounding text such as {@code "GreptimeDB 1.1.4"} is
     * not accepted: a product that reports something else is not a GreptimeDB the driver knows.
     */
    public static Optional<ServerVersion> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new ServerVersion(
                Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), m.group(4)));
    }

    public int major() {
        return major;
    }

    public int minor() {
        return minor;
    }

    public int patch() {
        return patch;
    }

    public boolean isPreRelease() {
        return preRelease != null;
    }

    /** Whether this is {@code major.minor.patch} or later (a pre-release of it counts as earlier). */
    public boolean atLeast(int major, int minor, int patch) {
        return compareTo(of(major, minor, patch)) >= 0;
    }

    @Override
    public int compareTo(ServerVersion o) {
        int c = Integer.compare(major, o.major);
        if (c == 0) {
            c = Integer.compare(minor, o.minor);
        }
        if (c == 0) {
            c = Integer.compare(patch, o.patch);
        }
        if (c != 0) {
            return c;
        }
        if (preRelease == null || o.preRelease == null) {
            return preRelease == null ? (o.preRelease == null ? 0 : 1) : -1;
        }
        return Integer.compare(betaNumber(), o.betaNumber());
    }

    /** The beta number of a pre-release, or 0 (nightlies and other tags sort before beta.1). */
    private int betaNumber() {
        Matcher m = BETA.matcher(preRelease.toLowerCase(Locale.ROOT));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServerVersion && compareTo((ServerVersion) o) == 0;
    }

    @Override
    public int hashCode() {
        return (major * 1_000 + minor) * 100_000 + patch;
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch + (preRelease == null ? "" : "-" + preRelease);
    }
}
