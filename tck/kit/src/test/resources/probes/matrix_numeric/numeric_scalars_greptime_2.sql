-- Numeric scalar functions over every numeric column type: mod(x, 3), mod(x, -2.5).
-- Source: GreptimeDB v1.0.0 src/common/function/src/scalars/math/{clamp.rs,modulo.rs} and the GreptimeDB docs
-- "Functions" (Math Functions: clamp, clamp_min, clamp_max, mod); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, mod(i8, 3), mod(i16, 3), mod(i32, 3), mod(i64, 3), mod(u8, 3), mod(u16, 3), mod(u32, 3), mod(u64, 3), mod(f32, 3), mod(f64, 3), mod(d1, 3), mod(d2, 3) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, mod(i8, 3), mod(i16, 3), mod(i32, 3), mod(i64, 3), mod(u8, 3), mod(u16, 3), mod(u32, 3), mod(u64, 3), mod(f32, 3), mod(f64, 3), mod(d1, 3), mod(d2, 3) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(mod(i8, 3)), arrow_typeof(mod(i16, 3)), arrow_typeof(mod(i32, 3)), arrow_typeof(mod(i64, 3)), arrow_typeof(mod(u8, 3)), arrow_typeof(mod(u16, 3)), arrow_typeof(mod(u32, 3)), arrow_typeof(mod(u64, 3)), arrow_typeof(mod(f32, 3)), arrow_typeof(mod(f64, 3)), arrow_typeof(mod(d1, 3)), arrow_typeof(mod(d2, 3)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, mod(b, 3) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, mod(s, 3) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, mod(i8, -2.5), mod(i16, -2.5), mod(i32, -2.5), mod(i64, -2.5), mod(u8, -2.5), mod(u16, -2.5), mod(u32, -2.5), mod(u64, -2.5), mod(f32, -2.5), mod(f64, -2.5), mod(d1, -2.5), mod(d2, -2.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, mod(i8, -2.5), mod(i16, -2.5), mod(i32, -2.5), mod(i64, -2.5), mod(u8, -2.5), mod(u16, -2.5), mod(u32, -2.5), mod(u64, -2.5), mod(f32, -2.5), mod(f64, -2.5), mod(d1, -2.5), mod(d2, -2.5) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(mod(i8, -2.5)), arrow_typeof(mod(i16, -2.5)), arrow_typeof(mod(i32, -2.5)), arrow_typeof(mod(i64, -2.5)), arrow_typeof(mod(u8, -2.5)), arrow_typeof(mod(u16, -2.5)), arrow_typeof(mod(u32, -2.5)), arrow_typeof(mod(u64, -2.5)), arrow_typeof(mod(f32, -2.5)), arrow_typeof(mod(f64, -2.5)), arrow_typeof(mod(d1, -2.5)), arrow_typeof(mod(d2, -2.5)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, mod(b, -2.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, mod(s, -2.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
