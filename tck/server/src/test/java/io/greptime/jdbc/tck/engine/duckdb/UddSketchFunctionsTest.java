package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.duckdb.functions.UddSketch;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * uddsketch_state / uddsketch_merge / uddsketch_calc. The expected estimates were worked out apart from this
 * code from the uddsketch crate's definitions (bucket ceil(log_gamma |v|), gamma = (1 + a) / (1 - a), rank
 * floor(n * q) + 1, bucket value gamma^(k-1) * (1 + a), pairwise compaction) in a separate script; the state
 * bytes are bincode of the crate's struct written out field by field (see stateBytes_...). The arithmetic of
 * compaction follows the crate's own unit tests (0.1 error, 20 buckets: 1.1 in bucket 1, 400 in bucket 30, one
 * compaction turns the error into 0.2 / 1.01). The error texts are GreptimeDB v1.0's (uddsketch.rs's Plan
 * errors, DataFusion's coercion message). uddsketch_merge exists from v0.15.
 */
class UddSketchFunctionsTest {
    private static final String ONE_TO_FIVE = " FROM (VALUES (1.0), (2.0), (3.0), (4.0), (5.0), (NULL)) t(x)";

    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    @Test
    void quantilesOfOneToFive_onEveryProfile() {
        for (ServerProfile p : ServerProfile.values()) {
            f.ctx = f.ctx.withProfile(p);
            EngineFixture.Result r = f.query("SELECT uddsketch_calc(0.5, uddsketch_state(128, 0.01, x)),"
                    + " uddsketch_calc(0.9, uddsketch_state(128, 0.01, x)), uddsketch_calc(0.0,"
                    + " uddsketch_state(128, 0.01, x)), uddsketch_calc(1.0, uddsketch_state(128, 0.01, x))"
                    + ONE_TO_FIVE);
            assertThat(r.schema().getFields().get(0).getType())
                    .isEqualTo(
                            new ArrowType.FloatingPoint(org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE));
            assertThat(r.rows().get(0))
                    .as(p.name())
                    .containsExactly(
                            "2.9742334234767016", "5.002829575110705", "0.9900000000000001", "5.002829575110705");
        }
    }

    @Test
    void stateBytes_areGreptimeDbsBincode() {
        EngineFixture.Result r = f.query("SELECT uddsketch_state(128, 0.01, x) FROM (VALUES (1.0)) t(x)");
        assertThat(r.schema().getFields().get(0).getType()).isEqualTo(ArrowType.Binary.INSTANCE);
        // bincode (little-endian, fixed-width ints) of UddSketchState{UDDSketch, error_rate}: 1 map entry
        // Positive(0) (variant 2, i64 0) -> {count 1, next Invalid (variant 3)}; head Positive(0); alpha 0.01;
        // gamma 1.01/0.99; compactions (u32) 0; max_buckets 128; num_values 1; values_sum 1.0; error_rate 0.01
        String real = "01000000000000000200000000000000000000000100000000000000030000000200000000000000000000007b14ae47"
                + "e17a843ffd4a815abf52f03f0000000080000000000000000100000000000000000000000000f03f7b14ae47e17a843f";
        assertThat(f.query("SELECT hex(uddsketch_state(128, 0.01, x)) FROM (VALUES (1.0)) t(x)")
                        .rows()
                        .get(0)
                        .get(0)
                        .toLowerCase(java.util.Locale.ROOT))
                .isEqualTo(real);
        assertThat(f.query("SELECT uddsketch_calc(0.5, unhex('" + real + "'))")
                        .rows()
                        .get(0))
                // one value: the rank is past the count, so the last bucket's value gamma^-1 * 1.01 = 0.99
                .containsExactly("0.9900000000000001");
    }

