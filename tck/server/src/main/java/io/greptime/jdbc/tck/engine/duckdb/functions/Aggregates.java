package io.greptime.jdbc.tck.engine.duckdb.functions;

import java.util.Set;

/** The aggregate functions of GreptimeDB's query engine (DataFusion's and GreptimeDB's own). */
public final class Aggregates {
    private static final Set<String> NAMES = Set.of(
            "count",
            "sum",
            "min",
            "max",
            "avg",
            "mean",
            "first_value",
            "last_value",
            "nth_value",
            "array_agg",
            "string_agg",
            "stddev",
            "stddev_samp",
            "stddev_pop",
            "std",
            "var",
            "var_samp",
            "var_sample",
            "var_pop",
            "covar",
            "covar_samp",
            "covar_pop",
            "corr",
            "median",
            "approx_distinct",
            "approx_median",
            "approx_percentile_cont",
            "approx_percentile_cont_with_weight",
            "bit_and",
            "bit_or",
            "bit_xor",
            "bool_and",
            "bool_or",
            "regr_slope",
            "regr_intercept",
            "regr_count",
            "regr_r2",
            "regr_avgx",
            "regr_avgy",
            "regr_sxx",
            "regr_syy",
            "regr_sxy",
            "grouping",
            "uddsketch_state",
            "uddsketch_merge",
            "hll",
            "hll_merge",
            "count_hash",
            "percentile_cont",
            "json_encode_path",
            "vec_sum",
            "vec_product",
            "vec_avg",
            "geo_path",
            "state_count",
            "state_sum");

    private Aggregates() {}

    public static boolean isAggregate(String name) {
        return NAMES.contains(name);
    }
}
