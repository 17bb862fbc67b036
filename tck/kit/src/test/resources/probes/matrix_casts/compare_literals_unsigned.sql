-- The type matrix, comparisons: WHERE filters comparing unsigned integer columns with literals of other types (=, <, BETWEEN,
-- IN with mixed literal kinds, IS DISTINCT FROM, a string that is not a value of the column type). Sources: DataFusion
-- docs "SQL Reference: Operators" and "Data Types" (comparison coercion), GreptimeDB docs reference/sql/data-types.md
-- and reference/sql/where.md; GreptimeDB's TypeConversionRule (src/query/src/optimizer/type_conversion.rs).

CREATE TABLE cmp_ui (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, a TINYINT UNSIGNED, b SMALLINT UNSIGNED, c INT UNSIGNED, d BIGINT UNSIGNED);

INSERT INTO cmp_ui VALUES (1000, 'a', 5, 5, 5, 5), (2000, 'b', 0, 0, 0, 0), (3000, 'c', 255, 65535, 4294967295, 18446744073709551615), (4000, 'd', NULL, NULL, NULL, NULL);

SELECT k FROM cmp_ui WHERE a = '5' ORDER BY k;

SELECT k FROM cmp_ui WHERE a < '1.5' ORDER BY k;

SELECT k FROM cmp_ui WHERE a = 5.0 ORDER BY k;

SELECT k FROM cmp_ui WHERE a > 4.5 ORDER BY k;

SELECT k FROM cmp_ui WHERE a BETWEEN '0' AND 10.5 ORDER BY k;

SELECT k FROM cmp_ui WHERE a IN (5, '0', 2.5) ORDER BY k;

SELECT k FROM cmp_ui WHERE a IS DISTINCT FROM '5' ORDER BY k;

SELECT k FROM cmp_ui WHERE a IS NOT DISTINCT FROM 0 ORDER BY k;

SELECT k FROM cmp_ui WHERE a = 'abc' ORDER BY k;

SELECT k FROM cmp_ui WHERE a > -1 ORDER BY k;

SELECT k FROM cmp_ui WHERE a = true ORDER BY k;

SELECT k FROM cmp_ui WHERE a NOT IN ('5', NULL) ORDER BY k;

SELECT k FROM cmp_ui WHERE d = '5' ORDER BY k;

SELECT k FROM cmp_ui WHERE d < '1.5' ORDER BY k;

SELECT k FROM cmp_ui WHERE d = 5.0 ORDER BY k;

SELECT k FROM cmp_ui WHERE d > 4.5 ORDER BY k;

SELECT k FROM cmp_ui WHERE d BETWEEN '0' AND 10.5 ORDER BY k;

SELECT k FROM cmp_ui WHERE d IN (5, '0', 2.5) ORDER BY k;

SELECT k FROM cmp_ui WHERE d IS DISTINCT FROM '5' ORDER BY k;

SELECT k FROM cmp_ui WHERE d IS NOT DISTINCT FROM 0 ORDER BY k;

SELECT k FROM cmp_ui WHERE d = 'abc' ORDER BY k;

SELECT k FROM cmp_ui WHERE d > -1 ORDER BY k;

SELECT k FROM cmp_ui WHERE d = true ORDER BY k;

SELECT k FROM cmp_ui WHERE d NOT IN ('5', NULL) ORDER BY k;

SELECT k FROM cmp_ui WHERE a = -1 ORDER BY k;

SELECT k FROM cmp_ui WHERE b < -5 ORDER BY k;

SELECT k FROM cmp_ui WHERE c IN (-1, 5) ORDER BY k;

SELECT k FROM cmp_ui WHERE d = 18446744073709551615 ORDER BY k;

SELECT k FROM cmp_ui WHERE d > 9223372036854775807 ORDER BY k;

SELECT k FROM cmp_ui WHERE d = '18446744073709551615' ORDER BY k;

SELECT k FROM cmp_ui WHERE c BETWEEN -1 AND '5' ORDER BY k;

SELECT k FROM cmp_ui WHERE a = 256 ORDER BY k;

SELECT k FROM cmp_ui WHERE b IS DISTINCT FROM -1 ORDER BY k;

SELECT k FROM cmp_ui WHERE d IN (0, '5') ORDER BY k;

DROP TABLE cmp_ui;
