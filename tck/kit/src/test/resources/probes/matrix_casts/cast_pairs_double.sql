-- The type matrix, source double: CAST of a DOUBLE column (typical values, limits, zero, negatives, NULL) to every
-- SQL type, and TRY_CAST where a value does not fit. Sources: DataFusion docs "SQL Reference: Data Types" (CAST,
-- TRY_CAST; arrow-rs cast kernel rules), GreptimeDB docs reference/sql/data-types.md (type conversion).

CREATE TABLE mx_double (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, c DOUBLE);

INSERT INTO mx_double VALUES (1000, 'a', 1.5), (2000, 'b', 1.7e308), (3000, 'c', -2.5), (4000, 'd', 0), (5000, 'e', NULL), (6000, 'f', 123456.789), (7000, 'g', -1e-10);

SELECT k, CAST(c AS TINYINT) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS SMALLINT) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS INT) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS INT) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS BIGINT) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS BIGINT) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS TINYINT UNSIGNED) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT UNSIGNED) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS SMALLINT UNSIGNED) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT UNSIGNED) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS INT UNSIGNED) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS INT UNSIGNED) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS BIGINT UNSIGNED) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS BIGINT UNSIGNED) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS FLOAT) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS DOUBLE) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS DECIMAL(10, 2)) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS DECIMAL(10, 2)) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS BOOLEAN) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS STRING) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS BYTEA) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS DATE) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(0)) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS TIMESTAMP(0)) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(3)) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS TIMESTAMP(3)) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(6)) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS TIMESTAMP(6)) FROM mx_double ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(9)) FROM mx_double ORDER BY k;

SELECT k, TRY_CAST(c AS TIMESTAMP(9)) FROM mx_double ORDER BY k;

DROP TABLE mx_double;
