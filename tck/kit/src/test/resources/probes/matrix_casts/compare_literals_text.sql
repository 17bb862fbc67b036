-- The type matrix, comparisons: WHERE filters comparing STRING, BINARY and BOOLEAN columns with literals of other types (=, <, BETWEEN,
-- IN with mixed literal kinds, IS DISTINCT FROM, a string that is not a value of the column type). Sources: DataFusion
-- docs "SQL Reference: Operators" and "Data Types" (comparison coercion), GreptimeDB docs reference/sql/data-types.md
-- and reference/sql/where.md; GreptimeDB's TypeConversionRule (src/query/src/optimizer/type_conversion.rs).

CREATE TABLE cmp_tx (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, s STRING, b BINARY, t BOOLEAN);

INSERT INTO cmp_tx VALUES (1000, 'a', '5', 'abc', true), (2000, 'b', '10', '', false), (3000, 'c', 'abc', '5', NULL), (4000, 'd', NULL, NULL, true), (5000, 'e', '1.5', '10', false), (6000, 'f', 'true', 'true', true);

SELECT k FROM cmp_tx WHERE s = 5 ORDER BY k;

SELECT k FROM cmp_tx WHERE s < 6 ORDER BY k;

SELECT k FROM cmp_tx WHERE s > 5 ORDER BY k;

SELECT k FROM cmp_tx WHERE s BETWEEN 1 AND '6' ORDER BY k;

SELECT k FROM cmp_tx WHERE s IN (5, 'abc', 1.5) ORDER BY k;

SELECT k FROM cmp_tx WHERE s = 1.5 ORDER BY k;

SELECT k FROM cmp_tx WHERE s IS DISTINCT FROM 5 ORDER BY k;

SELECT k FROM cmp_tx WHERE s = true ORDER BY k;

SELECT k FROM cmp_tx WHERE s IN (10, 20) ORDER BY k;

SELECT k FROM cmp_tx WHERE s <> 10 ORDER BY k;

SELECT k FROM cmp_tx WHERE b = 'abc' ORDER BY k;

SELECT k FROM cmp_tx WHERE b < 'b' ORDER BY k;

SELECT k FROM cmp_tx WHERE b IN ('abc', '5') ORDER BY k;

SELECT k FROM cmp_tx WHERE b IS DISTINCT FROM '' ORDER BY k;

SELECT k FROM cmp_tx WHERE b = 5 ORDER BY k;

SELECT k FROM cmp_tx WHERE b = true ORDER BY k;

SELECT k FROM cmp_tx WHERE t = 'true' ORDER BY k;

SELECT k FROM cmp_tx WHERE t = 'yes' ORDER BY k;

SELECT k FROM cmp_tx WHERE t = 1 ORDER BY k;

SELECT k FROM cmp_tx WHERE t IN ('false', true) ORDER BY k;

SELECT k FROM cmp_tx WHERE t IS DISTINCT FROM 'false' ORDER BY k;

SELECT k FROM cmp_tx WHERE t < 'true' ORDER BY k;

SELECT k FROM cmp_tx WHERE t = 'abc' ORDER BY k;

SELECT k FROM cmp_tx WHERE t IS NOT DISTINCT FROM NULL ORDER BY k;

SELECT k FROM cmp_tx WHERE t BETWEEN false AND 'true' ORDER BY k;

DROP TABLE cmp_tx;
