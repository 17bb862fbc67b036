-- Numeric scalar functions over every numeric column type: gcd(x, 6), lcm(x, 6), factorial(x), greatest(x, 1), least(x, 1), greatest(x, 1.5).
-- Source: DataFusion 52.1 (datafusion/functions/src/math/{gcd.rs,lcm.rs,factorial.rs,nanvl.rs,isnan.rs,iszero.rs},
-- core/greatest.rs, core/least.rs) and the DataFusion docs "Scalar Functions"; matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, gcd(i8, 6), gcd(i16, 6), gcd(i32, 6), gcd(i64, 6), gcd(u8, 6), gcd(u16, 6), gcd(u32, 6), gcd(u64, 6), gcd(f32, 6), gcd(f64, 6), gcd(d1, 6), gcd(d2, 6) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, gcd(i8, 6), gcd(i16, 6), gcd(i32, 6), gcd(i64, 6), gcd(u8, 6), gcd(u16, 6), gcd(u32, 6), gcd(u64, 6), gcd(f32, 6), gcd(f64, 6), gcd(d1, 6), gcd(d2, 6) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(gcd(i8, 6)), arrow_typeof(gcd(i16, 6)), arrow_typeof(gcd(i32, 6)), arrow_typeof(gcd(i64, 6)), arrow_typeof(gcd(u8, 6)), arrow_typeof(gcd(u16, 6)), arrow_typeof(gcd(u32, 6)), arrow_typeof(gcd(u64, 6)), arrow_typeof(gcd(f32, 6)), arrow_typeof(gcd(f64, 6)), arrow_typeof(gcd(d1, 6)), arrow_typeof(gcd(d2, 6)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, gcd(b, 6) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, gcd(s, 6) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, lcm(i8, 6), lcm(i16, 6), lcm(i32, 6), lcm(i64, 6), lcm(u8, 6), lcm(u16, 6), lcm(u32, 6), lcm(u64, 6), lcm(f32, 6), lcm(f64, 6), lcm(d1, 6), lcm(d2, 6) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, lcm(i8, 6), lcm(i16, 6), lcm(i32, 6), lcm(i64, 6), lcm(u8, 6), lcm(u16, 6), lcm(u32, 6), lcm(u64, 6), lcm(f32, 6), lcm(f64, 6), lcm(d1, 6), lcm(d2, 6) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(lcm(i8, 6)), arrow_typeof(lcm(i16, 6)), arrow_typeof(lcm(i32, 6)), arrow_typeof(lcm(i64, 6)), arrow_typeof(lcm(u8, 6)), arrow_typeof(lcm(u16, 6)), arrow_typeof(lcm(u32, 6)), arrow_typeof(lcm(u64, 6)), arrow_typeof(lcm(f32, 6)), arrow_typeof(lcm(f64, 6)), arrow_typeof(lcm(d1, 6)), arrow_typeof(lcm(d2, 6)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, lcm(b, 6) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, lcm(s, 6) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, factorial(i8), factorial(i16), factorial(i32), factorial(i64), factorial(u8), factorial(u16), factorial(u32), factorial(u64), factorial(f32), factorial(f64), factorial(d1), factorial(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, factorial(i8), factorial(i16), factorial(i32), factorial(i64), factorial(u8), factorial(u16), factorial(u32), factorial(u64), factorial(f32), factorial(f64), factorial(d1), factorial(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(factorial(i8)), arrow_typeof(factorial(i16)), arrow_typeof(factorial(i32)), arrow_typeof(factorial(i64)), arrow_typeof(factorial(u8)), arrow_typeof(factorial(u16)), arrow_typeof(factorial(u32)), arrow_typeof(factorial(u64)), arrow_typeof(factorial(f32)), arrow_typeof(factorial(f64)), arrow_typeof(factorial(d1)), arrow_typeof(factorial(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, factorial(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, factorial(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, greatest(i8, 1), greatest(i16, 1), greatest(i32, 1), greatest(i64, 1), greatest(u8, 1), greatest(u16, 1), greatest(u32, 1), greatest(u64, 1), greatest(f32, 1), greatest(f64, 1), greatest(d1, 1), greatest(d2, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, greatest(i8, 1), greatest(i16, 1), greatest(i32, 1), greatest(i64, 1), greatest(u8, 1), greatest(u16, 1), greatest(u32, 1), greatest(u64, 1), greatest(f32, 1), greatest(f64, 1), greatest(d1, 1), greatest(d2, 1) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(greatest(i8, 1)), arrow_typeof(greatest(i16, 1)), arrow_typeof(greatest(i32, 1)), arrow_typeof(greatest(i64, 1)), arrow_typeof(greatest(u8, 1)), arrow_typeof(greatest(u16, 1)), arrow_typeof(greatest(u32, 1)), arrow_typeof(greatest(u64, 1)), arrow_typeof(greatest(f32, 1)), arrow_typeof(greatest(f64, 1)), arrow_typeof(greatest(d1, 1)), arrow_typeof(greatest(d2, 1)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, greatest(b, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, greatest(s, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, least(i8, 1), least(i16, 1), least(i32, 1), least(i64, 1), least(u8, 1), least(u16, 1), least(u32, 1), least(u64, 1), least(f32, 1), least(f64, 1), least(d1, 1), least(d2, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, least(i8, 1), least(i16, 1), least(i32, 1), least(i64, 1), least(u8, 1), least(u16, 1), least(u32, 1), least(u64, 1), least(f32, 1), least(f64, 1), least(d1, 1), least(d2, 1) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(least(i8, 1)), arrow_typeof(least(i16, 1)), arrow_typeof(least(i32, 1)), arrow_typeof(least(i64, 1)), arrow_typeof(least(u8, 1)), arrow_typeof(least(u16, 1)), arrow_typeof(least(u32, 1)), arrow_typeof(least(u64, 1)), arrow_typeof(least(f32, 1)), arrow_typeof(least(f64, 1)), arrow_typeof(least(d1, 1)), arrow_typeof(least(d2, 1)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, least(b, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, least(s, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, greatest(i8, 1.5), greatest(i16, 1.5), greatest(i32, 1.5), greatest(i64, 1.5), greatest(u8, 1.5), greatest(u16, 1.5), greatest(u32, 1.5), greatest(u64, 1.5), greatest(f32, 1.5), greatest(f64, 1.5), greatest(d1, 1.5), greatest(d2, 1.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, greatest(i8, 1.5), greatest(i16, 1.5), greatest(i32, 1.5), greatest(i64, 1.5), greatest(u8, 1.5), greatest(u16, 1.5), greatest(u32, 1.5), greatest(u64, 1.5), greatest(f32, 1.5), greatest(f64, 1.5), greatest(d1, 1.5), greatest(d2, 1.5) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(greatest(i8, 1.5)), arrow_typeof(greatest(i16, 1.5)), arrow_typeof(greatest(i32, 1.5)), arrow_typeof(greatest(i64, 1.5)), arrow_typeof(greatest(u8, 1.5)), arrow_typeof(greatest(u16, 1.5)), arrow_typeof(greatest(u32, 1.5)), arrow_typeof(greatest(u64, 1.5)), arrow_typeof(greatest(f32, 1.5)), arrow_typeof(greatest(f64, 1.5)), arrow_typeof(greatest(d1, 1.5)), arrow_typeof(greatest(d2, 1.5)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, greatest(b, 1.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, greatest(s, 1.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
