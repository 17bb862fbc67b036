-- TQL EVAL over a table with two field columns and NULLs in either: the bare selector, __field__ selection,
-- functions and aggregations over the chosen field (GreptimeDB docs: user-guide/query-data/promql.md,
-- "__field__" label; src/query/src/promql/planner.rs v1.0.0: create_empty_values_filter_expr per field)
CREATE TABLE pf_two (host STRING, ts TIMESTAMP TIME INDEX, a DOUBLE, b DOUBLE, PRIMARY KEY(host));

INSERT INTO pf_two VALUES ('h1', 0, 1, NULL), ('h1', 5000, NULL, 20), ('h1', 10000, 3, 30), ('h2', 0, NULL, NULL), ('h2', 5000, 5, NULL);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pf_two;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pf_two{__field__="b"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pf_two{__field__="a"} * 2;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') abs(pf_two);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') sum(pf_two);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') count by (host) (pf_two{__field__="b"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') count_over_time(pf_two{__field__="b"}[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pf_two{__field__="a"} + on(host) pf_two{__field__="b"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') sum by (host) (pf_two{__field__="b"}) or pf_two{__field__="a"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') sum by (node) (label_replace(pf_two{__field__="b"}, "node", "n-$1", "host", "h(.)"));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') max by (host) (label_replace(pf_two, "node", "$1", "host", "(.*)"));

DROP TABLE pf_two;
