-- uddsketch_state builds a sketch (bucket count, error rate, value); uddsketch_calc reads a quantile from it
-- (GreptimeDB v1.0.0 src/common/function/src/aggrs/approximate/uddsketch.rs, scalars/uddsketch_calc.rs)
CREATE TABLE uprobe (ts TIMESTAMP TIME INDEX, g STRING, v DOUBLE);

INSERT INTO uprobe VALUES (1000, 'a', 1.0), (2000, 'a', 2.0), (3000, 'a', 3.0), (4000, 'a', 4.0), (5000, 'b', 100.0), (6000, 'b', NULL);

SELECT g, round(uddsketch_calc(0.5, uddsketch_state(128, 0.01, v)), 1) FROM uprobe GROUP BY g ORDER BY g;

SELECT round(uddsketch_calc(0.0, uddsketch_state(128, 0.01, v)), 1), round(uddsketch_calc(1.0, uddsketch_state(128, 0.01, v)), 1) FROM uprobe;

SELECT uddsketch_calc(0.5, uddsketch_state(128, 0.01, v)) FROM uprobe WHERE g = 'none';

SELECT uddsketch_calc(0.5, NULL);

SELECT uddsketch_state(128, 0.01) FROM uprobe;

DROP TABLE uprobe;
