-- Numeric scalar functions over every numeric column type: log2(x), log(2, x), power(x, 2), pow(x, 0.5), power(2, x).
-- Source: DataFusion 52.1 math functions (datafusion/functions/src/math/{mod.rs,log.rs,power.rs}) and the DataFusion docs
-- "Scalar Functions" (Math: sqrt, cbrt, exp, ln, log, log10, log2, power/pow); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, log2(i8), log2(i16), log2(i32), log2(i64), log2(u8), log2(u16), log2(u32), log2(u64), log2(f32), log2(f64), log2(d1), log2(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log2(i8), log2(i16), log2(i32), log2(i64), log2(u8), log2(u16), log2(u32), log2(u64), log2(f32), log2(f64), log2(d1), log2(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(log2(i8)), arrow_typeof(log2(i16)), arrow_typeof(log2(i32)), arrow_typeof(log2(i64)), arrow_typeof(log2(u8)), arrow_typeof(log2(u16)), arrow_typeof(log2(u32)), arrow_typeof(log2(u64)), arrow_typeof(log2(f32)), arrow_typeof(log2(f64)), arrow_typeof(log2(d1)), arrow_typeof(log2(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, log2(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log2(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log(2, i8), log(2, i16), log(2, i32), log(2, i64), log(2, u8), log(2, u16), log(2, u32), log(2, u64), log(2, f32), log(2, f64), log(2, d1), log(2, d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log(2, i8), log(2, i16), log(2, i32), log(2, i64), log(2, u8), log(2, u16), log(2, u32), log(2, u64), log(2, f32), log(2, f64), log(2, d1), log(2, d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(log(2, i8)), arrow_typeof(log(2, i16)), arrow_typeof(log(2, i32)), arrow_typeof(log(2, i64)), arrow_typeof(log(2, u8)), arrow_typeof(log(2, u16)), arrow_typeof(log(2, u32)), arrow_typeof(log(2, u64)), arrow_typeof(log(2, f32)), arrow_typeof(log(2, f64)), arrow_typeof(log(2, d1)), arrow_typeof(log(2, d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, log(2, b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log(2, s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, power(i8, 2), power(i16, 2), power(i32, 2), power(i64, 2), power(u8, 2), power(u16, 2), power(u32, 2), power(u64, 2), power(f32, 2), power(f64, 2), power(d1, 2), power(d2, 2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, power(i8, 2), power(i16, 2), power(i32, 2), power(i64, 2), power(u8, 2), power(u16, 2), power(u32, 2), power(u64, 2), power(f32, 2), power(f64, 2), power(d1, 2), power(d2, 2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(power(i8, 2)), arrow_typeof(power(i16, 2)), arrow_typeof(power(i32, 2)), arrow_typeof(power(i64, 2)), arrow_typeof(power(u8, 2)), arrow_typeof(power(u16, 2)), arrow_typeof(power(u32, 2)), arrow_typeof(power(u64, 2)), arrow_typeof(power(f32, 2)), arrow_typeof(power(f64, 2)), arrow_typeof(power(d1, 2)), arrow_typeof(power(d2, 2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, power(b, 2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, power(s, 2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, pow(i8, 0.5), pow(i16, 0.5), pow(i32, 0.5), pow(i64, 0.5), pow(u8, 0.5), pow(u16, 0.5), pow(u32, 0.5), pow(u64, 0.5), pow(f32, 0.5), pow(f64, 0.5), pow(d1, 0.5), pow(d2, 0.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, pow(i8, 0.5), pow(i16, 0.5), pow(i32, 0.5), pow(i64, 0.5), pow(u8, 0.5), pow(u16, 0.5), pow(u32, 0.5), pow(u64, 0.5), pow(f32, 0.5), pow(f64, 0.5), pow(d1, 0.5), pow(d2, 0.5) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(pow(i8, 0.5)), arrow_typeof(pow(i16, 0.5)), arrow_typeof(pow(i32, 0.5)), arrow_typeof(pow(i64, 0.5)), arrow_typeof(pow(u8, 0.5)), arrow_typeof(pow(u16, 0.5)), arrow_typeof(pow(u32, 0.5)), arrow_typeof(pow(u64, 0.5)), arrow_typeof(pow(f32, 0.5)), arrow_typeof(pow(f64, 0.5)), arrow_typeof(pow(d1, 0.5)), arrow_typeof(pow(d2, 0.5)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, pow(b, 0.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, pow(s, 0.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, power(2, i8), power(2, i16), power(2, i32), power(2, i64), power(2, u8), power(2, u16), power(2, u32), power(2, u64), power(2, f32), power(2, f64), power(2, d1), power(2, d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, power(2, i8), power(2, i16), power(2, i32), power(2, i64), power(2, u8), power(2, u16), power(2, u32), power(2, u64), power(2, f32), power(2, f64), power(2, d1), power(2, d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(power(2, i8)), arrow_typeof(power(2, i16)), arrow_typeof(power(2, i32)), arrow_typeof(power(2, i64)), arrow_typeof(power(2, u8)), arrow_typeof(power(2, u16)), arrow_typeof(power(2, u32)), arrow_typeof(power(2, u64)), arrow_typeof(power(2, f32)), arrow_typeof(power(2, f64)), arrow_typeof(power(2, d1)), arrow_typeof(power(2, d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, power(2, b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, power(2, s) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
