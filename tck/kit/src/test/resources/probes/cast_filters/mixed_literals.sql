-- Columns compared with literals of another type: int_col = '5', string_col = 5, float vs decimal, BETWEEN/IN with mixed
-- types, NULL rows (DataFusion's comparison coercion; GreptimeDB docs: reference/sql/data-types.md)
CREATE TABLE pm_t (k STRING, i INT, u SMALLINT UNSIGNED, f FLOAT, d DOUBLE, m DECIMAL(10, 2), s STRING, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

INSERT INTO pm_t VALUES ('a', 5, 5, 1.5, 0.1, 1.50, '5', 1), ('b', 10, 10, 2.25, 0.3, 2.25, '10', 2), ('c', NULL, NULL, NULL, NULL, NULL, NULL, 3), ('d', -1, 0, -0.5, 1e10, -0.01, 'abc', 4);

SELECT k FROM pm_t WHERE i = '5' ORDER BY k;

SELECT k FROM pm_t WHERE i > '7' ORDER BY k;

SELECT k FROM pm_t WHERE s = 5 ORDER BY k;

SELECT k FROM pm_t WHERE s > 5 ORDER BY k;

SELECT k FROM pm_t WHERE i = 5.0 ORDER BY k;

SELECT k FROM pm_t WHERE i = 5.5 ORDER BY k;

SELECT k FROM pm_t WHERE u = -1 ORDER BY k;

SELECT k FROM pm_t WHERE f = 1.5 ORDER BY k;

SELECT k FROM pm_t WHERE m = 1.5 ORDER BY k;

SELECT k FROM pm_t WHERE m = f ORDER BY k;

SELECT k FROM pm_t WHERE d = 0.1 ORDER BY k;

SELECT k FROM pm_t WHERE m > 1 AND m < 2.3 ORDER BY k;

SELECT k FROM pm_t WHERE i BETWEEN '1' AND 6 ORDER BY k;

SELECT k FROM pm_t WHERE i IN ('5', 10) ORDER BY k;

SELECT k FROM pm_t WHERE i NOT IN (5, '10') ORDER BY k;

SELECT k FROM pm_t WHERE i = 'x' ORDER BY k;

SELECT k FROM pm_t WHERE s IN (5, 10) ORDER BY k;

SELECT k FROM pm_t WHERE i = NULL ORDER BY k;

SELECT k FROM pm_t WHERE i = true ORDER BY k;

DROP TABLE pm_t;
