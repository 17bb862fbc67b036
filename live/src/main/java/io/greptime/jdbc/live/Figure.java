package io.greptime.jdbc.live;

import java.util.LinkedHashMap;
import java.util.Map;

/** One {@code RESULT} line of a {@link BenchClient}, with the server's CPU seconds during it (-1: not known). */
record Figure(long rows, double wall, double cpu, double serverCpu, Map<String, String> fields) {
    static Figure parse(String line, double serverCpu) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String part : line.substring("RESULT ".length()).trim().split("\\s+")) {
            int eq = part.indexOf('=');
            fields.put(part.substring(0, eq), part.substring(eq + 1));
        }
        return new Figure(
                Long.parseLong(fields.get("rows")),
                Double.parseDouble(fields.get("wall")),
                Double.parseDouble(fields.get("cpu")),
                serverCpu,
                fields);
    }

    String field(String name) {
        return fields.getOrDefault(name, "?");
    }
}
