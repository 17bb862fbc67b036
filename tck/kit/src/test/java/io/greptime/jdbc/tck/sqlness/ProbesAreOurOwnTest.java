package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The probe cases are written here, not taken from GreptimeDB's sqlness corpus (which is read at test time from
 * the shared folder and never copied): no probe statement may be a statement of the corpus. Statements of a few
 * words (a DROP TABLE, a plain SELECT of one literal) may coincide by nature and are not compared.
 */
class ProbesAreOurOwnTest {

    @Test
    void noProbeStatementIsACorpusStatement() throws IOException, URISyntaxException {
        Path corpus = SharedCases.directory();
        assumeTrue(corpus != null, "GreptimeDB sqlness cases not found (" + SharedCases.describe() + ")");
        Set<String> corpusStatements = new HashSet<>();
        for (Path file : SharedCases.sqlFiles(corpus).toList()) {
            corpusStatements.addAll(statements(file));
        }
        Path probes = Path.of(ProbesAreOurOwnTest.class.getResource("/probes").toURI());
        List<String> copied = new ArrayList<>();
        int compared = 0;
        for (Path file : SharedCases.sqlFiles(probes).toList()) {
            for (String statement : statements(file)) {
                if (statement.split(" ").length < 6) {
                    continue;
                }
                compared++;
                if (corpusStatements.contains(statement)) {
                    copied.add(probes.relativize(file) + ": " + statement);
                }
            }
        }
        assertThat(compared).as("probe statements compared").isGreaterThan(100);
        assertThat(copied).as("probe statements found in GreptimeDB's corpus").isEmpty();
    }

    /** The file's statements, each with its lines joined by one space, blanks collapsed, lower-cased. */
    private static List<String> statements(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        for (SqlnessStatement s : CaseParser.parseStatements(Files.readString(file, StandardCharsets.UTF_8))) {
            out.add(s.sql().replaceAll("\\s+", " ").strip().toLowerCase(Locale.ROOT));
        }
        return out;
    }
}
