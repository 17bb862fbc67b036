-- TQL EVAL aggregations with by/without, offset, rate/increase over a counter with a reset
-- (GreptimeDB docs: reference/sql/tql.md, user-guide/query-data/promql.md; Prometheus docs: querying/functions, operators)
CREATE TABLE pq_cnt (host STRING, job STRING, ts TIMESTAMP TIME INDEX, val DOUBLE, PRIMARY KEY(host, job));

INSERT INTO pq_cnt VALUES ('h1', 'api', 0, 0), ('h1', 'api', 10000, 10), ('h1', 'api', 20000, 30), ('h1', 'api', 30000, 5), ('h1', 'api', 40000, 15), ('h2', 'api', 0, 100), ('h2', 'api', 10000, 110), ('h2', 'api', 20000, 120), ('h2', 'api', 30000, 130), ('h2', 'api', 40000, 140), ('h1', 'db', 0, 1), ('h1', 'db', 20000, 2), ('h1', 'db', 40000, 3);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 40, '10s') sum by (job) (pq_cnt);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 40, '10s') sum without (host) (pq_cnt);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 40, '10s') max by (host) (pq_cnt);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 40, '10s') count without (job) (pq_cnt);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 40, '10s') avg(pq_cnt);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') pq_cnt offset 10s;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') pq_cnt{host="h1", job="api"} - pq_cnt{host="h1", job="api"} offset 10s;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (40, 40, '10s') rate(pq_cnt[40s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (40, 40, '10s') increase(pq_cnt[40s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') sum by (job) (rate(pq_cnt[20s]));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 40, '20s') topk(1, pq_cnt);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 40, '20s') sum by (nosuch) (pq_cnt);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (40, 40, '10s') resets(pq_cnt[40s]);

DROP TABLE pq_cnt;