    @Test
    void compaction_negativesAndZero_integers_andNoRows() {
        assertThat(f.query("SELECT uddsketch_calc(0.5, uddsketch_state(10, 0.1, x)), uddsketch_calc(0.99,"
                                + " uddsketch_state(10, 0.1, x)) FROM (SELECT CAST(v AS DOUBLE) / 100 AS x FROM"
                                + " range(1, 10001) g(v)) t")
                        .rows()
                        .get(0))
                .containsExactly("41.30059363779165", "41.30059363779165");
        assertThat(f.query("SELECT uddsketch_calc(0.5, uddsketch_state(128, 0.01, x)) FROM (VALUES (-5.0), (0.0),"
                                + " (0.0), (3.0), (-1.0)) t(x)")
                        .rows()
                        .get(0))
                .containsExactly("0.0");
        assertThat(f.query("SELECT uddsketch_calc(0.5, uddsketch_state(128, 0.01, x)) FROM (VALUES (1), (2), (3))"
                                + " t(x)")
                        .rows()
                        .get(0))
                .containsExactly("1.9936617014173446");
        assertThat(f.query("SELECT uddsketch_calc(0.5, uddsketch_state(128, 0.01, x)) FROM (SELECT 1.0 AS x WHERE"
                                + " false) t")
                        .rows()
                        .get(0))
                .containsOnlyNulls();
    }

    @Test
    void merge_ofPerGroupStates() {
        assertThat(f.query("SELECT uddsketch_calc(0.5, uddsketch_merge(128, 0.01, s)) FROM (SELECT g,"
                                + " uddsketch_state(128, 0.01, x) AS s FROM (VALUES ('ä', 1.0), ('ä', 2.0), ('b',"
                                + " 10.0), ('b', 20.0), ('b', 30.0)) t(g, x) GROUP BY g) u")
                        .rows()
                        .get(0))
                .containsExactly("10.07469668951133");
        f.ctx = f.ctx.withProfile(ServerProfile.V0_14);
        f.fails(
                "SELECT uddsketch_merge(128, 0.01, s) FROM (SELECT uddsketch_state(128, 0.01, 1.0) AS s) u",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Invalid function 'uddsketch_merge'.");
    }

    @Test
    void errors_asGreptimeDbReportsThem() {
        f.fails(
                "SELECT uddsketch_merge(64, 0.01, s) FROM (SELECT uddsketch_state(128, 0.01, x) AS s FROM (VALUES"
                        + " (1.0)) t(x)) u",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: Merging UDDSketch with different parameters: arguments=(64, 0.01) vs actual"
                        + " input=(128, 0.01)");
        f.fails(
                "SELECT uddsketch_state(128, 0.01, 'a')",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'uddsketch_state' function: coercion from Int64, Float64, Utf8 to the signature"
                        + " Exact([Int64, Float64, Float64]) failed No function matches the given name and argument"
                        + " types 'uddsketch_state(Int64, Float64, Utf8)'. You might need to add explicit type"
                        + " casts.\n\tCandidate functions:\n\tuddsketch_state(Int64, Float64, Float64)");
        f.fails(
                "SELECT uddsketch_merge(128, 0.01, x) FROM (VALUES (unhex('abcd'))) t(x)",
                StatusCode.ENGINE_EXECUTE_QUERY,
                "Error during planning: Failed to deserialize UDDSketch from binary");
        assertThat(f.query("SELECT uddsketch_calc(0.5, unhex('abcd'))").rows().get(0))
                .containsOnlyNulls();
    }

    @Test
    void crateArithmetic_compactionWidensTheError() {
        UddSketch s = new UddSketch(20, 0.1);
        s.add(1.1);
        s.add(400.0);
        assertThat(s.buckets.firstKey().index()).isEqualTo(1);
        assertThat(s.buckets.lastKey().index()).isEqualTo(30);
        for (int i = 2; i < 30; i++) {
            s.add(1000.0 * Math.pow(1.23, i));
        }
        assertThat(s.count).isEqualTo(30);
        assertThat(s.alpha).isEqualTo(0.2 / 1.01);
        assertThat(UddSketch.decode(s.encode(), true).quantile(0.5)).isEqualTo(s.quantile(0.5));
    }
}
