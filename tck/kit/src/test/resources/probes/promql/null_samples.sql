-- TQL EVAL over rows whose field is NULL: a NULL field value is still a row of the series (GreptimeDB source
-- v1.0.0: src/promql/src/extension_plan/instant_manipulate.rs skips only NaN samples, range functions in
-- src/promql/src/functions/aggr_over_time.rs read the window's array as is, src/query/src/promql/planner.rs
-- filters a function's NULL results); selectors, functions, range functions, aggregations, comparisons
CREATE TABLE pn_val (host STRING, ts TIMESTAMP TIME INDEX, val DOUBLE, PRIMARY KEY(host));

INSERT INTO pn_val VALUES ('h1', 0, 1), ('h1', 5000, NULL), ('h1', 10000, 4), ('h2', 0, NULL), ('h2', 5000, NULL), ('h3', 0, 2), ('h3', 5000, 6), ('h3', 10000, NULL);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') pn_val;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') pn_val + 1;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') abs(pn_val);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') -pn_val;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') pn_val > bool 1;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') pn_val > 1;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') pn_val == bool pn_val;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') sum(pn_val);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') count(pn_val);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') avg by (host) (pn_val);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') max(pn_val);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') count_over_time(pn_val[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') avg_over_time(pn_val[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') sum_over_time(pn_val[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') last_over_time(pn_val[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') max_over_time(pn_val[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') rate(pn_val[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') increase(pn_val[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') delta(pn_val[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') absent(pn_val{host="h2"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') absent_over_time(pn_val{host="h2"}[5s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') timestamp(pn_val);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 15, '5s') sum by (host) (rate(pn_val[10s]));

DROP TABLE pn_val;
