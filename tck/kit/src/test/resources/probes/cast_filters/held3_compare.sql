-- Filters that compare a column with a literal of another type (the literal or the column is cast): integer and
-- unsigned columns against strings and decimals, floats against integer strings, booleans against strings,
-- timestamps of each precision against date and datetime strings, IN lists and BETWEEN with mixed literals,
-- explicit CAST and :: on the column, a string column compared with numbers.
-- Source: DataFusion docs "Type coercion" / SQL reference "Operators"; GreptimeDB docs "Data types" (v1.0.0).
CREATE TABLE held3_evt (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, u8 TINYINT UNSIGNED, i64 BIGINT, f DOUBLE, b BOOLEAN, code STRING, t_s TIMESTAMP(0), t_us TIMESTAMP(6), t_ns TIMESTAMP(9));

INSERT INTO held3_evt VALUES ('2024-05-01 10:00:00.250', 'a', 200, -5, 2.0, true, '042', '2024-05-01 10:00:00', '2024-05-01 10:00:00.000500', '2024-05-01 10:00:00.000000750'), ('2024-05-02 00:00:00', 'b', 7, 9000000000, 2.5, false, '7', '2024-05-02 00:00:00', '2024-05-02 00:00:00', '2024-05-02 00:00:00'), ('2024-05-03 23:59:59.999', 'c', 0, 0, -0.0, NULL, 'x9', NULL, NULL, NULL);

SELECT k FROM held3_evt WHERE u8 > '100' ORDER BY k;

SELECT k FROM held3_evt WHERE i64 = '9000000000' OR i64 < -4.5 ORDER BY k;

SELECT k FROM held3_evt WHERE f = '2' ORDER BY k;

SELECT k FROM held3_evt WHERE f IN (2, 2.5, '0') ORDER BY k;

SELECT k FROM held3_evt WHERE b = 'true' ORDER BY k;

SELECT k FROM held3_evt WHERE b != 'false' ORDER BY k;

SELECT k FROM held3_evt WHERE ts >= '2024-05-02' ORDER BY k;

SELECT k FROM held3_evt WHERE ts BETWEEN '2024-05-01 10:00:00.250' AND '2024-05-02 00:00:00' ORDER BY k;

SELECT k FROM held3_evt WHERE t_s = '2024-05-01 10:00:00' ORDER BY k;

SELECT k FROM held3_evt WHERE t_us > '2024-05-01 10:00:00.0005' ORDER BY k;

SELECT k FROM held3_evt WHERE t_ns IN ('2024-05-01 10:00:00.000000750', '2024-05-02 00:00:00') ORDER BY k;

SELECT k FROM held3_evt WHERE CAST(code AS BIGINT) = 42 ORDER BY k;

SELECT k FROM held3_evt WHERE code::INT > 5 ORDER BY k;

SELECT k FROM held3_evt WHERE code = 7 ORDER BY k;

SELECT k FROM held3_evt WHERE CAST(ts AS DATE) = '2024-05-03' ORDER BY k;

SELECT k FROM held3_evt WHERE u8 = 'abc' ORDER BY k;

SELECT k FROM held3_evt WHERE i64 BETWEEN '-10' AND '10' ORDER BY k;

DROP TABLE held3_evt;
