package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.sqlstate.SqlState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One vocabulary (design.md): every SQLState the project's main code raises comes from {@link SqlState}, so a
 * five-character state literal anywhere else in the main sources of proto, flight-bridge, driver, examples,
 * spark, flink, testing and live fails this test with its file:line.
 *
 * <p>Test sources are not scanned: a test that asserts a state keeps the literal, because an expected value
 * must not come from the code under test. tck is not scanned either: it is the embedded server and its
 * conformance suites, which state what any GreptimeDB-compatible driver must answer, independently of this
 * driver's enum.
 *
 * <p>A state literal is a quoted five-character string of digits and capitals that holds a digit and starts
 * with a SQLState class of SQL:2016, ODBC or PostgreSQL. Classes 10, 20 and 30 are left out on purpose: the
 * driver has no reason to raise them, and their class-default states ({@code "10000"}, {@code "20000"},
 * {@code "30000"}) read exactly like GreptimeProperty's round millisecond defaults.
 */
class SqlStateLiteralTest {
    private static final List<String> MODULES =
            List.of("proto", "flight-bridge", "driver", "examples", "spark", "flink", "testing", "live");
    private static final Path ENUM = Path.of("flight-bridge/src/main/java/io/greptime/jdbc/sqlstate/SqlState.java");
    private static final Pattern STATE =
            Pattern.compile("\"((?:0[0-9A-Z]|2[1-9A-H]|3[3-9A-F]|4[0-6]|5[3-8]|72|F0|H[VWYZ]|IM|P0|XX)[0-9A-Z]{3})\"");

    /** The project root: the driver module's tests run with the module folder as working directory. */
    private static Path root() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isDirectory(here.resolve("flight-bridge")) ? here : here.getParent();
    }

    static List<String> stateLiterals(String source) {
        List<String> found = new ArrayList<>();
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = STATE.matcher(lines[i]);
            while (m.find()) {
                if (m.group(1).chars().anyMatch(Character::isDigit)) {
                    found.add((i + 1) + ": " + m.group(1));
                }
            }
        }
        return found;
    }

    private static List<Path> mainSources() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String module : MODULES) {
            Path dir = root().resolve(module).resolve("src/main/java");
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.filter(p -> p.toString().endsWith(".java")).forEach(all::add);
                }
            }
        }
        return all;
    }

    @Test
    void mainSources_holdNoStateLiteralOutsideTheEnum() throws IOException {
        List<Path> sources = mainSources();
        assertThat(sources).as("the scan sees the modules' sources").hasSizeGreaterThan(300);
        List<String> offenders = new ArrayList<>();
        for (Path file : sources) {
            if (file.endsWith(ENUM)) {
                continue;
            }
            for (String hit : stateLiterals(Files.readString(file))) {
                offenders.add(root().relativize(file) + ":" + hit);
            }
        }
        assertThat(offenders).as("use io.greptime.jdbc.sqlstate.SqlState").isEmpty();
    }

    @Test
    void theScan_seesEveryCodeOfTheEnum() throws IOException {
        // the enum is the one file allowed to spell the codes: the scan must find each of them there
        List<String> inEnum = stateLiterals(Files.readString(root().resolve(ENUM)));
        assertThat(inEnum).hasSize(SqlState.values().length);
    }

    @Test
    void theScan_flagsStatesAndLeavesLookAlikesAlone() {
        assertThat(stateLiterals("throw new SQLException(m, \"08006\");\nx = \"42S02\"; y = \"HYT00\";"))
                .containsExactly("1: 08006", "2: 42S02", "2: HYT00");
        assertThat(stateLiterals("\"INT64\" \"UINT8\" \"FLOAT\" \"10000\" \"20000\" \"65536\" \"SLF4J\" \"0100\""))
                .isEmpty();
    }

    @Test
    void codes_areFiveCharactersAndDistinct() {
        assertThat(Stream.of(SqlState.values()).map(SqlState::code))
                .allMatch(c -> c.matches("[0-9A-Z]{5}"))
                .doesNotHaveDuplicates();
    }
}
