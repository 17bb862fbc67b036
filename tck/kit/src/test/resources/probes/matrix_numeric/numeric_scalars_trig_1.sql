-- Numeric scalar functions over every numeric column type: sin(x), cos(x), tan(x), asin(x), acos(x), atan(x).
-- Source: DataFusion 52.1 trigonometric functions (datafusion/functions/src/math/mod.rs, cot.rs) and the DataFusion docs
-- "Scalar Functions" (Math); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, sin(i8), sin(i16), sin(i32), sin(i64), sin(u8), sin(u16), sin(u32), sin(u64), sin(f32), sin(f64), sin(d1), sin(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, sin(i8), sin(i16), sin(i32), sin(i64), sin(u8), sin(u16), sin(u32), sin(u64), sin(f32), sin(f64), sin(d1), sin(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(sin(i8)), arrow_typeof(sin(i16)), arrow_typeof(sin(i32)), arrow_typeof(sin(i64)), arrow_typeof(sin(u8)), arrow_typeof(sin(u16)), arrow_typeof(sin(u32)), arrow_typeof(sin(u64)), arrow_typeof(sin(f32)), arrow_typeof(sin(f64)), arrow_typeof(sin(d1)), arrow_typeof(sin(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, sin(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, sin(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cos(i8), cos(i16), cos(i32), cos(i64), cos(u8), cos(u16), cos(u32), cos(u64), cos(f32), cos(f64), cos(d1), cos(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cos(i8), cos(i16), cos(i32), cos(i64), cos(u8), cos(u16), cos(u32), cos(u64), cos(f32), cos(f64), cos(d1), cos(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(cos(i8)), arrow_typeof(cos(i16)), arrow_typeof(cos(i32)), arrow_typeof(cos(i64)), arrow_typeof(cos(u8)), arrow_typeof(cos(u16)), arrow_typeof(cos(u32)), arrow_typeof(cos(u64)), arrow_typeof(cos(f32)), arrow_typeof(cos(f64)), arrow_typeof(cos(d1)), arrow_typeof(cos(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, cos(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cos(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, tan(i8), tan(i16), tan(i32), tan(i64), tan(u8), tan(u16), tan(u32), tan(u64), tan(f32), tan(f64), tan(d1), tan(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, tan(i8), tan(i16), tan(i32), tan(i64), tan(u8), tan(u16), tan(u32), tan(u64), tan(f32), tan(f64), tan(d1), tan(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(tan(i8)), arrow_typeof(tan(i16)), arrow_typeof(tan(i32)), arrow_typeof(tan(i64)), arrow_typeof(tan(u8)), arrow_typeof(tan(u16)), arrow_typeof(tan(u32)), arrow_typeof(tan(u64)), arrow_typeof(tan(f32)), arrow_typeof(tan(f64)), arrow_typeof(tan(d1)), arrow_typeof(tan(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, tan(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, tan(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, asin(i8), asin(i16), asin(i32), asin(i64), asin(u8), asin(u16), asin(u32), asin(u64), asin(f32), asin(f64), asin(d1), asin(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, asin(i8), asin(i16), asin(i32), asin(i64), asin(u8), asin(u16), asin(u32), asin(u64), asin(f32), asin(f64), asin(d1), asin(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(asin(i8)), arrow_typeof(asin(i16)), arrow_typeof(asin(i32)), arrow_typeof(asin(i64)), arrow_typeof(asin(u8)), arrow_typeof(asin(u16)), arrow_typeof(asin(u32)), arrow_typeof(asin(u64)), arrow_typeof(asin(f32)), arrow_typeof(asin(f64)), arrow_typeof(asin(d1)), arrow_typeof(asin(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, asin(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, asin(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, acos(i8), acos(i16), acos(i32), acos(i64), acos(u8), acos(u16), acos(u32), acos(u64), acos(f32), acos(f64), acos(d1), acos(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, acos(i8), acos(i16), acos(i32), acos(i64), acos(u8), acos(u16), acos(u32), acos(u64), acos(f32), acos(f64), acos(d1), acos(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(acos(i8)), arrow_typeof(acos(i16)), arrow_typeof(acos(i32)), arrow_typeof(acos(i64)), arrow_typeof(acos(u8)), arrow_typeof(acos(u16)), arrow_typeof(acos(u32)), arrow_typeof(acos(u64)), arrow_typeof(acos(f32)), arrow_typeof(acos(f64)), arrow_typeof(acos(d1)), arrow_typeof(acos(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, acos(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, acos(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, atan(i8), atan(i16), atan(i32), atan(i64), atan(u8), atan(u16), atan(u32), atan(u64), atan(f32), atan(f64), atan(d1), atan(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, atan(i8), atan(i16), atan(i32), atan(i64), atan(u8), atan(u16), atan(u32), atan(u64), atan(f32), atan(f64), atan(d1), atan(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(atan(i8)), arrow_typeof(atan(i16)), arrow_typeof(atan(i32)), arrow_typeof(atan(i64)), arrow_typeof(atan(u8)), arrow_typeof(atan(u16)), arrow_typeof(atan(u32)), arrow_typeof(atan(u64)), arrow_typeof(atan(f32)), arrow_typeof(atan(f64)), arrow_typeof(atan(d1)), arrow_typeof(atan(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, atan(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, atan(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
