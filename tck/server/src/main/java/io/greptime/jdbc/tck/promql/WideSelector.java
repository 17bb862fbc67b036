package io.greptime.jdbc.tck.promql;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A bare selector over a table with several fields: GreptimeDB returns every field column (in table
 * order) rather than one value. Each field is evaluated as its own {@code __field__} selector and the
 * rows are joined on labels and time.
 */
final class WideSelector {
    private WideSelector() {}

    /** Whether {@code e} is a bare selector that reads every field of a table with more than one. */
    static boolean isWide(SeriesSource source, Ast.Expr e) {
        return table(source, e) != null;
    }

    /** The table with several fields a bare selector {@code e} reads in full, or null. */
    static SeriesSource.PromTable table(SeriesSource source, Ast.Expr e) {
        if (!(e instanceof Ast.Selector sel) || sel.name() == null) {
            return null;
        }
        String schema = source.defaultSchema();
        for (Ast.Matcher m : sel.matchers()) {
            if (m.label().equals("__field__")) {
                return null;
            }
            if ((m.label().equals("__schema__") || m.label().equals("__database__")) && m.op() == Ast.MatchOp.EQ) {
                schema = m.value();
            }
        }
        SeriesSource.PromTable table = source.table(schema, sel.name());
        return table == null || table.fields().size() < 2 ? null : table;
    }

    /** The rows, or null when {@code e} is not a bare selector over a table with more than one field. */
    static ArrowReader rows(SeriesSource source, Evaluator ev, Ast.Expr e, BufferAllocator allocator) {
        SeriesSource.PromTable table = table(source, e);
        if (table == null) {
            return null;
        }
        Ast.Selector sel = (Ast.Selector) e;
        List<Value.Vector> perField = new ArrayList<>();
        for (String field : table.fields()) {
            List<Ast.Matcher> matchers = new ArrayList<>(sel.matchers());
            matchers.add(Ast.Matcher.of("__field__", Ast.MatchOp.EQ, field));
            perField.add((Value.Vector) ev.eval(new Ast.Selector(sel.name(), matchers, sel.offsetMs(), sel.atMs())));
        }
        List<String> order = new ArrayList<>();
        for (Field f : table.columns()) {
            String n = f.getName();
            if (n.equals(table.timeIndex())
                    || table.tags().contains(n)
                    || table.fields().contains(n)) {
                order.add(n);
            }
        }
        Value.Shape first = perField.get(0).shape();
        Value.Shape shape = new Value.Shape(
                Value.Layout.TABLE,
                first.timeField(),
                table.name(),
                first.valueName(),
                first.labelColumns(),
                order,
                false);
        return RowsReader.ofFields(allocator, perField, table.fields(), shape, ev.steps);
    }
}
