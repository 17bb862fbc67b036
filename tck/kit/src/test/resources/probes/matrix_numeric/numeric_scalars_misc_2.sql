-- Numeric scalar functions over every numeric column type: nanvl(x, 1), isnan(x), iszero(x).
-- Source: DataFusion 52.1 (datafusion/functions/src/math/{gcd.rs,lcm.rs,factorial.rs,nanvl.rs,isnan.rs,iszero.rs},
-- core/greatest.rs, core/least.rs) and the DataFusion docs "Scalar Functions"; matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, nanvl(i8, 1), nanvl(i16, 1), nanvl(i32, 1), nanvl(i64, 1), nanvl(u8, 1), nanvl(u16, 1), nanvl(u32, 1), nanvl(u64, 1), nanvl(f32, 1), nanvl(f64, 1), nanvl(d1, 1), nanvl(d2, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, nanvl(i8, 1), nanvl(i16, 1), nanvl(i32, 1), nanvl(i64, 1), nanvl(u8, 1), nanvl(u16, 1), nanvl(u32, 1), nanvl(u64, 1), nanvl(f32, 1), nanvl(f64, 1), nanvl(d1, 1), nanvl(d2, 1) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(nanvl(i8, 1)), arrow_typeof(nanvl(i16, 1)), arrow_typeof(nanvl(i32, 1)), arrow_typeof(nanvl(i64, 1)), arrow_typeof(nanvl(u8, 1)), arrow_typeof(nanvl(u16, 1)), arrow_typeof(nanvl(u32, 1)), arrow_typeof(nanvl(u64, 1)), arrow_typeof(nanvl(f32, 1)), arrow_typeof(nanvl(f64, 1)), arrow_typeof(nanvl(d1, 1)), arrow_typeof(nanvl(d2, 1)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, nanvl(b, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, nanvl(s, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, isnan(i8), isnan(i16), isnan(i32), isnan(i64), isnan(u8), isnan(u16), isnan(u32), isnan(u64), isnan(f32), isnan(f64), isnan(d1), isnan(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, isnan(i8), isnan(i16), isnan(i32), isnan(i64), isnan(u8), isnan(u16), isnan(u32), isnan(u64), isnan(f32), isnan(f64), isnan(d1), isnan(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(isnan(i8)), arrow_typeof(isnan(i16)), arrow_typeof(isnan(i32)), arrow_typeof(isnan(i64)), arrow_typeof(isnan(u8)), arrow_typeof(isnan(u16)), arrow_typeof(isnan(u32)), arrow_typeof(isnan(u64)), arrow_typeof(isnan(f32)), arrow_typeof(isnan(f64)), arrow_typeof(isnan(d1)), arrow_typeof(isnan(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, isnan(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, isnan(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, iszero(i8), iszero(i16), iszero(i32), iszero(i64), iszero(u8), iszero(u16), iszero(u32), iszero(u64), iszero(f32), iszero(f64), iszero(d1), iszero(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, iszero(i8), iszero(i16), iszero(i32), iszero(i64), iszero(u8), iszero(u16), iszero(u32), iszero(u64), iszero(f32), iszero(f64), iszero(d1), iszero(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(iszero(i8)), arrow_typeof(iszero(i16)), arrow_typeof(iszero(i32)), arrow_typeof(iszero(i64)), arrow_typeof(iszero(u8)), arrow_typeof(iszero(u16)), arrow_typeof(iszero(u32)), arrow_typeof(iszero(u64)), arrow_typeof(iszero(f32)), arrow_typeof(iszero(f64)), arrow_typeof(iszero(d1)), arrow_typeof(iszero(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, iszero(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, iszero(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
