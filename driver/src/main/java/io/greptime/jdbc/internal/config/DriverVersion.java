package io.greptime.jdbc.internal.config;

/**
 * The driver's name and version. They live here rather than only in {@code GreptimeDriver} (which re-exports
 * them) because the metadata and tracing code that reports them sit below the driver entry point: reading them
 * from {@code GreptimeDriver} closed a cycle GreptimeDriver → ConnectionImpl → GreptimeDatabaseMetaData →
 * GreptimeDriver.
 */
public final class DriverVersion {
    /** The driver's name as DatabaseMetaData reports it. */
    public static final String NAME = "GreptimeDB JDBC Driver";

    public static final int MAJOR = 0;
    public static final int MINOR = 1;
    public static final String VERSION = MAJOR + "." + MINOR + ".0";

    private DriverVersion() {}
}
