package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * anomaly_score_zscore / _mad / _iqr (v1.0+): the expected scores are a real GreptimeDB v1.0.0's answers to
 * the same statements (growing frames, whole partitions, sliding ROWS frames, partitions, NULL values and k,
 * constant windows with a zero scale), plus the quartiles of GreptimeDB's utils.rs unit test (1..10: Q1 3.25,
 * Q3 7.75); refused before v1.0.
 */
class AnomalyScoresTest {
    private static final String SERIES =
            "(VALUES (1, 1.0), (2, 2.0), (3, 1.5), (4, 2.5), (5, 100.0), (6, NULL), (7, 2.0)) t(t, x)";

    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    @Test
    void growingFrame_scoresEachRowAgainstTheRowsUpToIt() {
        EngineFixture.Result r = f.query("SELECT anomaly_score_zscore(x) OVER (ORDER BY t),"
                + " anomaly_score_mad(x) OVER (ORDER BY t), anomaly_score_iqr(x, 1.5) OVER (ORDER BY t) FROM "
                + SERIES + " ORDER BY t");
        assertThat(r.schema().getFields().get(0).getType())
                .isEqualTo(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
        assertThat(r.column(0))
                .containsExactly(
                        null, "1.0", "0.0", "1.3416407864998738", "1.999838153918595", null, "0.44171293677410356");
        assertThat(r.column(1))
                .containsExactly(null, null, "0.0", "1.011736139214893", "132.20018885741266", null, "0.0");
        assertThat(r.column(2)).containsExactly(null, null, "0.0", "0.0", "96.0", null, "0.0");
    }

    @Test
    void constantWindow_zeroScaleIsZeroAtTheCentre_andInfinityElsewhere() {
        EngineFixture.Result r = f.query("SELECT anomaly_score_zscore(x) OVER (), anomaly_score_mad(x) OVER (),"
                + " anomaly_score_iqr(x, 0) OVER () FROM (VALUES (1, 5), (2, 5), (3, 5), (4, 9)) t(t, x) ORDER BY t");
        assertThat(r.rows().get(0)).containsExactly("0.5773502691896258", "0.0", "0.0");
        assertThat(r.rows().get(3)).containsExactly("1.7320508075688774", "inf", "3.0");
    }

    @Test
    void slidingFrames_andPerRowK() {
        EngineFixture.Result r = f.query("SELECT anomaly_score_zscore(x) OVER (ORDER BY t ROWS BETWEEN 1 PRECEDING"
                + " AND 1 FOLLOWING), anomaly_score_iqr(x, k) OVER (ORDER BY t ROWS BETWEEN 2 PRECEDING AND CURRENT"
                + " ROW) FROM (VALUES (1, 1, 1.0), (2, 3, -1.0), (3, 7, 1.0), (4, 20, NULL), (5, 4, 0.5)) t(t, x, k)"
                + " ORDER BY t");
        assertThat(r.column(0))
                .containsExactly("1.0", "0.26726124191242434", "0.4133836909571628", "1.3920445461382258", "1.0");
        // k < 0 and a NULL k answer NULL
        assertThat(r.column(1)).containsExactly(null, null, "0.0", null, "0.0");
    }

    @Test
    void partitions_nonAsciiKeys_andIntegerInput() {
        assertThat(f.query("SELECT anomaly_score_zscore(x) OVER (PARTITION BY g ORDER BY t) FROM (VALUES ('ü', 1,"
                                + " 10.0), ('ü', 2, 12.0), ('b', 3, 1.0), ('b', 4, 1.0), ('ü', 5, 50.0)) t(g, t, x)"
                                + " ORDER BY t")
                        .column(0))
                .containsExactly(null, "1.0", null, "0.0", "1.4128209342043259");
        assertThat(f.query("SELECT anomaly_score_mad(x) OVER () FROM (VALUES (1), (2), (3)) t(x)")
                        .column(0))
                .containsExactly("0.6744907594765952", "0.0", "0.6744907594765952");
        // quartiles of 1..10 are 3.25 and 7.75: 10 lies 2.25 past Q3, half an IQR of 4.5
        assertThat(f.query("SELECT anomaly_score_iqr(x, 0) OVER () FROM range(1, 11) r(x) ORDER BY x DESC LIMIT 1")
                        .column(0))
                .containsExactly("0.5");
    }

    @Test
    void errors_andLines() {
        f.fails(
                "SELECT anomaly_score_mad(x) FROM (VALUES (1.0)) t(x)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Invalid function 'anomaly_score_mad'.\nDid you mean"
                        + " 'array_sort'?");
        String numerics = "Int8/Int16/Int32/Int64/UInt8/UInt16/UInt32/UInt64/Float16/Float32/Float64";
        f.fails(
                "SELECT anomaly_score_zscore('a') OVER ()",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'anomaly_score_zscore' function: coercion from Utf8 to the signature Uniform(1, [Int8,"
                        + " Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float16, Float32, Float64]) failed No"
                        + " function matches the given name and argument types 'anomaly_score_zscore(Utf8)'. You might"
                        + " need to add explicit type casts.\n\tCandidate functions:\n\tanomaly_score_zscore("
                        + numerics + ")");
        f.fails(
                "SELECT anomaly_score_iqr(1.0) OVER ()",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Failed to coerce arguments to satisfy a call to"
                        + " 'anomaly_score_iqr' function: coercion from Float64 to the signature Uniform(2, [Int8,"
                        + " Int16, Int32, Int64, UInt8, UInt16, UInt32, UInt64, Float16, Float32, Float64]) failed No"
                        + " function matches the given name and argument types 'anomaly_score_iqr(Float64)'. You might"
                        + " need to add explicit type casts.\n\tCandidate functions:\n\tanomaly_score_iqr(" + numerics
                        + ", " + numerics + ")");
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        f.fails(
                "SELECT anomaly_score_zscore(x) OVER () FROM (VALUES (1.0)) t(x)",
                StatusCode.PLAN_QUERY,
                "Failed to plan SQL: Error during planning: Invalid function 'anomaly_score_zscore'.");
    }
}
