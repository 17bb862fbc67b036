package io.greptime.jdbc.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeProperty;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PropertyTableTest {
    private static final Path DOC = Path.of("PROPERTIES.md");
    // surefire runs in driver/; the README is the project's
    private static final Path README = Path.of("..", "README.md");

    @Test
    void propertiesMd_matchesTheRegistry() throws Exception {
        String expected = PropertyTable.render();
        if (Boolean.getBoolean("greptime.updateDocs")) {
            Files.writeString(DOC, expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(DOC, StandardCharsets.UTF_8))
                .as("driver/PROPERTIES.md is out of date; rerun this test with -Dgreptime.updateDocs=true")
                .isEqualTo(expected);
    }

    @Test
    void readme_embedsTheCommonPropertiesGeneratedFromTheRegistry() throws Exception {
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        String expected = PropertyTable.embedIn(readme);
        if (Boolean.getBoolean("greptime.updateDocs")) {
            Files.writeString(README, expected, StandardCharsets.UTF_8);
            readme = expected;
        }
        assertThat(readme)
                .as("README.md's property table is out of date; rerun this test with -Dgreptime.updateDocs=true")
                .isEqualTo(expected)
                .contains(PropertyTable.README_START + "\n" + PropertyTable.commonTable() + PropertyTable.README_END)
                .as("the README points to the whole table")
                .contains("(driver/PROPERTIES.md)");
    }

    @Test
    void embedIn_replacesOnlyTheTextBetweenTheMarkers() {
        String readme =
                "intro\n" + PropertyTable.README_START + "\nold table\n" + PropertyTable.README_END + "\nrest\n";
        assertThat(PropertyTable.embedIn(readme))
                .isEqualTo("intro\n" + PropertyTable.README_START + "\n" + PropertyTable.commonTable()
                        + PropertyTable.README_END + "\nrest\n");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PropertyTable.embedIn("no markers"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void commonTable_listsOnlyTheChosenProperties_inTheirOrder() {
        String common = PropertyTable.commonTable();
        java.util.List<String> keys = common.lines()
                .filter(l -> l.startsWith("| `"))
                .map(l -> l.substring(3, l.indexOf('`', 3)))
                .toList();
        assertThat(keys)
                .containsExactly(
                        "user",
                        "password",
                        "database",
                        "timezone",
                        "connectTimeout",
                        "queryTimeout",
                        "tls",
                        "compression",
                        "bulkWrites",
                        "bulkWindow",
                        "failoverPolicy",
                        "discoverFrontends",
                        "logging");
        assertThat(PropertyTable.table()).contains(common.lines().skip(2).toList());
    }

    @Test
    void table_hasOneRowPerProperty() {
        String doc = PropertyTable.render();
        for (GreptimeProperty p : GreptimeProperty.values()) {
            assertThat(doc).contains("| `" + p.key() + "` |");
        }
        long rows = doc.lines().filter(l -> l.startsWith("| `")).count();
        assertThat(rows).isEqualTo(GreptimeProperty.values().length);
    }
}
