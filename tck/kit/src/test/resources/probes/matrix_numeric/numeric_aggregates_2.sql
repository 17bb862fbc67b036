-- Aggregates over every numeric column type grouped by a tag (overflow in the 'hi'/'lo' groups, an all-NULL group):
-- var(x), var_pop(x), bit_and(x), bit_or(x), bit_xor(x), median(x).
-- Source: DataFusion 52.1 aggregates (datafusion/functions-aggregate/src/{sum.rs,average.rs,min_max.rs,count.rs,stddev.rs,
-- variance.rs,bit_and_or_xor.rs,bool_and_or.rs,median.rs,approx_percentile_cont.rs}) and the DataFusion docs "Aggregate Functions".
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, var(i8), var(i16), var(i32), var(i64), var(u8), var(u16), var(u32), var(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, var(f32), var(f64), var(d1), var(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(var(i8)), arrow_typeof(var(i16)), arrow_typeof(var(i32)), arrow_typeof(var(i64)), arrow_typeof(var(u8)), arrow_typeof(var(u16)), arrow_typeof(var(u32)), arrow_typeof(var(u64)), arrow_typeof(var(f32)), arrow_typeof(var(f64)), arrow_typeof(var(d1)), arrow_typeof(var(d2)) FROM nm;

SELECT g, var(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, var(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, var_pop(i8), var_pop(i16), var_pop(i32), var_pop(i64), var_pop(u8), var_pop(u16), var_pop(u32), var_pop(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, var_pop(f32), var_pop(f64), var_pop(d1), var_pop(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(var_pop(i8)), arrow_typeof(var_pop(i16)), arrow_typeof(var_pop(i32)), arrow_typeof(var_pop(i64)), arrow_typeof(var_pop(u8)), arrow_typeof(var_pop(u16)), arrow_typeof(var_pop(u32)), arrow_typeof(var_pop(u64)), arrow_typeof(var_pop(f32)), arrow_typeof(var_pop(f64)), arrow_typeof(var_pop(d1)), arrow_typeof(var_pop(d2)) FROM nm;

SELECT g, var_pop(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, var_pop(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_and(i8), bit_and(i16), bit_and(i32), bit_and(i64), bit_and(u8), bit_and(u16), bit_and(u32), bit_and(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_and(f32), bit_and(f64), bit_and(d1), bit_and(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(bit_and(i8)), arrow_typeof(bit_and(i16)), arrow_typeof(bit_and(i32)), arrow_typeof(bit_and(i64)), arrow_typeof(bit_and(u8)), arrow_typeof(bit_and(u16)), arrow_typeof(bit_and(u32)), arrow_typeof(bit_and(u64)), arrow_typeof(bit_and(f32)), arrow_typeof(bit_and(f64)), arrow_typeof(bit_and(d1)), arrow_typeof(bit_and(d2)) FROM nm;

SELECT g, bit_and(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_and(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_or(i8), bit_or(i16), bit_or(i32), bit_or(i64), bit_or(u8), bit_or(u16), bit_or(u32), bit_or(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_or(f32), bit_or(f64), bit_or(d1), bit_or(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(bit_or(i8)), arrow_typeof(bit_or(i16)), arrow_typeof(bit_or(i32)), arrow_typeof(bit_or(i64)), arrow_typeof(bit_or(u8)), arrow_typeof(bit_or(u16)), arrow_typeof(bit_or(u32)), arrow_typeof(bit_or(u64)), arrow_typeof(bit_or(f32)), arrow_typeof(bit_or(f64)), arrow_typeof(bit_or(d1)), arrow_typeof(bit_or(d2)) FROM nm;

SELECT g, bit_or(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_or(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_xor(i8), bit_xor(i16), bit_xor(i32), bit_xor(i64), bit_xor(u8), bit_xor(u16), bit_xor(u32), bit_xor(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_xor(f32), bit_xor(f64), bit_xor(d1), bit_xor(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(bit_xor(i8)), arrow_typeof(bit_xor(i16)), arrow_typeof(bit_xor(i32)), arrow_typeof(bit_xor(i64)), arrow_typeof(bit_xor(u8)), arrow_typeof(bit_xor(u16)), arrow_typeof(bit_xor(u32)), arrow_typeof(bit_xor(u64)), arrow_typeof(bit_xor(f32)), arrow_typeof(bit_xor(f64)), arrow_typeof(bit_xor(d1)), arrow_typeof(bit_xor(d2)) FROM nm;

SELECT g, bit_xor(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, bit_xor(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, median(i8), median(i16), median(i32), median(i64), median(u8), median(u16), median(u32), median(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, median(f32), median(f64), median(d1), median(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(median(i8)), arrow_typeof(median(i16)), arrow_typeof(median(i32)), arrow_typeof(median(i64)), arrow_typeof(median(u8)), arrow_typeof(median(u16)), arrow_typeof(median(u32)), arrow_typeof(median(u64)), arrow_typeof(median(f32)), arrow_typeof(median(f64)), arrow_typeof(median(d1)), arrow_typeof(median(d2)) FROM nm;

SELECT g, median(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, median(s) FROM nm GROUP BY g ORDER BY g;

DROP TABLE nm;
