-- round/trunc/log/power/abs/mod/div on ints and floats, integer overflow, division by zero, NaN/inf
-- (DataFusion "Math functions" docs, as registered by GreptimeDB v1.0.0)
SELECT round(2.5), round(-2.5), round(1.2345, 2), round(1234.5, -2), round(7, 1);

SELECT trunc(-3.99), trunc(3.14159, 3), trunc(10), ceil(-0.5), floor(-0.5);

SELECT log(100), log(2, 8), ln(1), log10(0.001), log2(1024);

SELECT log(0), ln(-1), sqrt(-4), power(0, 0), power(2, -1), power(2, 10);

SELECT 9223372036854775807 + 1;

SELECT 2147483647::INT + 1::INT, (-128)::TINYINT - 1::TINYINT;

SELECT 7 / 2, -7 / 2, 7 % -3, 7.0 / 2, 1 / 0.0;

SELECT 1 / 0;

SELECT abs(-9223372036854775807), signum(-3.5), gcd(12, 18), lcm(4, 6), factorial(5), cot(1.0) > 0;

SELECT 'NaN'::DOUBLE = 'NaN'::DOUBLE, 'inf'::DOUBLE > 1e308, isnan('NaN'::DOUBLE), iszero(-0.0), nanvl('NaN'::DOUBLE, 1);

CREATE TABLE mt (ts TIMESTAMP TIME INDEX, i INT, f DOUBLE, u BIGINT UNSIGNED);

INSERT INTO mt VALUES (1000, -5, 2.675, 18446744073709551615), (2000, 0, -0.5, 0), (3000, NULL, NULL, NULL);

SELECT i, round(f, 2), trunc(f), power(i, 2), abs(i), f * i, u FROM mt ORDER BY ts;

SELECT u + 1 FROM mt ORDER BY ts;

DROP TABLE mt;
