package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The s2_* functions against the S2 library's published test vectors (the leaf cells of points in Go's
 * and the Rust port's cellid tests, e.g. 0x47a1cbd595522b39 for (49.703498679, 11.770681595), the
 * Pittsburgh cells 0x80855c (level 9) ⊃ 0x80855d (10) ⊃ 0x80855dc (11), tokens as the id's hex without
 * trailing zeros), with s2.rs's NULL handling and errors.
 */
class S2FunctionsTest {
    // face 4 cells: past Int64's range as UInt64, so written as the Int64 of the same bits (an integer
    // literal past Int64 is a Float64 to DataFusion, which no s2 function takes)
    private static final String PITTSBURGH_9 = Long.toString(0x80855c0000000000L);
    private static final String PITTSBURGH_10 = Long.toString(0x80855d0000000000L);
    private static final String PITTSBURGH_11 = Long.toString(0x80855dc000000000L);

    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private List<String> row(String sql) {
        return f.query(sql).rows().get(0);
    }

    @Test
    void pointsFallInTheLibrarysLeafCells() {
        EngineFixture.Result r = f.query("SELECT s2_latlng_to_cell(49.703498679, 11.770681595),"
                + " s2_latlng_to_cell(-75.000000031, 0.000000133), s2_latlng_to_cell(-69.219262171, 49.670072392),"
                + " s2_latlng_to_cell(45.486546517, -93.449700022), s2_latlng_to_cell(-30.694551352, -30.048758753)");
        assertThat(r.rows().get(0))
                .containsExactly(
                        Long.toUnsignedString(0x47a1cbd595522b39L),
                        Long.toUnsignedString(0xb09dff882a7809e1L),
                        Long.toUnsignedString(0xb112966aaaaaaaabL),
                        Long.toUnsignedString(0x52b30b71698e729dL),
                        Long.toUnsignedString(0x010a06c0a948cf5dL));
        assertThat(r.schema().getFields().get(0).getType()).isEqualTo(new ArrowType.Int(64, false));
    }

    @Test
    void integerCoordinatesAndNulls() {
        assertThat(row("SELECT s2_latlng_to_cell(0, 0) = s2_latlng_to_cell(0.0, 0.0), s2_latlng_to_cell(NULL, 1.0),"
                        + " s2_latlng_to_cell(1.0, NULL)"))
                .containsExactly("true", null, null);
    }

    @Test
    void coordinatesOutsideTheSphereAreRefused() {
        String invalid = "Invalid function args: The input coordinates are invalid";
        f.fails("SELECT s2_latlng_to_cell(90.5, 0.0)", StatusCode.ENGINE_EXECUTE_QUERY, invalid);
        f.fails("SELECT s2_latlng_to_cell(0.0, -180.1)", StatusCode.ENGINE_EXECUTE_QUERY, invalid);
        f.fails("SELECT s2_latlng_to_cell(CAST('NaN' AS DOUBLE), 0.0)", StatusCode.ENGINE_EXECUTE_QUERY, invalid);
        // the poles and the antimeridian are on the sphere
        assertThat(row("SELECT s2_cell_level(s2_latlng_to_cell(90.0, 180.0)), s2_cell_level(s2_latlng_to_cell(-90.0,"
                        + " -180.0))"))
                .containsExactly("30", "30");
    }

    @Test
    void levelsAndTokens() {
        EngineFixture.Result r = f.query("SELECT s2_cell_level(" + PITTSBURGH_9 + "), s2_cell_level(" + PITTSBURGH_10
                + "), s2_cell_level(" + PITTSBURGH_11 + "), s2_cell_to_token(" + PITTSBURGH_9 + "),"
                + " s2_cell_to_token(" + PITTSBURGH_11 + "), s2_cell_level(s2_latlng_to_cell(10.0, 20.0))");
        assertThat(r.rows().get(0)).containsExactly("9", "10", "11", "80855c", "80855dc", "30");
        assertThat(r.schema().getFields().get(0).getType()).isEqualTo(new ArrowType.Int(64, false));
        assertThat(r.schema().getFields().get(3).getType()).isIn(ArrowType.Utf8.INSTANCE, ArrowType.Utf8View.INSTANCE);
        // tokens of the library's token table: leading zeros kept, trailing ones dropped
        assertThat(row("SELECT s2_cell_to_token(" + 0x0940000000000000L + "), s2_cell_to_token(" + 0xaa05238e7bd3ee7cL
                        + "), s2_cell_to_token(0)"))
                .containsExactly("094", "aa05238e7bd3ee7c", "X");
    }

    @Test
    void anInt64CellIsItsBits() {
        long signed = 0x80855c0000000000L; // negative as Int64
        assertThat(row("SELECT s2_cell_to_token(CAST(" + signed + " AS BIGINT)), s2_cell_level(CAST(" + signed
                        + " AS BIGINT))"))
                .containsExactly("80855c", "9");
    }

    @Test
    void parents() {
        assertThat(row("SELECT s2_cell_parent(" + PITTSBURGH_11 + ", 10), s2_cell_parent(" + PITTSBURGH_11 + ", 9),"
                        + " s2_cell_parent(" + PITTSBURGH_11 + ", 11), s2_cell_to_token(s2_cell_parent("
                        + 0x47a1cbd595522b39L + ", 0))"))
                .containsExactly(
                        Long.toUnsignedString(0x80855d0000000000L),
                        Long.toUnsignedString(0x80855c0000000000L),
                        Long.toUnsignedString(0x80855dc000000000L),
                        "5");
    }

    @Test
    void nullsGiveNull_butTheLevelIsCheckedFirst() {
        assertThat(row("SELECT s2_cell_level(NULL), s2_cell_to_token(NULL), s2_cell_parent(NULL, 3),"
                        + " s2_cell_parent(" + PITTSBURGH_9 + ", NULL)"))
                .containsExactly(null, null, null, null);
        String range = "Execution error: argument out of valid range";
        f.fails("SELECT s2_cell_parent(" + PITTSBURGH_9 + ", 31)", StatusCode.ENGINE_EXECUTE_QUERY, range);
        f.fails("SELECT s2_cell_parent(" + PITTSBURGH_9 + ", -1)", StatusCode.ENGINE_EXECUTE_QUERY, range);
        f.fails("SELECT s2_cell_parent(NULL, 31)", StatusCode.ENGINE_EXECUTE_QUERY, range);
    }

    @Test
    void aCallWithoutArgumentsIsRefusedByThePlanner() {
        f.fails(
                "SELECT s2_cell_level()",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: 's2_cell_level' does not support zero arguments No function"
                        + " matches the given name and argument types 's2_cell_level()'. You might need to add explicit"
                        + " type casts.\n\tCandidate functions:\n\ts2_cell_level(Int64)\n\ts2_cell_level(UInt64)");
    }

    @Test
    void overRows() {
        EngineFixture.Result r = f.query("SELECT s2_cell_to_token(s2_cell_parent(s2_latlng_to_cell(lat, lng), 9))"
                + " FROM (VALUES (49.703498679, 11.770681595), (NULL, 1.0)) t(lat, lng)");
        assertThat(r.column(0)).containsExactly("47a1cc", null);
    }
}
