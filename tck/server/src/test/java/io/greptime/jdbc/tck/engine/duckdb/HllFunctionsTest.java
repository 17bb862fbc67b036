package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * hll / hll_merge / hll_count, cases from GreptimeDB's scalars/hll_count.rs unit tests (ten distinct strings
 * count 10, bytes that are no state count NULL) and aggrs/approximate/hll.rs (strings only), on every profile.
 */
class HllFunctionsTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
        f.update("CREATE TABLE h (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, v STRING, n BIGINT)");
        f.update("INSERT INTO h VALUES (1, 'a', '1', 1), (2, 'a', '2', 2), (3, 'a', '2', 2), (4, 'b', '3', 3),"
                + " (5, 'b', '1', 1), (6, 'b', NULL, NULL), (7, 'c', '登录', 4), (8, 'c', '', 5)");
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    @Test
    void hllCount_ofTenDistinctStrings_isTen() {
        assertThat(f.query("SELECT hll_count(hll(CAST(x AS STRING))) FROM (SELECT * FROM range(1, 11) r(x),"
                                + " range(0, 3) k(y)) t")
                        .rows()
                        .get(0))
                .containsExactly("10");
    }

    @Test
    void stateIsBinary_countIsUInt64_perGroup_NullsSkipped() {
        for (ServerProfile p : ServerProfile.values()) {
            f.ctx = f.ctx.withProfile(p);
            EngineFixture.Result r =
                    f.query("SELECT g, hll(v) AS s, hll_count(hll(v)) AS c FROM h GROUP BY g ORDER BY g");
            assertThat(r.schema().getFields().get(1).getType()).isEqualTo(ArrowType.Binary.INSTANCE);
            assertThat(r.schema().getFields().get(2).getType()).isEqualTo(new ArrowType.Int(64, false));
            // 'a': 1, 2, 2; 'b': 3, 1, NULL; 'c': a non-ASCII string and the empty string
            assertThat(r.column(2)).containsExactly("2", "2", "2");
        }
    }

    @Test
    void hllMerge_unionsStates() {
        assertThat(f.query("SELECT hll_count(hll_merge(s)) FROM (SELECT g, hll(v) AS s FROM h GROUP BY g) t")
                        .rows()
                        .get(0))
                .containsExactly("5");
    }

    @Test
    void emptyInput_countsZero_andBytesThatAreNoState_countNull() {
        assertThat(f.query("SELECT hll_count(hll(v)) FROM h WHERE g = 'none'")
                        .rows()
                        .get(0))
                .containsExactly("0");
        assertThat(f.query("SELECT hll_count(unhex('010203'))").rows().get(0)).containsExactly((String) null);
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        assertThat(f.query("SELECT hll_count(NULL)").rows().get(0)).containsExactly((String) null);
    }

    @Test
    void hll_ofANumber_isRefusedBeforeOneDotZero_andCountedAsTextFromIt() {
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        f.fails(
                "SELECT hll(n) FROM h",
                StatusCode.UNSUPPORTED,
                "This feature is not implemented: hll does not support data type: Int64");
        // a real v1.0.0 coerces the Int64 column to hll's Utf8 and counts it
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        assertThat(f.query("SELECT hll_count(hll(n)) FROM h").rows().get(0)).containsExactly("5");
    }

    @Test
    void fromOneDotZero_aLiteralThatIsNoState_orAnotherArity_failsWhilePlanning() {
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        f.fails(
                "SELECT hll_count(NULL)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'hll_count' function: coercion from Null to the signature Exact([Binary]) failed No"
                        + " function matches the given name and argument types 'hll_count(Null)'. You might need to"
                        + " add explicit type casts.\n\tCandidate functions:\n\thll_count(Binary)");
        f.fails(
                "SELECT hll(v, n) FROM h",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to 'hll'"
                        + " function: coercion from Utf8, Int64 to the signature Exact([Utf8]) failed No function"
                        + " matches the given name and argument types 'hll(Utf8, Int64)'. You might need to add"
                        + " explicit type casts.\n\tCandidate functions:\n\thll(Utf8)");
    }
}
