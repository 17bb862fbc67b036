-- bool_and/bool_or over BOOLEAN (and their refusals of other types), aggregates of expressions, on no rows, DISTINCT.
-- Source: DataFusion 52.1 aggregates (datafusion/functions-aggregate/src/{sum.rs,average.rs,min_max.rs,count.rs,stddev.rs,
-- variance.rs,bit_and_or_xor.rs,bool_and_or.rs,median.rs,approx_percentile_cont.rs}) and the DataFusion docs "Aggregate Functions".
-- The table nm holds one column of each numeric type (TINYINT..BIGINT, their UNSIGNED forms, FLOAT, DOUBLE, DECIMAL(10,2),
-- DECIMAL(38,10)), a BOOLEAN and a STRING; rows: zero, positive, negative, all-NULL, each type's max (twice) and min.
CREATE TABLE nm (ts TIMESTAMP TIME INDEX, g STRING PRIMARY KEY, i8 TINYINT, i16 SMALLINT, i32 INT, i64 BIGINT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, f32 FLOAT, f64 DOUBLE, d1 DECIMAL(10, 2), d2 DECIMAL(38, 10), b BOOLEAN, s STRING);

INSERT INTO nm VALUES (1000, 'a', 0, 0, 0, 0, 0, 0, 0, 0, 0.0, 0.0, 0.00, 0, false, '0'), (2000, 'a', 7, 7, 7, 7, 7, 7, 7, 7, 2.5, 2.5, 12.34, 12.3456789012, true, '12'), (3000, 'b', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '-3'), (4000, 'n', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (5000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, 'x'), (6000, 'hi', 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4028235e38, 1.7976931348623157e308, 99999999.99, 9999999999999999999999999999.9999999999, true, ''), (7000, 'lo', -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4028235e38, -1.7976931348623157e308, -99999999.99, -9999999999999999999999999999.9999999999, false, ' 5 '), (8000, 'lo', -7, -7, -7, -7, 3, 3, 3, 3, -2.5, -2.5, -12.34, -0.0000000001, false, '1e3');

SELECT g, bool_and(b) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(bool_and(b)) FROM nm;

SELECT g, bool_and(i32) FROM nm GROUP BY g ORDER BY g;

SELECT g, bool_and(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, bool_or(b) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(bool_or(b)) FROM nm;

SELECT g, bool_or(i32) FROM nm GROUP BY g ORDER BY g;

SELECT g, bool_or(s) FROM nm GROUP BY g ORDER BY g;

SELECT g, sum(i8 + 0), sum(CAST(u64 AS DECIMAL(20, 0))), avg(d1 * 2), sum(f32 * 2) FROM nm GROUP BY g ORDER BY g;

SELECT arrow_typeof(sum(i8 + 0)), arrow_typeof(sum(CAST(u64 AS DECIMAL(20, 0)))), arrow_typeof(avg(d1 * 2)), arrow_typeof(sum(f32 * 2)) FROM nm;

SELECT sum(i32), avg(u64), min(d2), max(f32), count(*), count(i8), stddev(i16), bit_or(u8) FROM nm WHERE ts > 100000;

SELECT g, sum(DISTINCT i32), count(DISTINCT u8), avg(DISTINCT f64) FROM nm GROUP BY g ORDER BY g;

DROP TABLE nm;
