-- A cast column compared with a literal: CAST(ts AS DATE) = '...', CAST(i AS STRING) = '1', and the like, with NULL rows
-- (DataFusion's type coercion and GreptimeDB's cast pre-image rewrite; GreptimeDB docs: reference/sql/functions/overview.md, data-types.md)
CREATE TABLE pc_t (k STRING, i INT, f DOUBLE, s STRING, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

INSERT INTO pc_t VALUES ('a', 1, 1.5, '1', '2024-01-01 00:00:00'), ('b', 2, 2.0, '02', '2024-01-01 23:59:59.999'), ('c', NULL, NULL, NULL, '2024-01-02 00:00:00'), ('d', -3, 2.5, 'x', '2023-12-31 23:59:59');

SELECT k FROM pc_t WHERE CAST(ts AS DATE) = '2024-01-01' ORDER BY k;

SELECT k FROM pc_t WHERE CAST(ts AS DATE) > DATE '2024-01-01' ORDER BY k;

SELECT k FROM pc_t WHERE CAST(i AS STRING) = '1' ORDER BY k;

SELECT k FROM pc_t WHERE CAST(i AS DOUBLE) = 2.0 ORDER BY k;

SELECT k FROM pc_t WHERE CAST(s AS INT) = 2 ORDER BY k;

SELECT k FROM pc_t WHERE CAST(f AS BIGINT) = 2 ORDER BY k;

SELECT k, CAST(ts AS DATE) FROM pc_t WHERE CAST(ts AS DATE) IS NULL OR i IS NULL ORDER BY k;

SELECT k FROM pc_t WHERE CAST(i AS STRING) IN ('1', '-3') ORDER BY k;

SELECT k FROM pc_t WHERE CAST(ts AS DATE) BETWEEN '2023-12-31' AND '2024-01-01' ORDER BY k;

SELECT k FROM pc_t WHERE i::BIGINT >= 1 ORDER BY k;

DROP TABLE pc_t;
