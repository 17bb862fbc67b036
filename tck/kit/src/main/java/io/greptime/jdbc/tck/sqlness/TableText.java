package io.greptime.jdbc.tck.sqlness;

import io.greptime.jdbc.tck.text.CellText;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A query answer collected as text while its record batches are alive, then drawn as arrow-rs's
 * {@code pretty_format_batches} draws it (comfy-table, ASCII preset): {@code +---+} borders, one space of
 * padding, cells left-aligned and padded to the widest line of the column, multi-line cells split across
 * lines. With no record batch at all the table is the empty {@code ++}/{@code ++}; a batch with no rows
 * still draws the header.
 */
public final class TableText {
    private final List<String> header = new ArrayList<>();
    private final List<CellText> formats = new ArrayList<>();
    private final List<String[]> rows = new ArrayList<>();
    private int batches;

    /** Starts a table for a result schema without dictionary-encoded columns. */
    public TableText(Schema schema) {
        this(schema, null);
    }

    /**
     * Starts a table for a result schema; dictionary-encoded columns print their values, looked up in
     * {@code dictionaries} (GreptimeDB expands dictionaries before sending since v1.2, older servers may not).
     */
    public TableText(Schema schema, DictionaryProvider dictionaries) {
        for (Field field : schema.getFields()) {
            header.add(field.getName());
            formats.add(formatFor(field, dictionaries));
        }
    }

    private TableText(List<String> labels) {
        header.addAll(labels);
    }

    /**
     * Starts a table from column labels alone, for answers read through an API without Arrow vectors
     * (JDBC): rows then come already formatted through {@link #addRow}.
     */
    public static TableText ofLabels(List<String> labels) {
        return new TableText(labels);
    }

    /**
     * Adds a row of formatted cells (as {@link CellText} would print them; a null cell prints empty). Such
     * an API cannot tell one record batch from several or an empty batch from none, so the rows count as
     * one batch, and a table without rows draws as arrow-rs draws a stream without batches.
     */
    public void addRow(String[] cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(cells.length + " cells for " + header.size() + " columns");
        }
        String[] row = new String[cells.length];
        for (int c = 0; c < cells.length; c++) {
            row[c] = cells[c] == null ? "" : cells[c];
        }
        rows.add(row);
        batches = 1;
    }

    private static CellText formatFor(Field field, DictionaryProvider dictionaries) {
        DictionaryEncoding encoding = field.getDictionary();
        if (encoding == null || dictionaries == null || dictionaries.lookup(encoding.getId()) == null) {
            return CellText.forField(field);
        }
        // Dictionary batches reload the dictionary vector in place, so read it at format time.
        Dictionary dictionary = dictionaries.lookup(encoding.getId());
        CellText values = CellText.forField(dictionary.getVector().getField());
        return (v, i) -> values.cell(dictionary.getVector(), (int) ((BaseIntVector) v).getValueAsLong(i));
    }

    /** Adds one record batch (zero rows counts: it makes the header appear). */
    public void addBatch(VectorSchemaRoot batch) {
        batches++;
        for (int r = 0; r < batch.getRowCount(); r++) {
            String[] row = new String[header.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = cell(formats.get(c), batch, c, r);
            }
            rows.add(row);
        }
    }

    private static String cell(CellText format, VectorSchemaRoot batch, int column, int row) {
        try {
            return format.cell(batch.getVector(column), row);
        } catch (RuntimeException e) {
            // arrow-rs prints a cell it cannot format as "ERROR: ..." rather than failing the table.
            return "ERROR: " + e.getMessage();
        }
    }

    /** The number of record batches added. */
    public int batchCount() {
        return batches;
    }

    /** The drawn table, lines joined by '\n' with no trailing newline. */
    public String render() {
        if (batches == 0 || header.isEmpty()) {
            return "++\n++";
        }
        int[] widths = new int[header.size()];
        measure(widths, header.toArray(String[]::new));
        for (String[] row : rows) {
            measure(widths, row);
        }
        StringBuilder out = new StringBuilder();
        String border = border(widths);
        out.append(border).append('\n');
        drawRow(out, widths, header.toArray(String[]::new));
        out.append(border).append('\n');
        for (String[] row : rows) {
            drawRow(out, widths, row);
        }
        return out.append(border).toString();
    }

    private static void measure(int[] widths, String[] cells) {
        for (int c = 0; c < cells.length; c++) {
            for (String line : cells[c].split("\n", -1)) {
                widths[c] = Math.max(widths[c], DisplayWidth.of(line));
            }
        }
    }

    private static String border(int[] widths) {
        StringBuilder out = new StringBuilder("+");
        for (int w : widths) {
            out.append("-".repeat(w + 2)).append('+');
        }
        return out.toString();
    }

    private static void drawRow(StringBuilder out, int[] widths, String[] cells) {
        String[][] lines = new String[cells.length][];
        int height = 1;
        for (int c = 0; c < cells.length; c++) {
            lines[c] = cells[c].split("\n", -1);
            height = Math.max(height, lines[c].length);
        }
        for (int l = 0; l < height; l++) {
            out.append('|');
            for (int c = 0; c < cells.length; c++) {
                String text = l < lines[c].length ? lines[c][l] : "";
                out.append(' ')
                        .append(text)
                        .append(" ".repeat(widths[c] - DisplayWidth.of(text)))
                        .append(" |");
            }
            out.append('\n');
        }
    }
}
