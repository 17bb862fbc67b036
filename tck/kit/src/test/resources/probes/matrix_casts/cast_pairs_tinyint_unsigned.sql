-- The type matrix, source tinyint_unsigned: CAST of a TINYINT UNSIGNED column (typical values, limits, zero, negatives, NULL) to every
-- SQL type, and TRY_CAST where a value does not fit. Sources: DataFusion docs "SQL Reference: Data Types" (CAST,
-- TRY_CAST; arrow-rs cast kernel rules), GreptimeDB docs reference/sql/data-types.md (type conversion).

CREATE TABLE mx_tinyint_unsigned (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, c TINYINT UNSIGNED);

INSERT INTO mx_tinyint_unsigned VALUES (1000, 'a', 1), (2000, 'b', 255), (3000, 'c', 0), (4000, 'd', NULL), (5000, 'e', 128);

SELECT k, CAST(c AS TINYINT) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS SMALLINT) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS INT) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS BIGINT) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS TINYINT UNSIGNED) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS SMALLINT UNSIGNED) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS INT UNSIGNED) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS BIGINT UNSIGNED) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS FLOAT) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS DOUBLE) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS DECIMAL(10, 2)) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS BOOLEAN) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS STRING) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS BYTEA) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS DATE) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(0)) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(3)) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(6)) FROM mx_tinyint_unsigned ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(9)) FROM mx_tinyint_unsigned ORDER BY k;

DROP TABLE mx_tinyint_unsigned;
