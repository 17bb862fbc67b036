-- The arithmetic operator - over every numeric column type: same type, mixed pairs, column with integer/float/
-- decimal/unsigned literal, overflow at the limits, division by zero, BOOLEAN and STRING operands.
-- Source: DataFusion 52.1 binary arithmetic (datafusion/expr-common/src/type_coercion/binary.rs, physical-expr
-- expressions/binary.rs: wrapping + - *, checked / %) as GreptimeDB v1.0.0 runs it; matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, i8 - i8, i16 - i16, i32 - i32, i64 - i64, u8 - u8, u16 - u16, u32 - u32, u64 - u64, f32 - f32, f64 - f64, d1 - d1, d2 - d2 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT arrow_typeof(i8 - i8), arrow_typeof(i16 - i16), arrow_typeof(i32 - i32), arrow_typeof(i64 - i64), arrow_typeof(u8 - u8), arrow_typeof(u16 - u16), arrow_typeof(u32 - u32), arrow_typeof(u64 - u64), arrow_typeof(f32 - f32), arrow_typeof(f64 - f64), arrow_typeof(d1 - d1), arrow_typeof(d2 - d2) FROM nm ORDER BY ts LIMIT 1;

SELECT g, i8 - u8, i16 - i32, i32 - u32, i64 - u64, u64 - i64, u8 - u64, i32 - d1, i64 - d2, u64 - d1, d1 - d2, i32 - f32, i64 - f64, u64 - f64, f32 - f64, d1 - f64, f32 - d2 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT arrow_typeof(i8 - u8), arrow_typeof(i16 - i32), arrow_typeof(i32 - u32), arrow_typeof(i64 - u64), arrow_typeof(u64 - i64), arrow_typeof(u8 - u64), arrow_typeof(i32 - d1), arrow_typeof(i64 - d2), arrow_typeof(u64 - d1), arrow_typeof(d1 - d2), arrow_typeof(i32 - f32), arrow_typeof(i64 - f64), arrow_typeof(u64 - f64), arrow_typeof(f32 - f64), arrow_typeof(d1 - f64), arrow_typeof(f32 - d2) FROM nm ORDER BY ts LIMIT 1;

SELECT g, i8 - 2, i16 - 2, i32 - 2, i64 - 2, u8 - 2, u16 - 2, u32 - 2, u64 - 2, f32 - 2, f64 - 2, d1 - 2, d2 - 2 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT arrow_typeof(i8 - 2), arrow_typeof(i16 - 2), arrow_typeof(i32 - 2), arrow_typeof(i64 - 2), arrow_typeof(u8 - 2), arrow_typeof(u16 - 2), arrow_typeof(u32 - 2), arrow_typeof(u64 - 2), arrow_typeof(f32 - 2), arrow_typeof(f64 - 2), arrow_typeof(d1 - 2), arrow_typeof(d2 - 2) FROM nm ORDER BY ts LIMIT 1;

SELECT g, i8 - 2.5, i16 - 2.5, i32 - 2.5, i64 - 2.5, u8 - 2.5, u16 - 2.5, u32 - 2.5, u64 - 2.5, f32 - 2.5, f64 - 2.5, d1 - 2.5, d2 - 2.5 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT arrow_typeof(i8 - 2.5), arrow_typeof(i16 - 2.5), arrow_typeof(i32 - 2.5), arrow_typeof(i64 - 2.5), arrow_typeof(u8 - 2.5), arrow_typeof(u16 - 2.5), arrow_typeof(u32 - 2.5), arrow_typeof(u64 - 2.5), arrow_typeof(f32 - 2.5), arrow_typeof(f64 - 2.5), arrow_typeof(d1 - 2.5), arrow_typeof(d2 - 2.5) FROM nm ORDER BY ts LIMIT 1;

SELECT g, i8 - CAST(2 AS DECIMAL(3, 1)), i16 - CAST(2 AS DECIMAL(3, 1)), i32 - CAST(2 AS DECIMAL(3, 1)), i64 - CAST(2 AS DECIMAL(3, 1)), u8 - CAST(2 AS DECIMAL(3, 1)), u16 - CAST(2 AS DECIMAL(3, 1)), u32 - CAST(2 AS DECIMAL(3, 1)), u64 - CAST(2 AS DECIMAL(3, 1)), f32 - CAST(2 AS DECIMAL(3, 1)), f64 - CAST(2 AS DECIMAL(3, 1)), d1 - CAST(2 AS DECIMAL(3, 1)), d2 - CAST(2 AS DECIMAL(3, 1)) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT arrow_typeof(i8 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(i16 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(i32 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(i64 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(u8 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(u16 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(u32 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(u64 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(f32 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(f64 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(d1 - CAST(2 AS DECIMAL(3, 1))), arrow_typeof(d2 - CAST(2 AS DECIMAL(3, 1))) FROM nm ORDER BY ts LIMIT 1;

SELECT g, i8 - CAST(2 AS BIGINT UNSIGNED), i16 - CAST(2 AS BIGINT UNSIGNED), i32 - CAST(2 AS BIGINT UNSIGNED), i64 - CAST(2 AS BIGINT UNSIGNED), u8 - CAST(2 AS BIGINT UNSIGNED), u16 - CAST(2 AS BIGINT UNSIGNED), u32 - CAST(2 AS BIGINT UNSIGNED), u64 - CAST(2 AS BIGINT UNSIGNED), f32 - CAST(2 AS BIGINT UNSIGNED), f64 - CAST(2 AS BIGINT UNSIGNED), d1 - CAST(2 AS BIGINT UNSIGNED), d2 - CAST(2 AS BIGINT UNSIGNED) FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT arrow_typeof(i8 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(i16 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(i32 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(i64 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(u8 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(u16 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(u32 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(u64 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(f32 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(f64 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(d1 - CAST(2 AS BIGINT UNSIGNED)), arrow_typeof(d2 - CAST(2 AS BIGINT UNSIGNED)) FROM nm ORDER BY ts LIMIT 1;

SELECT g, 10 - i8, 10 - i16, 10 - i32, 10 - i64, 10 - u8, 10 - u16, 10 - u32, 10 - u64, 10 - f32, 10 - f64, 10 - d1, 10 - d2 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, i8 - 1, i16 - 1, i32 - 1, i64 - 1, u8 - 1, u16 - 1, u32 - 1, u64 - 1 FROM nm WHERE ts = 7000;

SELECT g, u8 - i8, u64 - i8, f32 - i8, d1 - i8, d2 - i8 FROM nm WHERE ts = 7000;

SELECT g, u8 - u16, u32 - u64 FROM nm WHERE ts = 2000;

SELECT g, b - b FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, s - 1 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, i32 - s FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, b - 1 FROM nm WHERE ts <= 4000 ORDER BY ts;

DROP TABLE nm;
