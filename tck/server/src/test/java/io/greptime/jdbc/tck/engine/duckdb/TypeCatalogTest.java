package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.CatalogLines;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.Output;
import io.greptime.jdbc.tck.engine.duckdb.catalog.GreptimeType;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TypeCatalog;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;

/**
 * Walks GreptimeDB's type catalog (type-catalog.tsv, read from GreptimeDB's and its SQL parser's source per
 * version line) on every profile: a spelling the line accepts must create a column that DESC TABLE shows with
 * GreptimeDB's type name; one it refuses must be refused with status 2000 and {@code SQL data type not supported
 * yet: <DataType>}. The casts of type-casts.tsv (measured on a GreptimeDB v1.0.0) must give the same type and
 * value, or the same error. What differs is a gap; type-gaps.txt lists the gaps as of now (the work list), and
 * this test fails when the gaps differ from it. After closing one, copy target/type-gaps.actual.txt over it.
 */
class TypeCatalogTest {
    /**
     * The profiles the casts are checked on: the measured server is v1.0.0, and v1.2/v1.3 share its parser and
     * type rules; older lines run other DataFusion releases whose casts were not measured.
     */
    static final List<ServerProfile> CAST_PROFILES =
            List.of(ServerProfile.V1_0, ServerProfile.V1_2, ServerProfile.V1_3);

    static List<String> lines(String resource) throws IOException {
        return CatalogLines.of(resource);
    }

    static String line(ServerProfile p) {
        return TypeCatalog.LINES.get(TypeCatalog.line(p));
    }

    /** Null when the engine answers as the catalog says; else what it did instead. */
    static String createGap(EngineFixture f, TypeCatalog.Entry e, int line, int n) {
        String table = "type_probe_" + n;
        String expected = e.type(line);
        String refused = e.refusedAs(line);
        String found;
        try {
            f.engine.execute(
                    f.ctx, "CREATE TABLE " + table + " (ts TIMESTAMP TIME INDEX, c " + e.spelling() + ")", f.allocator);
            found = "ok:"
                    + f.query("DESC TABLE " + table).rows().stream()
                            .filter(r -> r.get(0).equals("c"))
                            .map(r -> r.get(1))
                            .findFirst()
                            .orElse("?");
            f.engine.execute(f.ctx, "DROP TABLE " + table, f.allocator);
        } catch (GreptimeError g) {
            found = "error:" + g.status().code() + ":" + g.getMessage();
        } catch (RuntimeException x) {
            found = "crash:" + x;
        }
        if (expected != null) {
            return found.equals("ok:" + expected) ? null : "expected " + expected + ", got " + found;
        }
        if (e.syntax(line)) {
            String want = "error:" + StatusCode.INVALID_SYNTAX.code() + ":Invalid SQL syntax: sql parser error: ";
            return found.startsWith(want) ? null : "expected a syntax error, got " + found;
        }
        if (e.error(line) != null) {
            String want = "error:" + e.error(line).replace("{column}", "c");
            return found.equals(want) ? null : "expected " + want + ", got " + found;
        }
        String want = "error:" + StatusCode.INVALID_SYNTAX.code() + ":SQL data type not supported yet: " + refused;
        if (refused.equals("Custom")) { // the parser's custom name: its ident and span, as checked in customNames
            return found.startsWith(want + "(ObjectName([") ? null : "expected refusal Custom, got " + found;
        }
        return found.equals(want) ? null : "expected refusal " + refused + ", got " + found;
    }

    /**
     * The spellings the line accepts, created as the columns of one table (one statement instead of one per
     * spelling) and read back with DESC TABLE; empty when that table is refused (then each is tried alone).
     */
    static java.util.Map<String, String> acceptedAtOnce(EngineFixture f, List<TypeCatalog.Entry> catalog, int line) {
        List<TypeCatalog.Entry> ok =
                catalog.stream().filter(e -> e.type(line) != null).toList();
        StringBuilder sql = new StringBuilder("CREATE TABLE type_probe_all (ts TIMESTAMP TIME INDEX");
        for (int i = 0; i < ok.size(); i++) {
            sql.append(", c").append(i).append(' ').append(ok.get(i).spelling());
        }
        java.util.Map<String, String> out = new java.util.HashMap<>();
        try {
            f.engine.execute(f.ctx, sql.append(")").toString(), f.allocator);
        } catch (RuntimeException e) {
            return out;
        }
        for (List<String> r : f.query("DESC TABLE type_probe_all").rows()) {
            if (r.get(0).startsWith("c")) {
                out.put(ok.get(Integer.parseInt(r.get(0).substring(1))).spelling(), r.get(1));
            }
        }
        f.engine.execute(f.ctx, "DROP TABLE type_probe_all", f.allocator);
        return out;
    }

