-- Math on a sensor table and on literals: GreptimeDB's clamp/clamp_min/clamp_max and mod/pow, DataFusion's
-- trigonometric, exponential and rounding functions, integer/unsigned arithmetic and division of columns by zero.
-- Source: GreptimeDB docs "GreptimeDB Functions" (Math Functions) and DataFusion docs "Scalar Functions" (Math).
SELECT clamp(10, 0, 1), clamp(0.5, 0, 1), clamp(-3, -2, 2), clamp_min(-1.5, 0), clamp_max(99, 10);

SELECT clamp(5, 3, 1);

SELECT clamp(NULL, 0, 1), clamp_min(NULL, 0), mod(18, 4), mod(-18, 4), mod(18.5, 4), pow(2, 0.5), pow(-8, 1.0 / 3);

SELECT sin(0), cos(pi()), round(tan(pi() / 4), 10), atan2(1, 1), asin(2), acosh(0.5);

SELECT exp(1), exp(710), ln(exp(2)), cbrt(-27), radians(180), degrees(1);

SELECT round(1.005, 2), round(-0.5), round(2.5::FLOAT), ceil(1.0000001), floor(-1e-9), trunc(123.456, -1);

SELECT 10 / 4, 10 % 4, -10 / 4, 10.0 / 4, 10 / 4.0, CAST(10 AS TINYINT) / CAST(4 AS TINYINT) AS tiny;

CREATE TABLE held_sensor (ts TIMESTAMP TIME INDEX, dev STRING PRIMARY KEY, celsius FLOAT, cnt BIGINT UNSIGNED, chg INT);

INSERT INTO held_sensor VALUES (1000, 'a', 21.5, 10, 3), (2000, 'a', -40.0, 0, 0), (3000, 'b', 105.25, 18446744073709551615, -7), (4000, 'b', NULL, NULL, NULL);

SELECT dev, clamp(celsius, -20, 100), clamp_min(chg, 0), clamp_max(cnt, 100) FROM held_sensor ORDER BY ts;

SELECT dev, cnt / 3, cnt % 3, chg / 2, mod(chg, 2), pow(chg, 2) FROM held_sensor ORDER BY ts;

SELECT dev, 10 / chg FROM held_sensor ORDER BY ts;

SELECT dev, celsius / 0.0, sqrt(celsius), round(celsius * 1.8 + 32, 1), abs(chg) FROM held_sensor ORDER BY ts;

SELECT dev, sum(celsius), avg(cnt), max(abs(chg)) FROM held_sensor GROUP BY dev ORDER BY dev;

SELECT sum(cnt) FROM held_sensor;

DROP TABLE held_sensor;
