-- The type matrix, source string: CAST of a STRING column (typical values, limits, zero, negatives, NULL) to every
-- SQL type, and TRY_CAST where a value does not fit. Sources: DataFusion docs "SQL Reference: Data Types" (CAST,
-- TRY_CAST; arrow-rs cast kernel rules), GreptimeDB docs reference/sql/data-types.md (type conversion).

CREATE TABLE mx_string (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, c STRING);

INSERT INTO mx_string VALUES (1000, 'a', '42'), (2000, 'b', '-7'), (3000, 'c', '1.5'), (4000, 'd', 'abc'), (5000, 'e', ''), (6000, 'f', ' 12 '), (7000, 'g', 'true'), (8000, 'h', '2024-01-01'), (9000, 'i', '2024-01-01 12:30:45.123456789'), (10000, 'j', NULL), (11000, 'k', '1e3'), (12000, 'l', '0'), (13000, 'm', '99999999999999999999'), (14000, 'n', 'FALSE');

SELECT k, CAST(c AS TINYINT) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS SMALLINT) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS INT) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS INT) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS BIGINT) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS BIGINT) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS TINYINT UNSIGNED) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS TINYINT UNSIGNED) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS SMALLINT UNSIGNED) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS SMALLINT UNSIGNED) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS INT UNSIGNED) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS INT UNSIGNED) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS BIGINT UNSIGNED) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS BIGINT UNSIGNED) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS FLOAT) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS FLOAT) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS DOUBLE) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS DOUBLE) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS DECIMAL(10, 2)) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS DECIMAL(10, 2)) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS BOOLEAN) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS BOOLEAN) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS STRING) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS BYTEA) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS DATE) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS DATE) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(0)) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS TIMESTAMP(0)) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(3)) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS TIMESTAMP(3)) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(6)) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS TIMESTAMP(6)) FROM mx_string ORDER BY k;

SELECT k, CAST(c AS TIMESTAMP(9)) FROM mx_string ORDER BY k;

SELECT k, TRY_CAST(c AS TIMESTAMP(9)) FROM mx_string ORDER BY k;

DROP TABLE mx_string;
