-- Numeric scalar functions over every numeric column type: sqrt(x), cbrt(x), exp(x), ln(x), log(x), log10(x).
-- Source: DataFusion 52.1 math functions (datafusion/functions/src/math/{mod.rs,log.rs,power.rs}) and the DataFusion docs
-- "Scalar Functions" (Math: sqrt, cbrt, exp, ln, log, log10, log2, power/pow); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, sqrt(i8), sqrt(i16), sqrt(i32), sqrt(i64), sqrt(u8), sqrt(u16), sqrt(u32), sqrt(u64), sqrt(f32), sqrt(f64), sqrt(d1), sqrt(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, sqrt(i8), sqrt(i16), sqrt(i32), sqrt(i64), sqrt(u8), sqrt(u16), sqrt(u32), sqrt(u64), sqrt(f32), sqrt(f64), sqrt(d1), sqrt(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(sqrt(i8)), arrow_typeof(sqrt(i16)), arrow_typeof(sqrt(i32)), arrow_typeof(sqrt(i64)), arrow_typeof(sqrt(u8)), arrow_typeof(sqrt(u16)), arrow_typeof(sqrt(u32)), arrow_typeof(sqrt(u64)), arrow_typeof(sqrt(f32)), arrow_typeof(sqrt(f64)), arrow_typeof(sqrt(d1)), arrow_typeof(sqrt(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, sqrt(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, sqrt(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cbrt(i8), cbrt(i16), cbrt(i32), cbrt(i64), cbrt(u8), cbrt(u16), cbrt(u32), cbrt(u64), cbrt(f32), cbrt(f64), cbrt(d1), cbrt(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cbrt(i8), cbrt(i16), cbrt(i32), cbrt(i64), cbrt(u8), cbrt(u16), cbrt(u32), cbrt(u64), cbrt(f32), cbrt(f64), cbrt(d1), cbrt(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(cbrt(i8)), arrow_typeof(cbrt(i16)), arrow_typeof(cbrt(i32)), arrow_typeof(cbrt(i64)), arrow_typeof(cbrt(u8)), arrow_typeof(cbrt(u16)), arrow_typeof(cbrt(u32)), arrow_typeof(cbrt(u64)), arrow_typeof(cbrt(f32)), arrow_typeof(cbrt(f64)), arrow_typeof(cbrt(d1)), arrow_typeof(cbrt(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, cbrt(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cbrt(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, exp(i8), exp(i16), exp(i32), exp(i64), exp(u8), exp(u16), exp(u32), exp(u64), exp(f32), exp(f64), exp(d1), exp(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, exp(i8), exp(i16), exp(i32), exp(i64), exp(u8), exp(u16), exp(u32), exp(u64), exp(f32), exp(f64), exp(d1), exp(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(exp(i8)), arrow_typeof(exp(i16)), arrow_typeof(exp(i32)), arrow_typeof(exp(i64)), arrow_typeof(exp(u8)), arrow_typeof(exp(u16)), arrow_typeof(exp(u32)), arrow_typeof(exp(u64)), arrow_typeof(exp(f32)), arrow_typeof(exp(f64)), arrow_typeof(exp(d1)), arrow_typeof(exp(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, exp(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, exp(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, ln(i8), ln(i16), ln(i32), ln(i64), ln(u8), ln(u16), ln(u32), ln(u64), ln(f32), ln(f64), ln(d1), ln(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, ln(i8), ln(i16), ln(i32), ln(i64), ln(u8), ln(u16), ln(u32), ln(u64), ln(f32), ln(f64), ln(d1), ln(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(ln(i8)), arrow_typeof(ln(i16)), arrow_typeof(ln(i32)), arrow_typeof(ln(i64)), arrow_typeof(ln(u8)), arrow_typeof(ln(u16)), arrow_typeof(ln(u32)), arrow_typeof(ln(u64)), arrow_typeof(ln(f32)), arrow_typeof(ln(f64)), arrow_typeof(ln(d1)), arrow_typeof(ln(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, ln(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, ln(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log(i8), log(i16), log(i32), log(i64), log(u8), log(u16), log(u32), log(u64), log(f32), log(f64), log(d1), log(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log(i8), log(i16), log(i32), log(i64), log(u8), log(u16), log(u32), log(u64), log(f32), log(f64), log(d1), log(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(log(i8)), arrow_typeof(log(i16)), arrow_typeof(log(i32)), arrow_typeof(log(i64)), arrow_typeof(log(u8)), arrow_typeof(log(u16)), arrow_typeof(log(u32)), arrow_typeof(log(u64)), arrow_typeof(log(f32)), arrow_typeof(log(f64)), arrow_typeof(log(d1)), arrow_typeof(log(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, log(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log10(i8), log10(i16), log10(i32), log10(i64), log10(u8), log10(u16), log10(u32), log10(u64), log10(f32), log10(f64), log10(d1), log10(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log10(i8), log10(i16), log10(i32), log10(i64), log10(u8), log10(u16), log10(u32), log10(u64), log10(f32), log10(f64), log10(d1), log10(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(log10(i8)), arrow_typeof(log10(i16)), arrow_typeof(log10(i32)), arrow_typeof(log10(i64)), arrow_typeof(log10(u8)), arrow_typeof(log10(u16)), arrow_typeof(log10(u32)), arrow_typeof(log10(u64)), arrow_typeof(log10(f32)), arrow_typeof(log10(f64)), arrow_typeof(log10(d1)), arrow_typeof(log10(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, log10(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, log10(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
