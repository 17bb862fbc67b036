package io.greptime.jdbc.internal.jdbc;

import java.util.List;

/** The hostile-string corpus for tests in other packages. */
public final class HostileStringsAccess {
    private HostileStringsAccess() {}

    public static List<String> corpus(int random) {
        return HostileStrings.corpus(random);
    }
}
