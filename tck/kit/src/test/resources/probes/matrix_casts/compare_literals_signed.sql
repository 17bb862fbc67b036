-- The type matrix, comparisons: WHERE filters comparing signed integer columns with literals of other types (=, <, BETWEEN,
-- IN with mixed literal kinds, IS DISTINCT FROM, a string that is not a value of the column type). Sources: DataFusion
-- docs "SQL Reference: Operators" and "Data Types" (comparison coercion), GreptimeDB docs reference/sql/data-types.md
-- and reference/sql/where.md; GreptimeDB's TypeConversionRule (src/query/src/optimizer/type_conversion.rs).

CREATE TABLE cmp_si (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, a TINYINT, b SMALLINT, c INT, d BIGINT);

INSERT INTO cmp_si VALUES (1000, 'a', 5, 5, 5, 5), (2000, 'b', 0, 0, 0, 0), (3000, 'c', -128, -32768, -2147483648, -9223372036854775808), (4000, 'd', NULL, NULL, NULL, NULL), (5000, 'e', 127, 300, 70000, 9223372036854775807);

SELECT k FROM cmp_si WHERE a = '5' ORDER BY k;

SELECT k FROM cmp_si WHERE a < '1.5' ORDER BY k;

SELECT k FROM cmp_si WHERE a = 5.0 ORDER BY k;

SELECT k FROM cmp_si WHERE a > 4.5 ORDER BY k;

SELECT k FROM cmp_si WHERE a BETWEEN '0' AND 10.5 ORDER BY k;

SELECT k FROM cmp_si WHERE a IN (5, '0', 2.5) ORDER BY k;

SELECT k FROM cmp_si WHERE a IS DISTINCT FROM '5' ORDER BY k;

SELECT k FROM cmp_si WHERE a IS NOT DISTINCT FROM 0 ORDER BY k;

SELECT k FROM cmp_si WHERE a = 'abc' ORDER BY k;

SELECT k FROM cmp_si WHERE a > -1 ORDER BY k;

SELECT k FROM cmp_si WHERE a = true ORDER BY k;

SELECT k FROM cmp_si WHERE a NOT IN ('5', NULL) ORDER BY k;

SELECT k FROM cmp_si WHERE d = '5' ORDER BY k;

SELECT k FROM cmp_si WHERE d < '1.5' ORDER BY k;

SELECT k FROM cmp_si WHERE d = 5.0 ORDER BY k;

SELECT k FROM cmp_si WHERE d > 4.5 ORDER BY k;

SELECT k FROM cmp_si WHERE d BETWEEN '0' AND 10.5 ORDER BY k;

SELECT k FROM cmp_si WHERE d IN (5, '0', 2.5) ORDER BY k;

SELECT k FROM cmp_si WHERE d IS DISTINCT FROM '5' ORDER BY k;

SELECT k FROM cmp_si WHERE d IS NOT DISTINCT FROM 0 ORDER BY k;

SELECT k FROM cmp_si WHERE d = 'abc' ORDER BY k;

SELECT k FROM cmp_si WHERE d > -1 ORDER BY k;

SELECT k FROM cmp_si WHERE d = true ORDER BY k;

SELECT k FROM cmp_si WHERE d NOT IN ('5', NULL) ORDER BY k;

SELECT k FROM cmp_si WHERE b = 300.0 ORDER BY k;

SELECT k FROM cmp_si WHERE b IN (300, '-32768') ORDER BY k;

SELECT k FROM cmp_si WHERE c < '70000' ORDER BY k;

SELECT k FROM cmp_si WHERE c BETWEEN -2147483648 AND '0' ORDER BY k;

SELECT k FROM cmp_si WHERE d = 9223372036854775807 ORDER BY k;

SELECT k FROM cmp_si WHERE d > 9223372036854775806.5 ORDER BY k;

SELECT k FROM cmp_si WHERE d = '9223372036854775808' ORDER BY k;

SELECT k FROM cmp_si WHERE a = 300 ORDER BY k;

SELECT k FROM cmp_si WHERE a IN (127, 1000) ORDER BY k;

SELECT k FROM cmp_si WHERE c = '5 ' ORDER BY k;

DROP TABLE cmp_si;
