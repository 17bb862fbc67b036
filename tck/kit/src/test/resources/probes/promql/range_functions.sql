-- PromQL range and label functions through TQL EVAL: rate/increase/delta/irate over a counter that resets,
-- *_over_time, offset, label_replace/label_join, absent, clamp/round, sort. Sources: Prometheus'
-- querying/functions documentation, GreptimeDB's docs "TQL" and src/promql/src/functions tests (v1.0.0).
CREATE TABLE pq_req (ts TIMESTAMP(3) TIME INDEX, host STRING, val DOUBLE, PRIMARY KEY (host));

INSERT INTO pq_req VALUES (0, 'a', 10.0), (10000, 'a', 20.0), (20000, 'a', 35.0), (30000, 'a', 5.0), (40000, 'a', 15.0), (50000, 'a', 30.0), (0, 'b', 100.0), (10000, 'b', 110.0), (20000, 'b', 90.0), (30000, 'b', 95.5), (40000, 'b', 130.0), (50000, 'b', 131.0);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') rate(pq_req[30s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') increase(pq_req[30s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') delta(pq_req[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') irate(pq_req[30s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') avg_over_time(pq_req[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '15s') max_over_time(pq_req[30s]) - min_over_time(pq_req[30s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') sum_over_time(pq_req[20s]) / count_over_time(pq_req[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') stddev_over_time(pq_req[30s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') last_over_time(pq_req[15s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') pq_req offset 20s;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') pq_req - pq_req offset 10s;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') rate(pq_req[20s] offset 10s);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') label_replace(pq_req, "node", "n-$1", "host", "(.*)");

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') label_join(pq_req, "both", "-", "host", "host");

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') absent(pq_req{host="zz"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') absent(pq_req{host="a"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') clamp(pq_req, 12, 100);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') round(pq_req / 3);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') round(pq_req / 3, 0.5);

TQL EVAL (40, 40, '10s') sort(pq_req);

TQL EVAL (40, 40, '10s') sort_desc(pq_req);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') sum(rate(pq_req[30s])) by (host);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') resets(pq_req[50s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 50, '10s') changes(pq_req[30s]);

DROP TABLE pq_req;
