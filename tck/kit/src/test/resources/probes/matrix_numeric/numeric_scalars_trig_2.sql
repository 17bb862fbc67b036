-- Numeric scalar functions over every numeric column type: atan2(x, 1), sinh(x), cosh(x), tanh(x), asinh(x), acosh(x).
-- Source: DataFusion 52.1 trigonometric functions (datafusion/functions/src/math/mod.rs, cot.rs) and the DataFusion docs
-- "Scalar Functions" (Math); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, atan2(i8, 1), atan2(i16, 1), atan2(i32, 1), atan2(i64, 1), atan2(u8, 1), atan2(u16, 1), atan2(u32, 1), atan2(u64, 1), atan2(f32, 1), atan2(f64, 1), atan2(d1, 1), atan2(d2, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, atan2(i8, 1), atan2(i16, 1), atan2(i32, 1), atan2(i64, 1), atan2(u8, 1), atan2(u16, 1), atan2(u32, 1), atan2(u64, 1), atan2(f32, 1), atan2(f64, 1), atan2(d1, 1), atan2(d2, 1) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(atan2(i8, 1)), arrow_typeof(atan2(i16, 1)), arrow_typeof(atan2(i32, 1)), arrow_typeof(atan2(i64, 1)), arrow_typeof(atan2(u8, 1)), arrow_typeof(atan2(u16, 1)), arrow_typeof(atan2(u32, 1)), arrow_typeof(atan2(u64, 1)), arrow_typeof(atan2(f32, 1)), arrow_typeof(atan2(f64, 1)), arrow_typeof(atan2(d1, 1)), arrow_typeof(atan2(d2, 1)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, atan2(b, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, atan2(s, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, sinh(i8), sinh(i16), sinh(i32), sinh(i64), sinh(u8), sinh(u16), sinh(u32), sinh(u64), sinh(f32), sinh(f64), sinh(d1), sinh(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, sinh(i8), sinh(i16), sinh(i32), sinh(i64), sinh(u8), sinh(u16), sinh(u32), sinh(u64), sinh(f32), sinh(f64), sinh(d1), sinh(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(sinh(i8)), arrow_typeof(sinh(i16)), arrow_typeof(sinh(i32)), arrow_typeof(sinh(i64)), arrow_typeof(sinh(u8)), arrow_typeof(sinh(u16)), arrow_typeof(sinh(u32)), arrow_typeof(sinh(u64)), arrow_typeof(sinh(f32)), arrow_typeof(sinh(f64)), arrow_typeof(sinh(d1)), arrow_typeof(sinh(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, sinh(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, sinh(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cosh(i8), cosh(i16), cosh(i32), cosh(i64), cosh(u8), cosh(u16), cosh(u32), cosh(u64), cosh(f32), cosh(f64), cosh(d1), cosh(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cosh(i8), cosh(i16), cosh(i32), cosh(i64), cosh(u8), cosh(u16), cosh(u32), cosh(u64), cosh(f32), cosh(f64), cosh(d1), cosh(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(cosh(i8)), arrow_typeof(cosh(i16)), arrow_typeof(cosh(i32)), arrow_typeof(cosh(i64)), arrow_typeof(cosh(u8)), arrow_typeof(cosh(u16)), arrow_typeof(cosh(u32)), arrow_typeof(cosh(u64)), arrow_typeof(cosh(f32)), arrow_typeof(cosh(f64)), arrow_typeof(cosh(d1)), arrow_typeof(cosh(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, cosh(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cosh(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, tanh(i8), tanh(i16), tanh(i32), tanh(i64), tanh(u8), tanh(u16), tanh(u32), tanh(u64), tanh(f32), tanh(f64), tanh(d1), tanh(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, tanh(i8), tanh(i16), tanh(i32), tanh(i64), tanh(u8), tanh(u16), tanh(u32), tanh(u64), tanh(f32), tanh(f64), tanh(d1), tanh(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(tanh(i8)), arrow_typeof(tanh(i16)), arrow_typeof(tanh(i32)), arrow_typeof(tanh(i64)), arrow_typeof(tanh(u8)), arrow_typeof(tanh(u16)), arrow_typeof(tanh(u32)), arrow_typeof(tanh(u64)), arrow_typeof(tanh(f32)), arrow_typeof(tanh(f64)), arrow_typeof(tanh(d1)), arrow_typeof(tanh(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, tanh(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, tanh(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, asinh(i8), asinh(i16), asinh(i32), asinh(i64), asinh(u8), asinh(u16), asinh(u32), asinh(u64), asinh(f32), asinh(f64), asinh(d1), asinh(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, asinh(i8), asinh(i16), asinh(i32), asinh(i64), asinh(u8), asinh(u16), asinh(u32), asinh(u64), asinh(f32), asinh(f64), asinh(d1), asinh(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(asinh(i8)), arrow_typeof(asinh(i16)), arrow_typeof(asinh(i32)), arrow_typeof(asinh(i64)), arrow_typeof(asinh(u8)), arrow_typeof(asinh(u16)), arrow_typeof(asinh(u32)), arrow_typeof(asinh(u64)), arrow_typeof(asinh(f32)), arrow_typeof(asinh(f64)), arrow_typeof(asinh(d1)), arrow_typeof(asinh(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, asinh(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, asinh(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, acosh(i8), acosh(i16), acosh(i32), acosh(i64), acosh(u8), acosh(u16), acosh(u32), acosh(u64), acosh(f32), acosh(f64), acosh(d1), acosh(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, acosh(i8), acosh(i16), acosh(i32), acosh(i64), acosh(u8), acosh(u16), acosh(u32), acosh(u64), acosh(f32), acosh(f64), acosh(d1), acosh(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(acosh(i8)), arrow_typeof(acosh(i16)), arrow_typeof(acosh(i32)), arrow_typeof(acosh(i64)), arrow_typeof(acosh(u8)), arrow_typeof(acosh(u16)), arrow_typeof(acosh(u32)), arrow_typeof(acosh(u64)), arrow_typeof(acosh(f32)), arrow_typeof(acosh(f64)), arrow_typeof(acosh(d1)), arrow_typeof(acosh(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, acosh(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, acosh(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
