-- The type matrix, source tinyint: CAST of a TINYINT column (typical values, limits, zero, negatives, NULL) to every
-- SQL type, and TRY_CAST where a value does not fit. Sources: DataFusion docs "SQL Reference: Data Types" (CAST,
-- TRY_CAST; arrow-rs cast kernel rules), GreptimeDB docs reference/sql/data-types.md (type conversion).

CREATE TABLE mx_tinyint (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, c TINYINT);

INSERT INTO mx_tinyint VALUES (1000, 'a', 1), (2000, 'b', 127), (3000, 'c', -128), (4000, 'd', 0), (5000, 'e', NULL), (6000, 'f', -7);

SELECT k, CAST(c AS TINYINT) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS SMALLINT) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS INT) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS BIGINT) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS TINYINT UNSIGNED) FROM mx_tinyint ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT UNSIGNED) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS SMALLINT UNSIGNED) FROM mx_tinyint ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT UNSIGNED) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS INT UNSIGNED) FROM mx_tinyint ORDER BY k;

SELECT k, TRY_CAST(c AS INT UNSIGNED) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS BIGINT UNSIGNED) FROM mx_tinyint ORDER BY k;

SELECT k, TRY_CAST(c AS BIGINT UNSIGNED) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS FLOAT) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS DOUBLE) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS DECIMAL(10, 2)) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS BOOLEAN) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS STRING) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS BYTEA) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS DATE) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(0)) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(3)) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(6)) FROM mx_tinyint ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(9)) FROM mx_tinyint ORDER BY k;

DROP TABLE mx_tinyint;
