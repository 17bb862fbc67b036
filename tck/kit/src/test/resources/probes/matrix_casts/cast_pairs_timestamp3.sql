-- The type matrix, source timestamp3: CAST of a TIMESTAMP(3) column (typical values, limits, zero, negatives, NULL) to every
-- SQL type, and TRY_CAST where a value does not fit. Sources: DataFusion docs "SQL Reference: Data Types" (CAST,
-- TRY_CAST; arrow-rs cast kernel rules), GreptimeDB docs reference/sql/data-types.md (type conversion).

CREATE TABLE mx_timestamp3 (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, c TIMESTAMP(3));

INSERT INTO mx_timestamp3 VALUES (1000, 'a', '2024-01-01 12:30:45.123456789'), (2000, 'b', '1970-01-01 00:00:00'), (3000, 'c', '1969-12-31 23:59:59.999999999'), (4000, 'd', NULL), (5000, 'e', '2100-02-28 23:59:59');

SELECT k, CAST(c AS TINYINT) FROM mx_timestamp3 ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS SMALLINT) FROM mx_timestamp3 ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS INT) FROM mx_timestamp3 ORDER BY k;

SELECT k, TRY_CAST(c AS INT) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS BIGINT) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS TINYINT UNSIGNED) FROM mx_timestamp3 ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT UNSIGNED) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS SMALLINT UNSIGNED) FROM mx_timestamp3 ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT UNSIGNED) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS INT UNSIGNED) FROM mx_timestamp3 ORDER BY k;

SELECT k, TRY_CAST(c AS INT UNSIGNED) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS BIGINT UNSIGNED) FROM mx_timestamp3 ORDER BY k;

SELECT k, TRY_CAST(c AS BIGINT UNSIGNED) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS FLOAT) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS DOUBLE) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS DECIMAL(10, 2)) FROM mx_timestamp3 ORDER BY k;

SELECT k, TRY_CAST(c AS DECIMAL(10, 2)) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS BOOLEAN) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS STRING) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS BYTEA) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS DATE) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(0)) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(3)) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(6)) FROM mx_timestamp3 ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(9)) FROM mx_timestamp3 ORDER BY k;

DROP TABLE mx_timestamp3;