    @Test
    void everySpelling_createsGreptimeDbsTypeOrIsRefusedAsGreptimeDbRefusesIt() throws IOException {
        List<TypeCatalog.Entry> catalog = TypeCatalog.entries();
        TreeSet<String> gaps = new TreeSet<>();
        for (ServerProfile p : ServerProfile.values()) {
            int column = TypeCatalog.line(p);
            assertThat(column).as("catalog column for %s", p).isNotNegative();
            try (EngineFixture f = new EngineFixture()) {
                f.ctx = f.ctx.withProfile(p);
                int n = 0;
                java.util.Map<String, String> accepted = acceptedAtOnce(f, catalog, column);
                for (TypeCatalog.Entry e : catalog) {
                    if (e.cells().get(column).equals("-")) {
                        continue; // the line's parser has no such spelling: nothing to compare
                    }
                    if (accepted.containsKey(e.spelling())) {
                        String got = accepted.get(e.spelling());
                        if (!got.equals(e.type(column))) {
                            gaps.add(line(p) + "\tcreate\t" + e.spelling() + "\texpected " + e.type(column)
                                    + ", got ok:" + got);
                        }
                        continue;
                    }
                    String gap = createGap(f, e, column, n++);
                    if (gap != null) {
                        gaps.add(line(p) + "\tcreate\t" + e.spelling() + "\t" + gap);
                    }
                }
            }
        }
        compare(gaps);
    }

    /** GreptimeDB's name of a result column's type, as the HTTP API's schema gives it. */
    static String typeName(Field field) {
        ArrowType t = field.getType();
        return switch (t.getTypeID()) {
            case Int -> (((ArrowType.Int) t).getIsSigned() ? "Int" : "UInt") + ((ArrowType.Int) t).getBitWidth();
            case FloatingPoint ->
                ((ArrowType.FloatingPoint) t).getPrecision() == FloatingPointPrecision.SINGLE ? "Float32" : "Float64";
            case Bool -> "Boolean";
            case Utf8, LargeUtf8 -> "String";
            case Binary, LargeBinary -> "Binary";
            case Date -> "Date";
            case Timestamp ->
                GreptimeType.timestamp(((ArrowType.Timestamp) t).getUnit()).name();
            case Decimal ->
                "Decimal(" + ((ArrowType.Decimal) t).getPrecision() + ", " + ((ArrowType.Decimal) t).getScale() + ")";
            case Interval ->
                "Interval"
                        + switch (((ArrowType.Interval) t).getUnit()) {
                            case MONTH_DAY_NANO -> "MonthDayNano";
                            case DAY_TIME -> "DayTime";
                            case YEAR_MONTH -> "YearMonth";
                        };
            default -> t.toString();
        };
    }

