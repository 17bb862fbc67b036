-- Numeric scalar functions over every numeric column type: abs(x), ceil(x), floor(x), round(x), round(x, 1), trunc(x).
-- Source: DataFusion 52.1 math functions as GreptimeDB v1.0.0 registers them (datafusion/functions/src/math/{abs.rs,
-- ceil.rs,floor.rs,round.rs,trunc.rs,signum.rs}) and the DataFusion docs "Scalar Functions" (Math); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, abs(i8), abs(i16), abs(i32), abs(i64), abs(u8), abs(u16), abs(u32), abs(u64), abs(f32), abs(f64), abs(d1), abs(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, abs(i8), abs(i16), abs(i32), abs(i64), abs(u8), abs(u16), abs(u32), abs(u64), abs(f32), abs(f64), abs(d1), abs(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(abs(i8)), arrow_typeof(abs(i16)), arrow_typeof(abs(i32)), arrow_typeof(abs(i64)), arrow_typeof(abs(u8)), arrow_typeof(abs(u16)), arrow_typeof(abs(u32)), arrow_typeof(abs(u64)), arrow_typeof(abs(f32)), arrow_typeof(abs(f64)), arrow_typeof(abs(d1)), arrow_typeof(abs(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, abs(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, abs(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, ceil(i8), ceil(i16), ceil(i32), ceil(i64), ceil(u8), ceil(u16), ceil(u32), ceil(u64), ceil(f32), ceil(f64), ceil(d1), ceil(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, ceil(i8), ceil(i16), ceil(i32), ceil(i64), ceil(u8), ceil(u16), ceil(u32), ceil(u64), ceil(f32), ceil(f64), ceil(d1), ceil(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(ceil(i8)), arrow_typeof(ceil(i16)), arrow_typeof(ceil(i32)), arrow_typeof(ceil(i64)), arrow_typeof(ceil(u8)), arrow_typeof(ceil(u16)), arrow_typeof(ceil(u32)), arrow_typeof(ceil(u64)), arrow_typeof(ceil(f32)), arrow_typeof(ceil(f64)), arrow_typeof(ceil(d1)), arrow_typeof(ceil(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, ceil(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, ceil(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, floor(i8), floor(i16), floor(i32), floor(i64), floor(u8), floor(u16), floor(u32), floor(u64), floor(f32), floor(f64), floor(d1), floor(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, floor(i8), floor(i16), floor(i32), floor(i64), floor(u8), floor(u16), floor(u32), floor(u64), floor(f32), floor(f64), floor(d1), floor(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(floor(i8)), arrow_typeof(floor(i16)), arrow_typeof(floor(i32)), arrow_typeof(floor(i64)), arrow_typeof(floor(u8)), arrow_typeof(floor(u16)), arrow_typeof(floor(u32)), arrow_typeof(floor(u64)), arrow_typeof(floor(f32)), arrow_typeof(floor(f64)), arrow_typeof(floor(d1)), arrow_typeof(floor(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, floor(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, floor(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, round(i8), round(i16), round(i32), round(i64), round(u8), round(u16), round(u32), round(u64), round(f32), round(f64), round(d1), round(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, round(i8), round(i16), round(i32), round(i64), round(u8), round(u16), round(u32), round(u64), round(f32), round(f64), round(d1), round(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(round(i8)), arrow_typeof(round(i16)), arrow_typeof(round(i32)), arrow_typeof(round(i64)), arrow_typeof(round(u8)), arrow_typeof(round(u16)), arrow_typeof(round(u32)), arrow_typeof(round(u64)), arrow_typeof(round(f32)), arrow_typeof(round(f64)), arrow_typeof(round(d1)), arrow_typeof(round(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, round(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, round(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, round(i8, 1), round(i16, 1), round(i32, 1), round(i64, 1), round(u8, 1), round(u16, 1), round(u32, 1), round(u64, 1), round(f32, 1), round(f64, 1), round(d1, 1), round(d2, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, round(i8, 1), round(i16, 1), round(i32, 1), round(i64, 1), round(u8, 1), round(u16, 1), round(u32, 1), round(u64, 1), round(f32, 1), round(f64, 1), round(d1, 1), round(d2, 1) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(round(i8, 1)), arrow_typeof(round(i16, 1)), arrow_typeof(round(i32, 1)), arrow_typeof(round(i64, 1)), arrow_typeof(round(u8, 1)), arrow_typeof(round(u16, 1)), arrow_typeof(round(u32, 1)), arrow_typeof(round(u64, 1)), arrow_typeof(round(f32, 1)), arrow_typeof(round(f64, 1)), arrow_typeof(round(d1, 1)), arrow_typeof(round(d2, 1)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, round(b, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, round(s, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, trunc(i8), trunc(i16), trunc(i32), trunc(i64), trunc(u8), trunc(u16), trunc(u32), trunc(u64), trunc(f32), trunc(f64), trunc(d1), trunc(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, trunc(i8), trunc(i16), trunc(i32), trunc(i64), trunc(u8), trunc(u16), trunc(u32), trunc(u64), trunc(f32), trunc(f64), trunc(d1), trunc(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(trunc(i8)), arrow_typeof(trunc(i16)), arrow_typeof(trunc(i32)), arrow_typeof(trunc(i64)), arrow_typeof(trunc(u8)), arrow_typeof(trunc(u16)), arrow_typeof(trunc(u32)), arrow_typeof(trunc(u64)), arrow_typeof(trunc(f32)), arrow_typeof(trunc(f64)), arrow_typeof(trunc(d1)), arrow_typeof(trunc(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, trunc(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, trunc(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
