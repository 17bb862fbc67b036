-- PromQL combinations through TQL EVAL: functions inside aggregations inside binary operations, set operators,
-- label functions feeding aggregations, offset inside aggregations. Sources: Prometheus' querying/operators,
-- querying/functions and querying/examples documentation; GreptimeDB's docs "TQL" (v1.0.0).
CREATE TABLE pc_http (ts TIMESTAMP(3) TIME INDEX, host STRING, code STRING, val DOUBLE, PRIMARY KEY (host, code));

CREATE TABLE pc_limit (ts TIMESTAMP(3) TIME INDEX, host STRING, val DOUBLE, PRIMARY KEY (host));

INSERT INTO pc_http VALUES (0, 'a', '200', 10.0), (10000, 'a', '200', 30.0), (20000, 'a', '200', 60.0), (30000, 'a', '200', 20.0), (0, 'a', '500', 1.0), (10000, 'a', '500', 2.0), (20000, 'a', '500', 4.0), (30000, 'a', '500', 8.0), (0, 'b', '200', 5.0), (10000, 'b', '200', 6.0), (20000, 'b', '200', 7.0), (30000, 'b', '200', 9.0);

INSERT INTO pc_limit VALUES (0, 'a', 3.0), (10000, 'a', 3.0), (20000, 'a', 3.0), (30000, 'a', 3.0), (0, 'c', 1.0), (30000, 'c', 1.0);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') sum by (host) (rate(pc_http[20s])) / on(host) group_left pc_limit;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') sum without (code) (increase(pc_http[20s]));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') max by (code) (pc_http) - min by (code) (pc_http);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') pc_http{code="200"} and on(host) pc_limit;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') pc_http{code="200"} unless on(host) pc_limit;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') pc_limit or on(host) pc_http{code="500"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') sum by (node) (label_replace(pc_http, "node", "$1", "host", "(.)"));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') sum(pc_http offset 10s) by (code);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') topk by (code) (1, rate(pc_http[20s]));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') count(pc_http > bool 5) by (host);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') avg(clamp_max(pc_http, 25)) by (host);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') round(pc_http / on(host) group_left pc_limit);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') quantile_over_time(0.5, pc_http[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') absent_over_time(pc_limit{host="c"}[5s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') pc_http{host="b"} - ignoring(code) pc_limit;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') sum(pc_http) by (host) > bool on(host) pc_limit * 10;

DROP TABLE pc_http;

DROP TABLE pc_limit;
