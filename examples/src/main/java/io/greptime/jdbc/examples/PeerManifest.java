package io.greptime.jdbc.examples;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a peer program (GreptimeDB's official Python or Go client, in {@code peers/}) says it wrote and
 * what it expects the server to hold, parsed from its tab-separated output (the line kinds are described
 * in {@code peers/python/peer.py}).
 */
final class PeerManifest {
    /** One table a peer wrote: its columns as {@code name:TYPE:SEMANTIC[:p,s]} and its expected rows. */
    record Table(String name, String path, List<Column> columns, List<String[]> rows) {}

    /** A column of a peer table: GreptimeDB's ColumnDataType name and semantic type. */
    record Column(String name, String type, String semantic) {}

    /** A request that had to succeed or fail, with what the peer saw. */
    record Check(String name, boolean refused, String message) {}

    final Map<String, Table> tables = new LinkedHashMap<>();
    final List<Check> checks = new ArrayList<>();
    final List<String> errors = new ArrayList<>();
    final List<String> skips = new ArrayList<>();
    final List<String> other = new ArrayList<>();

    /** Takes one output line of the peer; lines it does not know are kept for the log. */
    void accept(String line) {
        String[] f = line.split("\t", -1);
        switch (f[0]) {
            case "TABLE" -> tables.put(f[1], new Table(f[1], f[2], columns(f[3]), new ArrayList<>()));
            case "ROW" -> table(f[1]).rows().add(java.util.Arrays.copyOfRange(f, 2, f.length));
            case "ACCEPTED" -> checks.add(new Check(f[1], false, ""));
            case "REFUSED" -> checks.add(new Check(f[1], true, f.length > 2 ? f[2] : ""));
            case "ERROR" -> errors.add(f[1] + ": " + (f.length > 2 ? f[2] : ""));
            case "SKIP" -> skips.add(f[1] + ": " + (f.length > 2 ? f[2] : ""));
            case "WROTE" -> {}
            default -> other.add(line);
        }
    }

    private Table table(String name) {
        Table t = tables.get(name);
        if (t == null) {
            throw new IllegalStateException("peer sent ROW for undeclared table " + name);
        }
        return t;
    }

    private static List<Column> columns(String specs) {
        List<Column> out = new ArrayList<>();
        for (String spec : specs.trim().split(" +")) {
            String[] p = spec.split(":");
            out.add(new Column(p[0], p[1], p[2]));
        }
        return out;
    }
}
