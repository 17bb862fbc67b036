-- DataFusion 52's math functions on a DECIMAL column and decimal casts: ceil/floor/round keep the decimal (round to the
-- literal's places), the float family takes it as Float64, power keeps a decimal base
-- (datafusion/functions/src/math/{round.rs,ceil.rs,floor.rs,trunc.rs,power.rs,abs.rs}, as registered by GreptimeDB v1.0.0)
CREATE TABLE md (ts TIMESTAMP TIME INDEX, d DECIMAL(10, 3));

INSERT INTO md VALUES (1000, 12.345), (2000, -0.5), (3000, NULL);

SELECT d, ceil(d), floor(d), round(d), round(d, 1), abs(d) FROM md ORDER BY ts;

SELECT d, trunc(d), sqrt(abs(d)), signum(d), power(d, 2), exp(d) > 0 FROM md ORDER BY ts;

SELECT arrow_typeof(ceil(d)), arrow_typeof(round(d, 1)), arrow_typeof(trunc(d)), arrow_typeof(abs(d)), arrow_typeof(power(d, 2)) FROM md ORDER BY ts LIMIT 1;

SELECT round(2.5::DECIMAL(4, 1)), ceil(-1.25::DECIMAL(5, 2)), floor(-1.25::DECIMAL(5, 2)), round(1.005::DECIMAL(6, 3), 2);

SELECT d / 0.0, d * 2.5 FROM md ORDER BY ts;

DROP TABLE md;
