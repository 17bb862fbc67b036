package io.greptime.jdbc.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of one of the catalog tests' resources (a catalog, its probes or its gap list): blank lines and
 * {@code #} comments left out. A missing resource fails the test that asked for it.
 */
public final class CatalogLines {
    private CatalogLines() {}

    public static List<String> of(String resource) throws IOException {
        InputStream in = CatalogLines.class.getResourceAsStream(resource);
        assertThat(in).as(resource).isNotNull();
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (!l.isBlank() && !l.startsWith("#")) {
                    out.add(l);
                }
            }
        }
        return out;
    }
}
