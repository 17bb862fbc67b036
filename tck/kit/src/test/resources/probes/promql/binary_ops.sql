-- TQL EVAL binary operations between two series sets: on/ignoring, group_left/group_right, bool comparisons, arithmetic
-- between vectors with different label sets, scalar() and vector() (GreptimeDB docs: reference/sql/tql.md,
-- user-guide/query-data/promql.md; Prometheus docs: querying/operators)
CREATE TABLE pq_req (host STRING, job STRING, ts TIMESTAMP TIME INDEX, val DOUBLE, PRIMARY KEY(host, job));

CREATE TABLE pq_lim (host STRING, ts TIMESTAMP TIME INDEX, val DOUBLE, PRIMARY KEY(host));

INSERT INTO pq_req VALUES ('h1', 'api', 0, 1), ('h1', 'api', 5000, 2), ('h1', 'db', 0, 10), ('h1', 'db', 5000, 20), ('h2', 'api', 0, 3), ('h2', 'api', 5000, 4);

INSERT INTO pq_lim VALUES ('h1', 0, 100), ('h1', 5000, 200), ('h2', 0, 300), ('h2', 5000, NULL), ('h3', 0, 7), ('h3', 5000, 8);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req / on(host) group_left pq_lim;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_lim / on(host) group_right pq_req;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req{job="api"} + ignoring(job) pq_lim;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req{job="api"} + pq_lim;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req > bool 2;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req >= 3;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req{job="api"} == bool on(host) pq_lim;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req * 2 - 1;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') scalar(pq_lim{host="h3"}) * pq_req{job="db"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') scalar(pq_req);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') vector(1.5);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req and on(host) pq_lim{host="h2"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_lim unless on(host) pq_req;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_req{job="api"} or pq_lim;

DROP TABLE pq_req;

DROP TABLE pq_lim;
