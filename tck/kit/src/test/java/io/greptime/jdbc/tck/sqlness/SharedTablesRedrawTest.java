package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * Checks the table drawing (widths of wide characters, padding, borders) against every table GreptimeDB
 * printed in the shared cases: each recorded table is cut into its cells, one row per printed line, put
 * into real Utf8 vectors, drawn again and compared with the recorded text.
 */
class SharedTablesRedrawTest {

    @Test
    void render_redrawsEveryRecordedTableIdentically() throws IOException {
        Path dir = SharedCases.directory();
        assumeTrue(dir != null, "shared sqlness folder not present: " + SharedCases.describe());
        int checked = 0;
        try (BufferAllocator allocator = new RootAllocator()) {
            for (String name : SqlnessSuite.caseNames(dir)) {
                List<SqlnessStatement> statements = CaseParser.parseStatements(
                        Files.readString(dir.resolve(name + ".sql"), StandardCharsets.UTF_8));
                List<String> expected = CaseParser.parseExpected(
                        statements, Files.readString(dir.resolve(name + ".result"), StandardCharsets.UTF_8));
                for (int i = 0; i < statements.size(); i++) {
                    List<List<String>> cells = cells(expected.get(i));
                    if (cells == null || !statements.get(i).directives().isEmpty()) {
                        continue;
                    }
                    assertThat(redraw(allocator, cells))
                            .as(name + " statement " + (i + 1))
                            .isEqualTo(expected.get(i));
                    checked++;
                }
            }
        }
        assertThat(checked).as("tables checked").isGreaterThan(100);
    }

    /** Cells of a recorded header+rows table, or null when the answer is not such a table. */
    private static List<List<String>> cells(String answer) {
        if (answer == null || !answer.startsWith("+-")) {
            return null;
        }
        String[] lines = answer.split("\n");
        List<List<String>> rows = new ArrayList<>();
        for (int l = 0; l < lines.length; l++) {
            boolean border = l == 0 || l == 2 || l == lines.length - 1;
            if (border) {
                continue;
            }
            String line = lines[l];
            List<String> row = new ArrayList<>();
            for (String segment : line.substring(1, line.length() - 1).split(" \\|", -1)) {
                row.add(segment.substring(1).stripTrailing());
            }
            if (!rows.isEmpty() && row.size() != rows.get(0).size()) {
                return null; // a cell holds " |": not splittable without knowing the widths
            }
            rows.add(row);
        }
        return rows;
    }

    private static String redraw(BufferAllocator allocator, List<List<String>> cells) {
        List<FieldVector> vectors = new ArrayList<>();
        for (int c = 0; c < cells.get(0).size(); c++) {
            VarCharVector v = new VarCharVector(cells.get(0).get(c), allocator);
            v.allocateNew();
            for (int r = 1; r < cells.size(); r++) {
                v.setSafe(r - 1, cells.get(r).get(c).getBytes(StandardCharsets.UTF_8));
            }
            vectors.add(v);
        }
        try (VectorSchemaRoot root = new VectorSchemaRoot(vectors)) {
            root.setRowCount(cells.size() - 1);
            TableText table = new TableText(root.getSchema());
            table.addBatch(root);
            return table.render();
        }
    }
}
