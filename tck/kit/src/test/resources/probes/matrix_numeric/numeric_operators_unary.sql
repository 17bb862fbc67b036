-- Unary minus (and plus) over every numeric column type, at the limits, on BOOLEAN and STRING, and mixed chains.
-- Source: DataFusion 52.1 binary arithmetic (datafusion/expr-common/src/type_coercion/binary.rs, physical-expr
-- expressions/binary.rs: wrapping + - *, checked / %) as GreptimeDB v1.0.0 runs it; matrix written here.
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, -i8, -i16, -i32, -i64, -u8, -u16, -u32, -u64, -f32, -f64, -d1, -d2 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT arrow_typeof(-i8), arrow_typeof(-i16), arrow_typeof(-i32), arrow_typeof(-i64), arrow_typeof(-u8), arrow_typeof(-u16), arrow_typeof(-u32), arrow_typeof(-u64), arrow_typeof(-f32), arrow_typeof(-f64), arrow_typeof(-d1), arrow_typeof(-d2) FROM nm ORDER BY ts LIMIT 1;

SELECT g, -i8 FROM nm WHERE ts = 7000;

SELECT g, -i64 FROM nm WHERE ts = 7000;

SELECT g, -i16, -i32, -f32, -f64, -d1, -d2 FROM nm WHERE ts IN (5000, 7000) ORDER BY ts;

SELECT g, -u8, -u64 FROM nm WHERE ts = 2000;

SELECT g, -u64 FROM nm WHERE ts = 5000;

SELECT g, -b FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, -s FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, -(-i32), +i32, - - f64 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT g, i8 + i16 * i32 - u8, (i64 + 1) * 2 / 3 % 5, u8 * 2.0 + d1 FROM nm WHERE ts <= 4000 ORDER BY ts;

SELECT arrow_typeof(i8 + i16 * i32 - u8), arrow_typeof((i64 + 1) * 2 / 3 % 5), arrow_typeof(u8 * 2.0 + d1) FROM nm ORDER BY ts LIMIT 1;

DROP TABLE nm;
