package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * count_hash with the cases of count_hash.rs's unit tests: 1, 2, 3, 1, 2, NULL counts 4 without GROUP BY
 * (the plain accumulator hashes the NULL too); no row counts 0; only NULLs count 1; grouped, the groups
 * accumulator skips NULLs (1, 2, 1, 3, 2, 4, 5 in groups 0, 1, 0, 0, 1, 2, 0 count 3, 1, 1) and honours a
 * FILTER.
 */
class CountHashTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void ungrouped_countsNullAsOneValue() {
        EngineFixture.Result r = f.query("SELECT count_hash(x) FROM (VALUES (1), (2), (3), (1), (2), (NULL)) t(x)");
        assertThat(r.rows().get(0)).containsExactly("4");
        assertThat(r.schema().getFields().get(0).getType()).isEqualTo(new ArrowType.Int(64, true));
        assertThat(f.query("SELECT count_hash(x) FROM (VALUES (1), (2)) t(x) WHERE x > 5")
                        .rows()
                        .get(0))
                .containsExactly("0");
        assertThat(f.query("SELECT count_hash(x) FROM (VALUES (CAST(NULL AS INT)), (NULL), (NULL)) t(x)")
                        .rows()
                        .get(0))
                .containsExactly("1");
        assertThat(f.query("SELECT count_hash(s) FROM (VALUES ('ä'), ('a'), ('ä'), ('日本')) t(s)")
                        .rows()
                        .get(0))
                .containsExactly("3");
    }

    @Test
    void grouped_skipsNulls() {
        EngineFixture.Result r = f.query("SELECT g, count_hash(x) FROM (VALUES (0, 1), (1, 2), (0, 1), (0, 3), (1, 2),"
                + " (2, 4), (0, 5), (1, NULL)) t(g, x) GROUP BY g ORDER BY g");
        assertThat(r.column(1)).containsExactly("3", "1", "1");
        EngineFixture.Result filtered = f.query("SELECT g, count_hash(x) FILTER (WHERE keep) FROM (VALUES (0, 1, true),"
                + " (0, 2, false), (1, 3, true), (1, 4, true), (2, 5, false), (2, 6, true)) t(g, x, keep) GROUP BY g"
                + " ORDER BY g");
        assertThat(filtered.column(1)).containsExactly("1", "2", "1");
    }

    @Test
    void arguments() {
        assertThat(f.query("SELECT count_hash() FROM (VALUES (1), (2)) t(x)")
                        .rows()
                        .get(0))
                .containsExactly("0");
        assertThat(f.query("SELECT count_hash(NULL) FROM (VALUES (1), (2)) t(x)")
                        .rows()
                        .get(0))
                .containsExactly("0");
        f.fails(
                "SELECT count_hash(x, x) FROM (VALUES (1), (2)) t(x)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "This feature is not implemented: count_hash with multiple arguments");
    }
}
