-- The type matrix, comparisons: WHERE filters comparing DATE columns with literals of other types (=, <, BETWEEN,
-- IN with mixed literal kinds, IS DISTINCT FROM, a string that is not a value of the column type). Sources: DataFusion
-- docs "SQL Reference: Operators" and "Data Types" (comparison coercion), GreptimeDB docs reference/sql/data-types.md
-- and reference/sql/where.md; GreptimeDB's TypeConversionRule (src/query/src/optimizer/type_conversion.rs).

CREATE TABLE cmp_dt (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, d DATE);

INSERT INTO cmp_dt VALUES (1000, 'a', '2024-01-01'), (2000, 'b', '1970-01-01'), (3000, 'c', '1969-12-31'), (4000, 'd', NULL);

SELECT k FROM cmp_dt WHERE d = '2024-01-01' ORDER BY k;

SELECT k FROM cmp_dt WHERE d < '2024-01-01 12:00:00' ORDER BY k;

SELECT k FROM cmp_dt WHERE d = '2024-01-01 00:00:00' ORDER BY k;

SELECT k FROM cmp_dt WHERE d = 19723 ORDER BY k;

SELECT k FROM cmp_dt WHERE d > 0 ORDER BY k;

SELECT k FROM cmp_dt WHERE d BETWEEN '1969-12-31' AND DATE '1970-01-01' ORDER BY k;

SELECT k FROM cmp_dt WHERE d IN ('2024-01-01', '1969-12-31') ORDER BY k;

SELECT k FROM cmp_dt WHERE d IN ('2024-01-01', 0) ORDER BY k;

SELECT k FROM cmp_dt WHERE d = 'not a date' ORDER BY k;

SELECT k FROM cmp_dt WHERE d IS DISTINCT FROM '2024-01-01' ORDER BY k;

SELECT k FROM cmp_dt WHERE d = TIMESTAMP '2024-01-01 00:00:00' ORDER BY k;

SELECT k FROM cmp_dt WHERE d < TIMESTAMP '1970-01-01 00:00:01' ORDER BY k;

SELECT k FROM cmp_dt WHERE d = '2024-1-1' ORDER BY k;

SELECT k FROM cmp_dt WHERE d > '2023-12-31T23:00:00Z' ORDER BY k;

DROP TABLE cmp_dt;
