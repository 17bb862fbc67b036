package io.greptime.jdbc.tck.sqlness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Replays every case of a sqlness folder, each against a fresh target so cases cannot see each other's
 * tables, and reads the pass list that names the cases which must match completely.
 */
public final class SqlnessSuite {
    private SqlnessSuite() {}

    /** Case names: paths relative to {@code dir} without the {@code .sql} suffix, '/'-separated, sorted. */
    public static List<String> caseNames(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".sql"))
                    .map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .map(name -> name.substring(0, name.length() - ".sql".length()))
                    .sorted()
                    .toList();
        }
    }

    /** Replays all cases under {@code dir}; {@code freshTarget} is called once per case and closed after it. */
    public static SqlnessReport run(Path dir, Supplier<SqlnessExecutor> freshTarget) throws IOException {
        List<SqlnessReplayer.CaseResult> results = new ArrayList<>();
        for (String name : caseNames(dir)) {
            try (SqlnessExecutor executor = freshTarget.get()) {
                results.add(new SqlnessReplayer(executor)
                        .replay(name, dir.resolve(name + ".sql"), dir.resolve(name + ".result")));
            }
        }
        return new SqlnessReport(results);
    }

    /**
     * Reads a pass list: one case per line (with or without {@code .sql}), {@code #} starts a comment,
     * blank lines ignored.
     */
    public static List<String> readPassList(String text) {
        List<String> names = new ArrayList<>();
        for (String line : text.split("\n")) {
            int hash = line.indexOf('#');
            String name = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (name.endsWith(".sql")) {
                name = name.substring(0, name.length() - ".sql".length());
            }
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        return names;
    }

    /** Reads a pass list file. */
    public static List<String> readPassList(Path file) {
        try {
            return readPassList(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
