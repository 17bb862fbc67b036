package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** geohash and geohash_neighbours, checked against the published examples of the geohash algorithm. */
class GeohashTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void encodesAndListsNeighboursNorthFirstCounterClockwise() {
        EngineFixture.Result r = f.query("SELECT geohash(57.64911, 10.40744, 11), geohash(42.605, -5.603, 5::UInt8),"
                + " geohash_neighbours(42.605, -5.603, 5), geohash(NULL, 1.0, 3)");
        assertThat(r.rows().get(0).subList(0, 2)).containsExactly("u4pruydqqvj", "ezs42");
        assertThat(r.rows().get(0).get(2)).isEqualTo("[ezs48, ezefx, ezefr, ezefp, ezs40, ezs41, ezs43, ezs49]");
        assertThat(r.rows().get(0).get(3)).isNull();
        assertThat(r.schema().getFields().get(0).getName())
                .isEqualTo("geohash(Float64(57.64911),Float64(10.40744),Int64(11))");
    }

    @Test
    void resolutionOutsideOneToTwelve_isRefused() {
        f.fails(
                "SELECT geohash(1.0, 2.0, 13)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: Invalid geohash resolution 13, valid value range: [1, 12]");
        f.fails(
                "SELECT geohash(1.0, 2.0, -1)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Cast error: Can't cast value -1 to type UInt8");
    }

    @Test
    void wktPoint_isLongitudeThenLatitude() {
        assertThat(f.query("SELECT wkt_point_from_latlng(37.5, -122), wkt_point_from_latlng(NULL, 1)")
                        .rows()
                        .get(0))
                .containsExactly("POINT(-122 37.5)", null);
    }
}
