-- The type matrix, comparisons: WHERE filters comparing FLOAT, DOUBLE and DECIMAL columns with literals of other types (=, <, BETWEEN,
-- IN with mixed literal kinds, IS DISTINCT FROM, a string that is not a value of the column type). Sources: DataFusion
-- docs "SQL Reference: Operators" and "Data Types" (comparison coercion), GreptimeDB docs reference/sql/data-types.md
-- and reference/sql/where.md; GreptimeDB's TypeConversionRule (src/query/src/optimizer/type_conversion.rs).

CREATE TABLE cmp_fr (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, f FLOAT, d DOUBLE, m DECIMAL(10, 2));

INSERT INTO cmp_fr VALUES (1000, 'a', 1.5, 1.5, 1.5), (2000, 'b', 0, 0, 0), (3000, 'c', -2.5, -2.5, -2.5), (4000, 'd', NULL, NULL, NULL), (5000, 'e', 0.1, 0.1, 0.10), (6000, 'f', 1, 1, 1);

SELECT k FROM cmp_fr WHERE f = '1.5' ORDER BY k;

SELECT k FROM cmp_fr WHERE f < '2' ORDER BY k;

SELECT k FROM cmp_fr WHERE f = 1 ORDER BY k;

SELECT k FROM cmp_fr WHERE f > 1 ORDER BY k;

SELECT k FROM cmp_fr WHERE f BETWEEN '0' AND 2 ORDER BY k;

SELECT k FROM cmp_fr WHERE f IN (1.5, '0', 3) ORDER BY k;

SELECT k FROM cmp_fr WHERE f IS DISTINCT FROM '1.5' ORDER BY k;

SELECT k FROM cmp_fr WHERE f = 'abc' ORDER BY k;

SELECT k FROM cmp_fr WHERE f = true ORDER BY k;

SELECT k FROM cmp_fr WHERE f IN ('1.50', -2.5) ORDER BY k;

SELECT k FROM cmp_fr WHERE f = 0.1 ORDER BY k;

SELECT k FROM cmp_fr WHERE f <= '-2.5' ORDER BY k;

SELECT k FROM cmp_fr WHERE d = '1.5' ORDER BY k;

SELECT k FROM cmp_fr WHERE d < '2' ORDER BY k;

SELECT k FROM cmp_fr WHERE d = 1 ORDER BY k;

SELECT k FROM cmp_fr WHERE d > 1 ORDER BY k;

SELECT k FROM cmp_fr WHERE d BETWEEN '0' AND 2 ORDER BY k;

SELECT k FROM cmp_fr WHERE d IN (1.5, '0', 3) ORDER BY k;

SELECT k FROM cmp_fr WHERE d IS DISTINCT FROM '1.5' ORDER BY k;

SELECT k FROM cmp_fr WHERE d = 'abc' ORDER BY k;

SELECT k FROM cmp_fr WHERE d = true ORDER BY k;

SELECT k FROM cmp_fr WHERE d IN ('1.50', -2.5) ORDER BY k;

SELECT k FROM cmp_fr WHERE d = 0.1 ORDER BY k;

SELECT k FROM cmp_fr WHERE d <= '-2.5' ORDER BY k;

SELECT k FROM cmp_fr WHERE m = '1.5' ORDER BY k;

SELECT k FROM cmp_fr WHERE m < '2' ORDER BY k;

SELECT k FROM cmp_fr WHERE m = 1 ORDER BY k;

SELECT k FROM cmp_fr WHERE m > 1 ORDER BY k;

SELECT k FROM cmp_fr WHERE m BETWEEN '0' AND 2 ORDER BY k;

SELECT k FROM cmp_fr WHERE m IN (1.5, '0', 3) ORDER BY k;

SELECT k FROM cmp_fr WHERE m IS DISTINCT FROM '1.5' ORDER BY k;

SELECT k FROM cmp_fr WHERE m = 'abc' ORDER BY k;

SELECT k FROM cmp_fr WHERE m = true ORDER BY k;

SELECT k FROM cmp_fr WHERE m IN ('1.50', -2.5) ORDER BY k;

SELECT k FROM cmp_fr WHERE m = 0.1 ORDER BY k;

SELECT k FROM cmp_fr WHERE m <= '-2.5' ORDER BY k;

DROP TABLE cmp_fr;
