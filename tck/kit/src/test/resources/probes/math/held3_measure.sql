-- Numeric functions and operators over readings of several numeric column types (TINYINT, SMALLINT UNSIGNED, INT,
-- BIGINT UNSIGNED, FLOAT, DOUBLE): rounding with precision, integer division/modulo (also by zero), overflow at the
-- type limits, NaN and infinity, greatest/least over mixed types, statistical aggregates.
-- Source: DataFusion docs "Math functions", "Aggregate functions: statistical"; GreptimeDB docs "Data types" (v1.0.0).
CREATE TABLE held3_sensor (ts TIMESTAMP TIME INDEX, dev STRING PRIMARY KEY, i8 TINYINT, u16 SMALLINT UNSIGNED, i32 INT, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE);

INSERT INTO held3_sensor VALUES (1000, 'a', 127, 65535, -7, 18446744073709551615, 1.5, -2.675), (2000, 'b', -128, 0, 7, 0, -0.5, 1e-10), (3000, 'c', 0, 1, 0, 42, NULL, 100.0);

INSERT INTO held3_sensor VALUES (4000, 'd', NULL, NULL, NULL, NULL, 3.25, 'NaN'), (5000, 'e', 1, 2, 3, 4, 'inf', '-Infinity');

SELECT dev, round(f64, 2), round(f32), trunc(f64, 1), ceil(f32), floor(f64) FROM held3_sensor ORDER BY dev;

SELECT dev, i8 + 1, i32 / 2, i32 % 3, -i32, abs(i32) FROM held3_sensor ORDER BY dev;

SELECT dev, abs(i8) FROM held3_sensor ORDER BY dev;

SELECT dev, u64 + 1 FROM held3_sensor ORDER BY dev;

SELECT dev, i32 / 0 FROM held3_sensor ORDER BY dev;

SELECT dev, f64 / 0, isnan(f64), signum(f64) FROM held3_sensor ORDER BY dev;

SELECT dev, greatest(i8, i32, u16), least(f32, f64) FROM held3_sensor ORDER BY dev;

SELECT dev, log(10, u16), ln(f32), sqrt(i32), power(2, i32) FROM held3_sensor ORDER BY dev;

SELECT round(stddev(i32), 4), round(var_pop(i32), 4), round(corr(i32, f32), 4), round(covar_samp(i8, i32), 4) FROM held3_sensor;

SELECT sum(u64), avg(u16), min(f64), max(f64), sum(i8) FROM held3_sensor;

SELECT round(2.5), round(-2.5), round(0.125, 2), round(1234.5, -2), trunc(-1.99);

SELECT 9223372036854775807 + 1;

SELECT CAST(300 AS TINYINT);

SELECT gcd(0, 0), lcm(4, 0), factorial(20), factorial(21);

DROP TABLE held3_sensor;
