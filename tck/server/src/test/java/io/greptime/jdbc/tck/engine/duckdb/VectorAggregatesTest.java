package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * vec_sum / vec_product / vec_avg: the cases of GreptimeDB's aggrs/vector/{sum,product,avg}.rs unit tests
 * (three vectors, a NULL row, no rows) and answers of a real GreptimeDB v1.0.0 (NULL handling per function,
 * float32 rounding, empty vectors, bad literals, non-vector arguments, vector bytes), on every profile that
 * registers the function; vec_avg is refused before v1.0.
 */
class VectorAggregatesTest {
    private static final String THREE = "(VALUES ('[1.0,2.0,3.0]'), ('[4.0,5.0,6.0]'), ('[7.0,8.0,9.0]')) t(v)";
    private static final String WITH_NULL = "(VALUES ('[1.0, 2.0]'), (NULL), ('[3.0, 4.0]')) t(v)";

    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private String one(String sql) {
        return f.query(sql).rows().get(0).get(0);
    }

    @Test
    void sumAndProduct_ofThreeVectors_onEveryProfile() {
        for (ServerProfile p : ServerProfile.values()) {
            f.ctx = f.ctx.withProfile(p);
            EngineFixture.Result r = f.query(
                    "SELECT vec_sum(v), vec_to_string(vec_sum(v))," + " vec_to_string(vec_product(v)) FROM " + THREE);
            assertThat(r.schema().getFields().get(0).getType()).isEqualTo(ArrowType.Binary.INSTANCE);
            assertThat(r.rows().get(0).subList(1, 3)).as(p.name()).containsExactly("[12,15,18]", "[28,80,162]");
        }
    }

    @Test
    void avg_fromOneDotZero_andRefusedBefore() {
        for (ServerProfile p : ServerProfile.values()) {
            f.ctx = f.ctx.withProfile(p);
            String sql = "SELECT vec_to_string(vec_avg(v)) FROM " + THREE;
            if (p.compareTo(ServerProfile.V1_0) >= 0) {
                assertThat(one(sql)).isEqualTo("[4,5,6]");
            } else {
                f.fails(
                        sql,
                        StatusCode.PLAN_QUERY,
                        "Failed to plan SQL: Error during planning: Invalid function 'vec_avg'.");
            }
        }
    }

    @Test
    void aNullRow_makesSumAndProductNull_butAvgSkipsIt() {
        assertThat(one("SELECT vec_sum(v) FROM " + WITH_NULL)).isNull();
        assertThat(one("SELECT vec_product(v) FROM " + WITH_NULL)).isNull();
        assertThat(one("SELECT vec_to_string(vec_avg(v)) FROM " + WITH_NULL)).isEqualTo("[2,3]");
        assertThat(one("SELECT vec_to_string(vec_avg(v)) FROM (VALUES (NULL), ('[3.0, 4.0]')) t(v)"))
                .isEqualTo("[3,4]");
    }

    @Test
    void noRows_answerNull_andEmptyVectorsAnswerEmpty() {
        for (String fn : new String[] {"vec_sum", "vec_product", "vec_avg"}) {
            assertThat(one("SELECT " + fn + "(v) FROM (SELECT '[1]' AS v WHERE false) t"))
                    .isNull();
            assertThat(one("SELECT vec_to_string(" + fn + "(v)) FROM (VALUES ('[]'), ('[]')) t(v)"))
                    .isEqualTo("[]");
        }
    }

    @Test
    void float32Arithmetic_asGreptimeDbRoundsIt() {
        String rows = " FROM (VALUES ('[1.5,-2]'), ('[0.1, 3e2]'), ('[2, 2]')) t(v)";
        assertThat(f.query("SELECT vec_to_string(vec_sum(v)), vec_to_string(vec_product(v)),"
                                + " vec_to_string(vec_avg(v))" + rows)
                        .rows()
                        .get(0))
                .containsExactly("[3.6,300]", "[0.3,-1200]", "[1.1999999,100]");
    }

    @Test
    void perGroup() {
        f.update("CREATE TABLE vv (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, v STRING)");
        f.update("INSERT INTO vv VALUES (1, 'ä', '[1, 2]'), (2, 'ä', '[3, 4]'), (3, 'b', '[5, 6]')");
        assertThat(f.query("SELECT g, vec_to_string(vec_sum(v)) FROM vv GROUP BY g ORDER BY g")
                        .column(1))
                .containsExactly("[5,6]", "[4,6]");
    }

    @Test
    void errors_asGreptimeDbReportsThem() {
        f.fails(
                "SELECT vec_avg(v) FROM (VALUES ('[1.0, 2.0]'), ('[3.0]')) t(v)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Execution error: vectors length not match: VEC_AVG");
        f.fails(
                "SELECT vec_sum(v) FROM (VALUES ('abc')) t(v)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid function args: Failed to parse abc to Vector value: not properly enclosed in brackets");
        f.fails("SELECT vec_product(1)", StatusCode.INTERNAL, "Internal error: 1003");
        // the bytes of [1.0, 2.0] go through a cast to Utf8 first: 0x80 at index 2 is no UTF-8
        f.fails(
                "SELECT vec_sum(parse_vec(v)) FROM (VALUES ('[1.0, 2.0]'), ('[3.0, 4.0]')) t(v)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Invalid argument error: Encountered non UTF-8 data: invalid utf-8 sequence of 1 bytes from index 2");
    }
}
