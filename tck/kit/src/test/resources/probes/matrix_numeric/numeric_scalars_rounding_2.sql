-- Numeric scalar functions over every numeric column type: trunc(x, 1), signum(x).
-- Source: DataFusion 52.1 math functions as GreptimeDB v1.0.0 registers them (datafusion/functions/src/math/{abs.rs,
-- ceil.rs,floor.rs,round.rs,trunc.rs,signum.rs}) and the DataFusion docs "Scalar Functions" (Math); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, trunc(i8, 1), trunc(i16, 1), trunc(i32, 1), trunc(i64, 1), trunc(u8, 1), trunc(u16, 1), trunc(u32, 1), trunc(u64, 1), trunc(f32, 1), trunc(f64, 1), trunc(d1, 1), trunc(d2, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, trunc(i8, 1), trunc(i16, 1), trunc(i32, 1), trunc(i64, 1), trunc(u8, 1), trunc(u16, 1), trunc(u32, 1), trunc(u64, 1), trunc(f32, 1), trunc(f64, 1), trunc(d1, 1), trunc(d2, 1) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(trunc(i8, 1)), arrow_typeof(trunc(i16, 1)), arrow_typeof(trunc(i32, 1)), arrow_typeof(trunc(i64, 1)), arrow_typeof(trunc(u8, 1)), arrow_typeof(trunc(u16, 1)), arrow_typeof(trunc(u32, 1)), arrow_typeof(trunc(u64, 1)), arrow_typeof(trunc(f32, 1)), arrow_typeof(trunc(f64, 1)), arrow_typeof(trunc(d1, 1)), arrow_typeof(trunc(d2, 1)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, trunc(b, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, trunc(s, 1) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, signum(i8), signum(i16), signum(i32), signum(i64), signum(u8), signum(u16), signum(u32), signum(u64), signum(f32), signum(f64), signum(d1), signum(d2) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, signum(i8), signum(i16), signum(i32), signum(i64), signum(u8), signum(u16), signum(u32), signum(u64), signum(f32), signum(f64), signum(d1), signum(d2) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(signum(i8)), arrow_typeof(signum(i16)), arrow_typeof(signum(i32)), arrow_typeof(signum(i64)), arrow_typeof(signum(u8)), arrow_typeof(signum(u16)), arrow_typeof(signum(u32)), arrow_typeof(signum(u64)), arrow_typeof(signum(f32)), arrow_typeof(signum(f64)), arrow_typeof(signum(d1)), arrow_typeof(signum(d2)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, signum(b) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, signum(s) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
