-- Numeric scalar functions over every numeric column type: atanh(x), cot(x), degrees(x), radians(x).
-- Source: DataFusion 52.1 trigonometric functions (datafusion/functions/src/math/mod.rs, cot.rs) and the DataFusion docs
-- "Scalar Functions" (Math); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, atanh(i8), atanh(i16), atanh(i32), atanh(i64), atanh(u8), atanh(u16), atanh(u32), atanh(u64), atanh(f32), atanh(f64), atanh(d1), atanh(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, atanh(i8), atanh(i16), atanh(i32), atanh(i64), atanh(u8), atanh(u16), atanh(u32), atanh(u64), atanh(f32), atanh(f64), atanh(d1), atanh(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(atanh(i8)), arrow_typeof(atanh(i16)), arrow_typeof(atanh(i32)), arrow_typeof(atanh(i64)), arrow_typeof(atanh(u8)), arrow_typeof(atanh(u16)), arrow_typeof(atanh(u32)), arrow_typeof(atanh(u64)), arrow_typeof(atanh(f32)), arrow_typeof(atanh(f64)), arrow_typeof(atanh(d1)), arrow_typeof(atanh(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, atanh(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, atanh(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cot(i8), cot(i16), cot(i32), cot(i64), cot(u8), cot(u16), cot(u32), cot(u64), cot(f32), cot(f64), cot(d1), cot(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cot(i8), cot(i16), cot(i32), cot(i64), cot(u8), cot(u16), cot(u32), cot(u64), cot(f32), cot(f64), cot(d1), cot(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(cot(i8)), arrow_typeof(cot(i16)), arrow_typeof(cot(i32)), arrow_typeof(cot(i64)), arrow_typeof(cot(u8)), arrow_typeof(cot(u16)), arrow_typeof(cot(u32)), arrow_typeof(cot(u64)), arrow_typeof(cot(f32)), arrow_typeof(cot(f64)), arrow_typeof(cot(d1)), arrow_typeof(cot(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, cot(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, cot(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, degrees(i8), degrees(i16), degrees(i32), degrees(i64), degrees(u8), degrees(u16), degrees(u32), degrees(u64), degrees(f32), degrees(f64), degrees(d1), degrees(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, degrees(i8), degrees(i16), degrees(i32), degrees(i64), degrees(u8), degrees(u16), degrees(u32), degrees(u64), degrees(f32), degrees(f64), degrees(d1), degrees(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(degrees(i8)), arrow_typeof(degrees(i16)), arrow_typeof(degrees(i32)), arrow_typeof(degrees(i64)), arrow_typeof(degrees(u8)), arrow_typeof(degrees(u16)), arrow_typeof(degrees(u32)), arrow_typeof(degrees(u64)), arrow_typeof(degrees(f32)), arrow_typeof(degrees(f64)), arrow_typeof(degrees(d1)), arrow_typeof(degrees(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, degrees(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, degrees(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, radians(i8), radians(i16), radians(i32), radians(i64), radians(u8), radians(u16), radians(u32), radians(u64), radians(f32), radians(f64), radians(d1), radians(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, radians(i8), radians(i16), radians(i32), radians(i64), radians(u8), radians(u16), radians(u32), radians(u64), radians(f32), radians(f64), radians(d1), radians(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(radians(i8)), arrow_typeof(radians(i16)), arrow_typeof(radians(i32)), arrow_typeof(radians(i64)), arrow_typeof(radians(u8)), arrow_typeof(radians(u16)), arrow_typeof(radians(u32)), arrow_typeof(radians(u64)), arrow_typeof(radians(f32)), arrow_typeof(radians(f64)), arrow_typeof(radians(d1)), arrow_typeof(radians(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, radians(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, radians(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
