-- Aggregates over every numeric column type grouped by a tag (overflow in the 'hi'/'lo' groups, an all-NULL group):
-- sum(x), avg(x), min(x), max(x), count(x), stddev(x).
-- Source: DataFusion 52.1 aggregates (datafusion/functions-aggregate/src/{sum.rs,average.rs,min_max.rs,count.rs,stddev.rs,
-- variance.rs,bit_and_or_xor.rs,bool_and_or.rs,median.rs,approx_percentile_cont.rs}) and the DataFusion docs "Aggregate Functions".
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, sum(i8), sum(i16), sum(i32), sum(i64), sum(u8), sum(u16), sum(u32), sum(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, sum(f32), sum(f64), sum(d1), sum(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(sum(i8)), arrow_typeof(sum(i16)), arrow_typeof(sum(i32)), arrow_typeof(sum(i64)), arrow_typeof(sum(u8)), arrow_typeof(sum(u16)), arrow_typeof(sum(u32)), arrow_typeof(sum(u64)), arrow_typeof(sum(f32)), arrow_typeof(sum(f64)), arrow_typeof(sum(d1)), arrow_typeof(sum(d2)) FROM nm;

SELECT g, sum(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, sum(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, avg(i8), avg(i16), avg(i32), avg(i64), avg(u8), avg(u16), avg(u32), avg(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, avg(f32), avg(f64), avg(d1), avg(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(avg(i8)), arrow_typeof(avg(i16)), arrow_typeof(avg(i32)), arrow_typeof(avg(i64)), arrow_typeof(avg(u8)), arrow_typeof(avg(u16)), arrow_typeof(avg(u32)), arrow_typeof(avg(u64)), arrow_typeof(avg(f32)), arrow_typeof(avg(f64)), arrow_typeof(avg(d1)), arrow_typeof(avg(d2)) FROM nm;

SELECT g, avg(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, avg(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, min(i8), min(i16), min(i32), min(i64), min(u8), min(u16), min(u32), min(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, min(f32), min(f64), min(d1), min(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(min(i8)), arrow_typeof(min(i16)), arrow_typeof(min(i32)), arrow_typeof(min(i64)), arrow_typeof(min(u8)), arrow_typeof(min(u16)), arrow_typeof(min(u32)), arrow_typeof(min(u64)), arrow_typeof(min(f32)), arrow_typeof(min(f64)), arrow_typeof(min(d1)), arrow_typeof(min(d2)) FROM nm;

SELECT g, min(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, min(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, max(i8), max(i16), max(i32), max(i64), max(u8), max(u16), max(u32), max(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, max(f32), max(f64), max(d1), max(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(max(i8)), arrow_typeof(max(i16)), arrow_typeof(max(i32)), arrow_typeof(max(i64)), arrow_typeof(max(u8)), arrow_typeof(max(u16)), arrow_typeof(max(u32)), arrow_typeof(max(u64)), arrow_typeof(max(f32)), arrow_typeof(max(f64)), arrow_typeof(max(d1)), arrow_typeof(max(d2)) FROM nm;

SELECT g, max(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, max(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, count(i8), count(i16), count(i32), count(i64), count(u8), count(u16), count(u32), count(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, count(f32), count(f64), count(d1), count(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(count(i8)), arrow_typeof(count(i16)), arrow_typeof(count(i32)), arrow_typeof(count(i64)), arrow_typeof(count(u8)), arrow_typeof(count(u16)), arrow_typeof(count(u32)), arrow_typeof(count(u64)), arrow_typeof(count(f32)), arrow_typeof(count(f64)), arrow_typeof(count(d1)), arrow_typeof(count(d2)) FROM nm;

SELECT g, count(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, count(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, stddev(i8), stddev(i16), stddev(i32), stddev(i64), stddev(u8), stddev(u16), stddev(u32), stddev(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, stddev(f32), stddev(f64), stddev(d1), stddev(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(stddev(i8)), arrow_typeof(stddev(i16)), arrow_typeof(stddev(i32)), arrow_typeof(stddev(i64)), arrow_typeof(stddev(u8)), arrow_typeof(stddev(u16)), arrow_typeof(stddev(u32)), arrow_typeof(stddev(u64)), arrow_typeof(stddev(f32)), arrow_typeof(stddev(f64)), arrow_typeof(stddev(d1)), arrow_typeof(stddev(d2)) FROM nm;

SELECT g, stddev(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, stddev(s) FROM nm GROUP BY g ORDER BY g;

DROP TABLE nm;
