-- integer arithmetic edges: unsigned underflow, negation of the minimum, mixed widths, nested expressions, strings and booleans as operands
-- (DataFusion's binary arithmetic coercion and arrow's arithmetic kernels as GreptimeDB v1.0.0 runs them; docs "Data types")
CREATE TABLE ie (ts TIMESTAMP TIME INDEX, i8 TINYINT, u8 TINYINT UNSIGNED, i16 SMALLINT, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, i64 BIGINT, s STRING, b BOOLEAN);

INSERT INTO ie VALUES (1, -128, 3, -32768, 1, 7, -9223372036854775808, '12', true), (2, 5, 250, 300, 65535, 4294967295, 10, 'x', false);

SELECT u8 - u8, u8 - 200, u16 + u16, u32 + u32, u8 * u8 FROM ie ORDER BY ts;

SELECT u8 - CAST(4 AS TINYINT UNSIGNED), u16 - CAST(2 AS SMALLINT UNSIGNED), arrow_typeof(u8 - CAST(4 AS TINYINT UNSIGNED)) FROM ie ORDER BY ts;

SELECT -i8, -i16, -i64 FROM ie ORDER BY ts;

SELECT i8 + u8, i16 * u16, i8 - u32, u8 + i16 FROM ie ORDER BY ts;

SELECT (i8 + i8) * 2, i8 * i8 + i16, (u8 + u8) / 3 FROM ie ORDER BY ts;

SELECT i8 / i16, i16 / i8, i16 % u8, u32 % 7, i64 / 3 FROM ie ORDER BY ts;

SELECT i8 + s FROM ie ORDER BY ts;

SELECT i8 + b FROM ie ORDER BY ts;

SELECT u8 + 1.0, i16 - 2.5e0, u32 * 0.5 FROM ie ORDER BY ts;

SELECT CAST(i8 AS SMALLINT) * 2, arrow_typeof(CAST(i8 AS SMALLINT) * 2) FROM ie ORDER BY ts;

SELECT CAST(u8 AS TINYINT) FROM ie ORDER BY ts;

SELECT 127 + CAST(1 AS TINYINT) AS a, CAST(127 AS TINYINT) + CAST(1 AS TINYINT) AS b, CAST(200 AS TINYINT UNSIGNED) * CAST(2 AS TINYINT UNSIGNED) AS c;

SELECT 5 % 0;

SELECT 5 / 0;

DROP TABLE ie;
