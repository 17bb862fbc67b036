-- PromQL through TQL EVAL: binary operators (on/ignoring, group_left/group_right, bool), scalar(), vector(),
-- time() and aggregations with by/without. Sources: Prometheus' querying/operators and querying/functions
-- documentation, GreptimeDB's docs "TQL" and src/promql planner tests (v1.0.0).
CREATE TABLE pq_cpu (ts TIMESTAMP(3) TIME INDEX, host STRING, kind STRING, val DOUBLE, PRIMARY KEY (host, kind));

CREATE TABLE pq_cores (ts TIMESTAMP(3) TIME INDEX, host STRING, val DOUBLE, PRIMARY KEY (host));

INSERT INTO pq_cpu VALUES (0, 'a', 'user', 1.0), (0, 'a', 'sys', 2.0), (0, 'b', 'user', 3.0), (0, 'b', 'sys', 4.0), (10000, 'a', 'user', 5.0), (10000, 'a', 'sys', 6.0), (10000, 'b', 'user', 7.0), (10000, 'b', 'sys', 8.5);

INSERT INTO pq_cores VALUES (0, 'a', 2.0), (0, 'b', 4.0), (10000, 'a', 2.0), (10000, 'b', 8.0);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_cpu / ignoring(kind) group_left pq_cores;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') pq_cores * on(host) group_right pq_cpu;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') pq_cpu > bool 4;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') pq_cpu >= 5;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') 2 * pq_cpu - 1;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') pq_cpu{kind="user"} + on(host) pq_cores;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') pq_cpu == bool on(host, kind) pq_cpu;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') sum by (host) (pq_cpu);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') avg without (host) (pq_cpu);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') max(pq_cpu) - min(pq_cpu);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') count by (kind) (pq_cpu > 2);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') topk(2, pq_cpu);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') bottomk by (host) (1, pq_cpu);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') quantile(0.5, pq_cpu);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') stddev by (kind) (pq_cpu);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') scalar(sum(pq_cores)) * pq_cores;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') vector(3) + scalar(max(pq_cores));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') time() - pq_cores;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '10s') sum(pq_cpu) / sum(pq_cores);

DROP TABLE pq_cpu;

DROP TABLE pq_cores;
