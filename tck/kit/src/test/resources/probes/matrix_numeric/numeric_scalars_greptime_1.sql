-- Numeric scalar functions over every numeric column type: clamp(x, -1, 5), clamp(x, 0.5, 2.5), clamp_min(x, 0), clamp_min(x, 1.5), clamp_max(x, 5), clamp_max(x, 0.5).
-- Source: GreptimeDB v1.0.0 src/common/function/src/scalars/math/{clamp.rs,modulo.rs} and the GreptimeDB docs
-- "Functions" (Math Functions: clamp, clamp_min, clamp_max, mod); matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, clamp(i8, -1, 5), clamp(i16, -1, 5), clamp(i32, -1, 5), clamp(i64, -1, 5), clamp(u8, -1, 5), clamp(u16, -1, 5), clamp(u32, -1, 5), clamp(u64, -1, 5), clamp(f32, -1, 5), clamp(f64, -1, 5), clamp(d1, -1, 5), clamp(d2, -1, 5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp(i8, -1, 5), clamp(i16, -1, 5), clamp(i32, -1, 5), clamp(i64, -1, 5), clamp(u8, -1, 5), clamp(u16, -1, 5), clamp(u32, -1, 5), clamp(u64, -1, 5), clamp(f32, -1, 5), clamp(f64, -1, 5), clamp(d1, -1, 5), clamp(d2, -1, 5) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(clamp(i8, -1, 5)), arrow_typeof(clamp(i16, -1, 5)), arrow_typeof(clamp(i32, -1, 5)), arrow_typeof(clamp(i64, -1, 5)), arrow_typeof(clamp(u8, -1, 5)), arrow_typeof(clamp(u16, -1, 5)), arrow_typeof(clamp(u32, -1, 5)), arrow_typeof(clamp(u64, -1, 5)), arrow_typeof(clamp(f32, -1, 5)), arrow_typeof(clamp(f64, -1, 5)), arrow_typeof(clamp(d1, -1, 5)), arrow_typeof(clamp(d2, -1, 5)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, clamp(b, -1, 5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp(s, -1, 5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp(i8, 0.5, 2.5), clamp(i16, 0.5, 2.5), clamp(i32, 0.5, 2.5), clamp(i64, 0.5, 2.5), clamp(u8, 0.5, 2.5), clamp(u16, 0.5, 2.5), clamp(u32, 0.5, 2.5), clamp(u64, 0.5, 2.5), clamp(f32, 0.5, 2.5), clamp(f64, 0.5, 2.5), clamp(d1, 0.5, 2.5), clamp(d2, 0.5, 2.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp(i8, 0.5, 2.5), clamp(i16, 0.5, 2.5), clamp(i32, 0.5, 2.5), clamp(i64, 0.5, 2.5), clamp(u8, 0.5, 2.5), clamp(u16, 0.5, 2.5), clamp(u32, 0.5, 2.5), clamp(u64, 0.5, 2.5), clamp(f32, 0.5, 2.5), clamp(f64, 0.5, 2.5), clamp(d1, 0.5, 2.5), clamp(d2, 0.5, 2.5) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(clamp(i8, 0.5, 2.5)), arrow_typeof(clamp(i16, 0.5, 2.5)), arrow_typeof(clamp(i32, 0.5, 2.5)), arrow_typeof(clamp(i64, 0.5, 2.5)), arrow_typeof(clamp(u8, 0.5, 2.5)), arrow_typeof(clamp(u16, 0.5, 2.5)), arrow_typeof(clamp(u32, 0.5, 2.5)), arrow_typeof(clamp(u64, 0.5, 2.5)), arrow_typeof(clamp(f32, 0.5, 2.5)), arrow_typeof(clamp(f64, 0.5, 2.5)), arrow_typeof(clamp(d1, 0.5, 2.5)), arrow_typeof(clamp(d2, 0.5, 2.5)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, clamp(b, 0.5, 2.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp(s, 0.5, 2.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_min(i8, 0), clamp_min(i16, 0), clamp_min(i32, 0), clamp_min(i64, 0), clamp_min(u8, 0), clamp_min(u16, 0), clamp_min(u32, 0), clamp_min(u64, 0), clamp_min(f32, 0), clamp_min(f64, 0), clamp_min(d1, 0), clamp_min(d2, 0) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_min(i8, 0), clamp_min(i16, 0), clamp_min(i32, 0), clamp_min(i64, 0), clamp_min(u8, 0), clamp_min(u16, 0), clamp_min(u32, 0), clamp_min(u64, 0), clamp_min(f32, 0), clamp_min(f64, 0), clamp_min(d1, 0), clamp_min(d2, 0) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(clamp_min(i8, 0)), arrow_typeof(clamp_min(i16, 0)), arrow_typeof(clamp_min(i32, 0)), arrow_typeof(clamp_min(i64, 0)), arrow_typeof(clamp_min(u8, 0)), arrow_typeof(clamp_min(u16, 0)), arrow_typeof(clamp_min(u32, 0)), arrow_typeof(clamp_min(u64, 0)), arrow_typeof(clamp_min(f32, 0)), arrow_typeof(clamp_min(f64, 0)), arrow_typeof(clamp_min(d1, 0)), arrow_typeof(clamp_min(d2, 0)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, clamp_min(b, 0) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_min(s, 0) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_min(i8, 1.5), clamp_min(i16, 1.5), clamp_min(i32, 1.5), clamp_min(i64, 1.5), clamp_min(u8, 1.5), clamp_min(u16, 1.5), clamp_min(u32, 1.5), clamp_min(u64, 1.5), clamp_min(f32, 1.5), clamp_min(f64, 1.5), clamp_min(d1, 1.5), clamp_min(d2, 1.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_min(i8, 1.5), clamp_min(i16, 1.5), clamp_min(i32, 1.5), clamp_min(i64, 1.5), clamp_min(u8, 1.5), clamp_min(u16, 1.5), clamp_min(u32, 1.5), clamp_min(u64, 1.5), clamp_min(f32, 1.5), clamp_min(f64, 1.5), clamp_min(d1, 1.5), clamp_min(d2, 1.5) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(clamp_min(i8, 1.5)), arrow_typeof(clamp_min(i16, 1.5)), arrow_typeof(clamp_min(i32, 1.5)), arrow_typeof(clamp_min(i64, 1.5)), arrow_typeof(clamp_min(u8, 1.5)), arrow_typeof(clamp_min(u16, 1.5)), arrow_typeof(clamp_min(u32, 1.5)), arrow_typeof(clamp_min(u64, 1.5)), arrow_typeof(clamp_min(f32, 1.5)), arrow_typeof(clamp_min(f64, 1.5)), arrow_typeof(clamp_min(d1, 1.5)), arrow_typeof(clamp_min(d2, 1.5)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, clamp_min(b, 1.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_min(s, 1.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_max(i8, 5), clamp_max(i16, 5), clamp_max(i32, 5), clamp_max(i64, 5), clamp_max(u8, 5), clamp_max(u16, 5), clamp_max(u32, 5), clamp_max(u64, 5), clamp_max(f32, 5), clamp_max(f64, 5), clamp_max(d1, 5), clamp_max(d2, 5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_max(i8, 5), clamp_max(i16, 5), clamp_max(i32, 5), clamp_max(i64, 5), clamp_max(u8, 5), clamp_max(u16, 5), clamp_max(u32, 5), clamp_max(u64, 5), clamp_max(f32, 5), clamp_max(f64, 5), clamp_max(d1, 5), clamp_max(d2, 5) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(clamp_max(i8, 5)), arrow_typeof(clamp_max(i16, 5)), arrow_typeof(clamp_max(i32, 5)), arrow_typeof(clamp_max(i64, 5)), arrow_typeof(clamp_max(u8, 5)), arrow_typeof(clamp_max(u16, 5)), arrow_typeof(clamp_max(u32, 5)), arrow_typeof(clamp_max(u64, 5)), arrow_typeof(clamp_max(f32, 5)), arrow_typeof(clamp_max(f64, 5)), arrow_typeof(clamp_max(d1, 5)), arrow_typeof(clamp_max(d2, 5)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, clamp_max(b, 5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_max(s, 5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_max(i8, 0.5), clamp_max(i16, 0.5), clamp_max(i32, 0.5), clamp_max(i64, 0.5), clamp_max(u8, 0.5), clamp_max(u16, 0.5), clamp_max(u32, 0.5), clamp_max(u64, 0.5), clamp_max(f32, 0.5), clamp_max(f64, 0.5), clamp_max(d1, 0.5), clamp_max(d2, 0.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_max(i8, 0.5), clamp_max(i16, 0.5), clamp_max(i32, 0.5), clamp_max(i64, 0.5), clamp_max(u8, 0.5), clamp_max(u16, 0.5), clamp_max(u32, 0.5), clamp_max(u64, 0.5), clamp_max(f32, 0.5), clamp_max(f64, 0.5), clamp_max(d1, 0.5), clamp_max(d2, 0.5) FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT arrow_typeof(clamp_max(i8, 0.5)), arrow_typeof(clamp_max(i16, 0.5)), arrow_typeof(clamp_max(i32, 0.5)), arrow_typeof(clamp_max(i64, 0.5)), arrow_typeof(clamp_max(u8, 0.5)), arrow_typeof(clamp_max(u16, 0.5)), arrow_typeof(clamp_max(u32, 0.5)), arrow_typeof(clamp_max(u64, 0.5)), arrow_typeof(clamp_max(f32, 0.5)), arrow_typeof(clamp_max(f64, 0.5)), arrow_typeof(clamp_max(d1, 0.5)), arrow_typeof(clamp_max(d2, 0.5)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, clamp_max(b, 0.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, clamp_max(s, 0.5) FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
