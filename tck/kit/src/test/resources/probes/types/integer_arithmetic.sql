-- integer + - * / % across every width and signedness, with literals and columns: result types, wrapping, division
-- (DataFusion's binary arithmetic coercion as GreptimeDB v1.0.0 plans it; arrow's wrapping arithmetic kernels)
CREATE TABLE ia (ts TIMESTAMP TIME INDEX, i8 TINYINT, u8 TINYINT UNSIGNED, i16 SMALLINT, u16 SMALLINT UNSIGNED, i32 INT, u32 INT UNSIGNED, i64 BIGINT, u64 BIGINT UNSIGNED);

INSERT INTO ia VALUES (1, 100, 200, 30000, 60000, 2000000000, 4000000000, 9223372036854775807, 18446744073709551615), (2, -7, 3, -2, 5, -9, 4, -3, 2), (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT i8 + i8, u8 + u8, i16 + i16, u16 + u16, i32 + i32, u32 + u32, i64 + i64, u64 + u64 FROM ia ORDER BY ts;

SELECT arrow_typeof(i8 + i8), arrow_typeof(u8 * u8), arrow_typeof(i8 + u8), arrow_typeof(u16 - i8), arrow_typeof(i32 + u32), arrow_typeof(i64 + u64), arrow_typeof(u8 + u32), arrow_typeof(i8 + 1), arrow_typeof(u64 + 1) FROM ia WHERE ts = 1;

SELECT i8 - u8, u8 - i8, i8 + i16, u8 * u16, i32 + u32, u32 - i32, u8 - 201 FROM ia ORDER BY ts;

SELECT i8 * i16, i16 * i16, u16 * u16, i32 * i32, u32 * u32, i64 * 2, u64 * 2 FROM ia ORDER BY ts;

SELECT i8 / 3, i8 % 3, u8 / 7, u8 % 7, i16 / i8, i32 % i8, u32 / u8 FROM ia ORDER BY ts;

SELECT arrow_typeof(i8 / 3), arrow_typeof(u8 / u8), arrow_typeof(i16 % i8), arrow_typeof(u32 % u8) FROM ia WHERE ts = 1;

SELECT i8 / 0 FROM ia ORDER BY ts;

SELECT u8 % 0 FROM ia WHERE ts = 2;

SELECT 7 / 2, -7 / 2, -7 % 3, 7 % -3, 9223372036854775807 + 1, -9223372036854775808 - 1;

SELECT -i8, -i64 FROM ia ORDER BY ts;

SELECT i8 * 1.5, u8 / 2.0, i64 + 0.5 FROM ia ORDER BY ts;

SELECT i8 + NULL, u64 - NULL FROM ia ORDER BY ts;

DROP TABLE ia;
