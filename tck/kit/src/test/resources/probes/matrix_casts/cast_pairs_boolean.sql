-- The type matrix, source boolean: CAST of a BOOLEAN column (typical values, limits, zero, negatives, NULL) to every
-- SQL type, and TRY_CAST where a value does not fit. Sources: DataFusion docs "SQL Reference: Data Types" (CAST,
-- TRY_CAST; arrow-rs cast kernel rules), GreptimeDB docs reference/sql/data-types.md (type conversion).

CREATE TABLE mx_boolean (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, c BOOLEAN);

INSERT INTO mx_boolean VALUES (1000, 'a', true), (2000, 'b', false), (3000, 'c', NULL);

SELECT k, CAST(c AS TINYINT) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS SMALLINT) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS INT) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS BIGINT) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS TINYINT UNSIGNED) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS SMALLINT UNSIGNED) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS INT UNSIGNED) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS BIGINT UNSIGNED) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS FLOAT) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS DOUBLE) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS DECIMAL(10, 2)) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS BOOLEAN) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS STRING) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS BYTEA) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS DATE) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(0)) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(3)) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(6)) FROM mx_boolean ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(9)) FROM mx_boolean ORDER BY k;

DROP TABLE mx_boolean;
