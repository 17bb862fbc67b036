package io.greptime.jdbc.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeProperty;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PropertyTableTest {
  private static final Path DOC = Path.of("PROPERTIES.md");

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
  void table_hasOneRowPerProperty() {
    String doc = PropertyTable.render();
    for (GreptimeProperty p : GreptimeProperty.values()) {
      assertThat(doc).contains("| `" + p.key() + "` |");
    }
    long rows = doc.lines().filter(l -> l.startsWith("| `")).count();
    assertThat(rows).isEqualTo(GreptimeProperty.values().length);
  }
}
