-- Aggregates over every numeric column type grouped by a tag (overflow in the 'hi'/'lo' groups, an all-NULL group):
-- approx_percentile_cont(x, 0.5), approx_median(x).
-- Source: DataFusion 52.1 aggregates (datafusion/functions-aggregate/src/{sum.rs,average.rs,min_max.rs,count.rs,stddev.rs,
-- variance.rs,bit_and_or_xor.rs,bool_and_or.rs,median.rs,approx_percentile_cont.rs}) and the DataFusion docs "Aggregate Functions".
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, approx_percentile_cont(i8, 0.5), approx_percentile_cont(i16, 0.5), approx_percentile_cont(i32, 0.5), approx_percentile_cont(i64, 0.5), approx_percentile_cont(u8, 0.5), approx_percentile_cont(u16, 0.5), approx_percentile_cont(u32, 0.5), approx_percentile_cont(u64, 0.5) FROM nm GROUP BY g ORDER BY g;

SELECT g, approx_percentile_cont(f32, 0.5), approx_percentile_cont(f64, 0.5), approx_percentile_cont(d1, 0.5), approx_percentile_cont(d2, 0.5) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(approx_percentile_cont(i8, 0.5)), arrow_typeof(approx_percentile_cont(i16, 0.5)), arrow_typeof(approx_percentile_cont(i32, 0.5)), arrow_typeof(approx_percentile_cont(i64, 0.5)), arrow_typeof(approx_percentile_cont(u8, 0.5)), arrow_typeof(approx_percentile_cont(u16, 0.5)), arrow_typeof(approx_percentile_cont(u32, 0.5)), arrow_typeof(approx_percentile_cont(u64, 0.5)), arrow_typeof(approx_percentile_cont(f32, 0.5)), arrow_typeof(approx_percentile_cont(f64, 0.5)), arrow_typeof(approx_percentile_cont(d1, 0.5)), arrow_typeof(approx_percentile_cont(d2, 0.5)) FROM nm;

SELECT g, approx_percentile_cont(b, 0.5) FROM nm GROUP BY g ORDER BY g;

SELECT g, approx_percentile_cont(s, 0.5) FROM nm GROUP BY g ORDER BY g;

SELECT g, approx_median(i8), approx_median(i16), approx_median(i32), approx_median(i64), approx_median(u8), approx_median(u16), approx_median(u32), approx_median(u64) FROM nm GROUP BY g ORDER BY g;

SELECT g, approx_median(f32), approx_median(f64), approx_median(d1), approx_median(d2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(approx_median(i8)), arrow_typeof(approx_median(i16)), arrow_typeof(approx_median(i32)), arrow_typeof(approx_median(i64)), arrow_typeof(approx_median(u8)), arrow_typeof(approx_median(u16)), arrow_typeof(approx_median(u32)), arrow_typeof(approx_median(u64)), arrow_typeof(approx_median(f32)), arrow_typeof(approx_median(f64)), arrow_typeof(approx_median(d1)), arrow_typeof(approx_median(d2)) FROM nm;

SELECT g, approx_median(b) FROM nm GROUP BY g ORDER BY g;

SELECT g, approx_median(s) FROM nm GROUP BY g ORDER BY g;

DROP TABLE nm;