    /**
     * Whether the engine's cell {@code v} of a column of type {@code type} is the HTTP API's JSON value
     * {@code json}: numbers compare by value (floats as doubles), decimals are JSON strings, timestamps
     * the count of their unit, dates the count of days, strings as JSON strings.
     */
    static boolean sameValue(String type, FieldVector v, String json) {
        if (v.isNull(0)) {
            return json.equals("null");
        }
        if (json.equals("null")) {
            return false;
        }
        Object o = v.getObject(0);
        if (o instanceof Character ch) { // Arrow Java reads UInt16 cells as chars
            o = (int) ch.charValue();
        }
        if (v instanceof TimeStampVector ts) {
            return json.equals(Long.toString(ts.get(0)));
        }
        if (v instanceof DateDayVector d) {
            return json.equals(Integer.toString(d.get(0)));
        }
        if (type.startsWith("Float")) {
            return !json.startsWith("\"") && Double.parseDouble(json) == ((Number) o).doubleValue();
        }
        if (type.startsWith("Int") && !type.startsWith("Interval") || type.startsWith("UInt")) {
            BigDecimal n = new BigDecimal(o.toString());
            if (type.startsWith("UInt") && n.signum() < 0) { // Arrow Java reads unsigned vectors as signed
                n = n.add(
                        BigDecimal.valueOf(2).pow(((ArrowType.Int) v.getField().getType()).getBitWidth()));
            }
            return !json.startsWith("\"") && new BigDecimal(json).compareTo(n) == 0;
        }
        if (type.startsWith("Decimal")) {
            return json.equals("\"" + ((BigDecimal) o).toPlainString() + "\"");
        }
        if (type.equals("Boolean")) {
            return json.equals(o.toString());
        }
        if (type.equals("String")) {
            return json.equals(jsonString(o.toString()));
        }
        if (o instanceof byte[] b) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < b.length; i++) {
                sb.append(i == 0 ? "" : ",").append(b[i] & 0xff);
            }
            return json.equals(sb.append("]").toString());
        }
        return json.equals(jsonString(o.toString()));
    }

    static String jsonString(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    /** Null when the engine's cast answers as the GreptimeDB that type-casts.tsv was measured on; else what differs. */
    static String castGap(EngineFixture f, String source, String target, String expected) {
        String sql = source.startsWith("c_")
                ? "SELECT CAST(" + source + " AS " + target + ") FROM cast_sources"
                : "SELECT CAST(" + source + " AS " + target + ")";
        String found;
        try {
            Output out = f.engine.execute(f.ctx, sql, f.allocator);
            if (!(out instanceof Output.Rows rows)) {
                return "no rows";
            }
            try (ArrowReader r = rows.reader()) {
                VectorSchemaRoot root = r.getVectorSchemaRoot();
                if (!r.loadNextBatch() || root.getRowCount() != 1) {
                    return "not one row";
                }
                FieldVector v = root.getVector(0);
                String type = typeName(v.getField());
                String[] want = expected.split("\t", 2);
                if (want[0].equals(type) && !want[0].equals("error") && sameValue(type, v, want[1])) {
                    return null;
                }
                found = type + "\t" + (v.isNull(0) ? "null" : String.valueOf(v.getObject(0)));
            }
        } catch (GreptimeError g) {
            found = "error\t" + g.status().code() + "\t" + g.getMessage().replace("\n", "\\n");
        } catch (IOException | RuntimeException x) {
            found = "crash\t" + x;
        }
        return found.equals(expected) ? null : "expected " + expected + " | got " + found;
    }

    @Test
    void everyCast_answersAsGreptimeDb() throws IOException {
        List<String> setup = new ArrayList<>();
        List<String[]> cases = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
                TypeCatalogTest.class.getResourceAsStream("/type-casts.tsv"), StandardCharsets.UTF_8))) {
            for (String l = r.readLine(); l != null; l = r.readLine()) {
                if (l.startsWith("#! ")) {
                    setup.add(l.substring(3));
                } else if (!l.isBlank() && !l.startsWith("#")) {
                    cases.add(l.split("\t", 3));
                }
            }
        }
        assertThat(cases).hasSizeGreaterThan(400);
        TreeSet<String> gaps = new TreeSet<>();
        for (ServerProfile p : CAST_PROFILES) {
            try (EngineFixture f = new EngineFixture()) {
                f.ctx = f.ctx.withProfile(p);
                for (String stmt : setup) {
                    f.engine.execute(f.ctx, stmt, f.allocator);
                }
                for (String[] c : cases) {
                    String gap = castGap(f, c[0], c[1], c[2]);
                    if (gap != null) {
                        gaps.add(line(p) + "\tcast\t" + c[0] + " AS " + c[1] + "\t" + gap);
                    }
                }
            }
        }
        Files.writeString(Path.of("target", "type-cast-gaps.actual.txt"), String.join("\n", gaps) + "\n");
        assertThat(String.join("\n", gaps))
                .as("cast gaps (update type-cast-gaps.txt when one is closed)")
                .isEqualTo(String.join("\n", new TreeSet<>(lines("/type-cast-gaps.txt"))));
    }

    private static void compare(TreeSet<String> gaps) throws IOException {
        Files.writeString(Path.of("target", "type-gaps.actual.txt"), String.join("\n", gaps) + "\n");
        assertThat(String.join("\n", gaps))
                .as("gaps (update type-gaps.txt when one is closed)")
                .isEqualTo(String.join("\n", new TreeSet<>(lines("/type-gaps.txt"))));
    }

    @Test
    void catalog_namesASourceLineForEveryCell() {
        List<TypeCatalog.Entry> catalog = TypeCatalog.entries();
        assertThat(catalog).hasSizeGreaterThan(100);
        for (TypeCatalog.Entry e : catalog) {
            assertThat(e.cells()).as(e.spelling()).hasSize(TypeCatalog.LINES.size());
            for (String c : e.cells()) {
                assertThat(c).as(e.spelling()).matches("-|.+@src/.+\\.rs:\\d+");
            }
        }
        // the rules the catalog was read with, spot-checked against GreptimeDB's source as written there
        TypeCatalog.Entry int8 = catalog.stream()
                .filter(e -> e.spelling().equals("INT8"))
                .findFirst()
                .orElseThrow();
        assertThat(int8.type(0)).isEqualTo("Int8"); // v0.14's alias rule: Int8(None) => TinyInt
        assertThat(int8.type(3)).isEqualTo("Int64"); // v1.0's: Int8(None) => BigInt (Postgres' int8)
        TypeCatalog.Entry real = catalog.stream()
                .filter(e -> e.spelling().equals("REAL"))
                .findFirst()
                .orElseThrow();
        assertThat(real.refusedAs(3)).isEqualTo("Real");
    }
}
