package io.greptime.jdbc.tck.engine.duckdb;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** Renders engine output the way GreptimeDB's sqlness runner prints it, to compare with .result files. */
final class ResultPrinter {
  private ResultPrinter() {}

  static String error(GreptimeError e) {
    return "Error: " + e.status().code() + "(" + camel(e.status()) + "), " + e.getMessage();
  }

  private static String camel(StatusCode s) {
    StringBuilder sb = new StringBuilder();
    for (String part : s.name().split("_")) {
      sb.append(part.charAt(0)).append(part.substring(1).toLowerCase(Locale.ROOT));
    }
    return sb.toString();
  }

  static String render(Output out) throws Exception {
    if (out instanceof Output.AffectedRows a) {
      return "Affected Rows: " + a.count();
    }
    try (ArrowReader r = ((Output.Rows) out).reader()) {
      VectorSchemaRoot root = r.getVectorSchemaRoot();
      List<String> headers = new ArrayList<>();
      root.getSchema().getFields().forEach(f -> headers.add(f.getName()));
      List<String[]> rows = new ArrayList<>();
      while (r.loadNextBatch()) {
        for (int i = 0; i < root.getRowCount(); i++) {
          String[] row = new String[headers.size()];
          for (int c = 0; c < row.length; c++) {
            row[c] = cell(root.getVector(c), i);
          }
          rows.add(row);
        }
      }
      return table(headers, rows);
    }
  }

  static String cell(FieldVector v, int i) {
    if (v.isNull(i)) {
      return "";
    }
    ArrowType t = v.getField().getType();
    if (v instanceof TimeStampVector ts) {
      ArrowType.Timestamp tt = (ArrowType.Timestamp) t;
      long x = ts.get(i);
      Instant inst = switch (tt.getUnit()) {
        case SECOND -> Instant.ofEpochSecond(x);
        case MILLISECOND -> Instant.ofEpochMilli(x);
        case MICROSECOND -> Instant.ofEpochSecond(Math.floorDiv(x, 1_000_000), Math.floorMod(x, 1_000_000) * 1000);
        case NANOSECOND -> Instant.ofEpochSecond(Math.floorDiv(x, 1_000_000_000), Math.floorMod(x, 1_000_000_000));
      };
      return dateTime(LocalDateTime.ofInstant(inst, ZoneOffset.UTC));
    }
    if (v instanceof VarBinaryVector b) {
      return HexFormat.of().formatHex(b.get(i));
    }
    if (v instanceof org.apache.arrow.vector.UInt1Vector u) {
      return Long.toString(u.getValueAsLong(i));
    }
    if (v instanceof org.apache.arrow.vector.UInt2Vector u) {
      return Integer.toString(u.get(i));
    }
    if (v instanceof org.apache.arrow.vector.UInt4Vector u) {
      return Long.toString(u.getValueAsLong(i));
    }
    if (v instanceof org.apache.arrow.vector.UInt8Vector u) {
      return u.getObjectNoOverflow(i).toString();
    }
    if (v instanceof org.apache.arrow.vector.DateDayVector d) {
      return java.time.LocalDate.ofEpochDay(d.get(i)).toString();
    }
    Object o = v.getObject(i);
    if (o instanceof LocalDateTime ldt) {
      return dateTime(ldt);
    }
    return o.toString();
  }

  private static String dateTime(LocalDateTime ldt) {
    String base = ldt.format(java.time.format.DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss"));
    int nanos = ldt.getNano();
    if (nanos == 0) {
      return base;
    }
    String frac = String.format("%09d", nanos);
    if (nanos % 1_000_000 == 0) {
      frac = frac.substring(0, 3);
    } else if (nanos % 1000 == 0) {
      frac = frac.substring(0, 6);
    }
    return base + "." + frac;
  }

  static String table(List<String> headers, List<String[]> rows) {
    if (rows.isEmpty()) {
      return "++\n++";
    }
    int[] w = new int[headers.size()];
    for (int c = 0; c < w.length; c++) {
      w[c] = headers.get(c).length();
      for (String[] r : rows) {
        for (String line : r[c].split("\n", -1)) {
          w[c] = Math.max(w[c], line.length());
        }
      }
    }
    StringBuilder border = new StringBuilder("+");
    for (int x : w) {
      border.append("-".repeat(x + 2)).append('+');
    }
    StringBuilder sb = new StringBuilder(border).append('\n');
    line(sb, headers.toArray(new String[0]), w);
    sb.append(border.toString().replace('-', '-')).append('\n');
    for (String[] r : rows) {
      line(sb, r, w);
    }
    return sb.append(border).toString();
  }

  private static void line(StringBuilder sb, String[] cells, int[] w) {
    int height = 1;
    String[][] split = new String[cells.length][];
    for (int c = 0; c < cells.length; c++) {
      split[c] = cells[c].split("\n", -1);
      height = Math.max(height, split[c].length);
    }
    for (int h = 0; h < height; h++) {
      sb.append('|');
      for (int c = 0; c < cells.length; c++) {
        String s = h < split[c].length ? split[c][h] : "";
        sb.append(' ').append(s).append(" ".repeat(w[c] - s.length())).append(" |");
      }
      sb.append('\n');
    }
  }
}
