-- The type matrix, source bigint: CAST of a BIGINT column (typical values, limits, zero, negatives, NULL) to every
-- SQL type, and TRY_CAST where a value does not fit. Sources: DataFusion docs "SQL Reference: Data Types" (CAST,
-- TRY_CAST; arrow-rs cast kernel rules), GreptimeDB docs reference/sql/data-types.md (type conversion).

CREATE TABLE mx_bigint (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, c BIGINT);

INSERT INTO mx_bigint VALUES (1000, 'a', 1), (2000, 'b', 9223372036854775807), (3000, 'c', -9223372036854775808), (4000, 'd', 0), (5000, 'e', NULL), (6000, 'f', 1704067200);

SELECT k, CAST(c AS TINYINT) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS SMALLINT) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS INT) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS INT) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS BIGINT) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS TINYINT UNSIGNED) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT UNSIGNED) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS SMALLINT UNSIGNED) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT UNSIGNED) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS INT UNSIGNED) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS INT UNSIGNED) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS BIGINT UNSIGNED) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS BIGINT UNSIGNED) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS FLOAT) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS DOUBLE) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS DECIMAL(10, 2)) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS DECIMAL(10, 2)) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS BOOLEAN) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS STRING) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS BYTEA) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS DATE) FROM mx_bigint ORDER BY k;

SELECT k, TRY_CAST(c AS DATE) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(0)) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(3)) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(6)) FROM mx_bigint ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(9)) FROM mx_bigint ORDER BY k;

DROP TABLE mx_bigint;
