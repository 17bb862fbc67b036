-- hll builds HyperLogLog states, hll_merge merges them, hll_count reads the estimate; with GROUP BY
-- (GreptimeDB v1.0.0 src/common/function/src/aggrs/approximate/hll.rs, scalars/hll_count.rs; docs: "Approximate functions")
CREATE TABLE hprobe (ts TIMESTAMP TIME INDEX, g STRING, u STRING, n BIGINT);

INSERT INTO hprobe VALUES (1000, 'a', 'x', 1), (2000, 'a', 'y', 2), (3000, 'a', 'x', 1), (4000, 'b', 'z', 3), (5000, 'b', NULL, NULL), (6000, 'c', 'ü', 4);

SELECT g, hll_count(hll(u)) FROM hprobe GROUP BY g ORDER BY g;

SELECT hll_count(hll(u)), hll_count(hll(n)) FROM hprobe;

SELECT hll_count(hll_merge(st)) FROM (SELECT g, hll(u) AS st FROM hprobe GROUP BY g);

SELECT g, hll_count(hll(u)) FROM hprobe WHERE u IS NULL GROUP BY g ORDER BY g;

SELECT hll_count(hll(u)) FROM hprobe WHERE g = 'none';

SELECT hll_count('abc');

SELECT hll_count(NULL);

SELECT hll(u, n) FROM hprobe;

DROP TABLE hprobe;
