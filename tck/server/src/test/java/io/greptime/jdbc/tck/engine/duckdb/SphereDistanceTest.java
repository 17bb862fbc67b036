package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * st_distance_sphere_m against the geo crate's documented Haversine example (New York (-74.006, 40.7128)
 * to London (-0.1278, 51.5074): 5,570,230 m rounded) and the mean Earth radius 6371008.8 m (a quarter of
 * the equator is pi/2 of it), with the wkt crate's parse errors and measure.rs's refusal of non-points.
 */
class SphereDistanceTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void measuresGreatCircleDistanceInMetres() {
        EngineFixture.Result r = f.query("SELECT st_distance_sphere_m('POINT(-74.006 40.7128)', 'POINT (-0.1278"
                + " 51.5074)'), st_distance_sphere_m('POINT(0 0)', 'POINT(90 0)'), st_distance_sphere_m('POINT(1 2)',"
                + " 'point(1 2)')");
        assertThat(Math.round(Double.parseDouble(r.rows().get(0).get(0)))).isEqualTo(5_570_230L);
        assertThat(Double.parseDouble(r.rows().get(0).get(1)))
                .isCloseTo(Math.PI / 2 * 6371008.8, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(r.rows().get(0).get(2)).isEqualTo("0.0");
        assertThat(r.schema().getFields().get(0).getType())
                .isEqualTo(new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE));
    }

    @Test
    void acceptsWktPointsFromTheWktFunctionAndNulls() {
        EngineFixture.Result r = f.query("SELECT st_distance_sphere_m(wkt_point_from_latlng(40.7128, -74.006),"
                + " wkt_point_from_latlng(51.5074, -0.1278)), st_distance_sphere_m(NULL, 'POINT(1 2)'),"
                + " st_distance_sphere_m('POINT Z (1 2 3)', 'POINTM(1 2 5)')");
        assertThat(Math.round(Double.parseDouble(r.rows().get(0).get(0)))).isEqualTo(5_570_230L);
        assertThat(r.rows().get(0).get(1)).isNull();
        assertThat(r.rows().get(0).get(2)).isEqualTo("0.0");
    }

    @Test
    void refusesOtherGeometries() {
        String unsupported = "Great circle distance between non-point" + " objects are not supported for now.";
        f.fails(
                "SELECT st_distance_sphere_m('LINESTRING(0 0, 1 1)', 'POINT(1 2)')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                unsupported);
        f.fails(
                "SELECT st_distance_sphere_m('POINT(1 2)', 'POINT EMPTY')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                unsupported);
    }

    @Test
    void reportsTheWktCratesParseErrors() {
        String prefix = "Fail to parse WKT: Invalid WKT: ";
        f.fails(
                "SELECT st_distance_sphere_m('CIRCLE(1 2)', 'POINT(1 2)')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                prefix + "Invalid type encountered");
        f.fails(
                "SELECT st_distance_sphere_m('POINT(1)', 'POINT(1 2)')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                prefix + "Expected a number for the Y coordinate");
        f.fails(
                "SELECT st_distance_sphere_m('POINT(1 2', 'POINT(1 2)')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                prefix + "Missing closing parenthesis for type");
        f.fails(
                "SELECT st_distance_sphere_m('POINT 1 2', 'POINT(1 2)')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                prefix + "Missing open parenthesis for type");
        f.fails(
                "SELECT st_distance_sphere_m('', 'POINT(1 2)')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                prefix + "Invalid WKT format");
        f.fails(
                "SELECT st_distance_sphere_m('PÖINT(1 2)', 'POINT(1 2)')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                prefix + "Encountered non-ascii word");
        f.fails(
                "SELECT st_distance_sphere_m('POINT(1 2x)', 'POINT(1 2)')",
                StatusCode.ENGINE_EXECUTE_QUERY,
                prefix + "Unable to parse input number as the desired output type");
    }
}
