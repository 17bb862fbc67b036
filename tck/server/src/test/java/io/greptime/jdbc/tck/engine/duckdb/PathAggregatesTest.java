package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * geo_path and json_encode_path with the cases of GreptimeDB's unit tests (geo_path.rs, encoding.rs): lat
 * 1, 2, 3 and lng 4, 5, 6 at timestamps 100, 200, 300 give [[4.0,1.0],[5.0,2.0],[6.0,3.0]]; at 300, 100,
 * 200 they come out in time order; plus NULLs, no rows, groups and serde_json's float forms.
 */
class PathAggregatesTest {
    private static final String ROWS = "(VALUES (1.0, 4.0, TIMESTAMP '1970-01-01 00:00:00.0000003'),"
            + " (2.0, 5.0, TIMESTAMP '1970-01-01 00:00:00.0000001'), (3.0, 6.0, TIMESTAMP '1970-01-01"
            + " 00:00:00.0000002')) t(lat, lng, ts)";

    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void jsonEncodePath_ordersPairsByTime() {
        EngineFixture.Result r = f.query("SELECT json_encode_path(lat, lng, ts) FROM " + ROWS);
        assertThat(r.rows().get(0)).containsExactly("[[5.0,2.0],[6.0,3.0],[4.0,1.0]]");
        assertThat(r.schema().getFields().get(0).getType()).isIn(ArrowType.Utf8.INSTANCE, ArrowType.Utf8View.INSTANCE);
        assertThat(f.query("SELECT json_encode_path(lat, lng, ts) FROM (VALUES (1, 4, TIMESTAMP '2024-01-01"
                                + " 00:00:00'), (2, 5, TIMESTAMP '2024-01-01 00:00:01'), (3, 6, TIMESTAMP '2024-01-01"
                                + " 00:00:02')) t(lat, lng, ts)")
                        .rows()
                        .get(0))
                .containsExactly("[[4.0,1.0],[5.0,2.0],[6.0,3.0]]");
    }

    @Test
    void jsonEncodePath_writesFloatsAsSerdeJsonDoes() {
        assertThat(f.query("SELECT json_encode_path(lat, lng, ts) FROM (VALUES (37.76938, -122.3889, TIMESTAMP"
                                + " '2024-01-01 00:00:00'), (1e-7, 1e20, TIMESTAMP '2024-01-01 00:00:01'), (NULL, 0.5,"
                                + " TIMESTAMP '2024-01-01 00:00:02')) t(lat, lng, ts)")
                        .rows()
                        .get(0))
                .containsExactly("[[-122.3889,37.76938],[1e20,1e-7],[0.5,0.0]]");
    }

    @Test
    void jsonEncodePath_noRowsAndGroups() {
        assertThat(f.query("SELECT json_encode_path(lat, lng, ts) FROM " + ROWS + " WHERE lat > 10")
                        .rows()
                        .get(0))
                .containsExactly("[]");
        EngineFixture.Result r = f.query("SELECT g, json_encode_path(lat, lng, ts) FROM (VALUES ('ä', 1.0, 2.0,"
                + " TIMESTAMP '2024-01-01 00:00:01'), ('ä', 3.0, 4.0, TIMESTAMP '2024-01-01 00:00:00'), ('b', 5.0, 6.0,"
                + " TIMESTAMP '2024-01-01 00:00:00')) t(g, lat, lng, ts) GROUP BY g ORDER BY g");
        assertThat(r.column(0)).containsExactly("b", "ä");
        assertThat(r.column(1)).containsExactly("[[6.0,5.0]]", "[[4.0,3.0],[2.0,1.0]]");
    }

    @Test
    void geoPath_isAStructOfLatitudesAndLongitudesInTimeOrder() {
        EngineFixture.Result r = f.query("SELECT geo_path(lat, lng, ts) FROM " + ROWS);
        assertThat(r.schema().getFields().get(0).getType()).isInstanceOf(ArrowType.Struct.class);
        assertThat(r.schema().getFields().get(0).getChildren())
                .extracting(org.apache.arrow.vector.types.pojo.Field::getName)
                .containsExactly("lat", "lng");
        assertThat(r.rows().get(0)).containsExactly("{lat: [2.0, 3.0, 1.0], lng: [5.0, 6.0, 4.0]}");
    }

    @Test
    void geoPath_keepsNullsAndGivesEmptyListsOverNoRows() {
        assertThat(f.query("SELECT geo_path(lat, lng, ts) FROM (VALUES (NULL, 4.0,"
                                + " TIMESTAMP '2024-01-01 00:00:01'), (2.0, NULL, TIMESTAMP '2024-01-01 00:00:00')) t(lat,"
                                + " lng, ts)")
                        .rows()
                        .get(0))
                .containsExactly("{lat: [2.0, ], lng: [, 4.0]}"); // a NULL element prints empty
        assertThat(f.query("SELECT geo_path(lat, lng, ts) FROM " + ROWS + " WHERE lat > 10")
                        .rows()
                        .get(0))
                .containsExactly("{lat: [], lng: []}");
    }
}
