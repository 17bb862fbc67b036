-- DataFusion SQL LIKE/ILIKE/NOT LIKE/SIMILAR with ESCAPE (docs: datafusion.apache.org user-guide/sql/operators)
-- type matrix: one table with a string, binary, integer, float, decimal, boolean, timestamp and date column;
-- rows: ASCII, non-ASCII (accents, CJK, emoji), empty, whitespace, NULL
CREATE TABLE mx (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx VALUES (1, 'Hello World', 'Hello World', 42, 3.5, 12.34, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'Ünïcödé 日本 😀', 'Ünïcödé 日本 😀', -7, -0.25, -5.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, '  pad  ', '  pad  ', 123456, 10000000000.0, 99999.99, false, '2038-01-19 03:14:07', '1969-12-31'), (5, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT ts, s LIKE 'H%', s ILIKE 'h%', s NOT LIKE '%o%', s NOT ILIKE '%Ö%' FROM mx ORDER BY ts;

SELECT ts, s LIKE '%日本%', s LIKE '_n%', s LIKE '', s LIKE '%' FROM mx ORDER BY ts;

SELECT ts FROM mx WHERE s LIKE '%pad%' ORDER BY ts;

SELECT ts FROM mx WHERE s NOT LIKE 'H%' ORDER BY ts;

SELECT 'a_b' LIKE 'a\_b', 'axb' LIKE 'a\_b', 'a%b' LIKE 'a\%b', 'a\b' LIKE 'a\\b';

SELECT 'a_b' LIKE 'a!_b' ESCAPE '!', 'axb' LIKE 'a!_b' ESCAPE '!', 'A_B' ILIKE 'a#_b' ESCAPE '#';

SELECT 'abc' LIKE NULL, NULL LIKE 'a', NULL NOT LIKE NULL;

SELECT ts, i LIKE '4%' FROM mx ORDER BY ts;

SELECT ts, f LIKE '%5' FROM mx ORDER BY ts;

SELECT ts, d LIKE '%3%' FROM mx ORDER BY ts;

SELECT ts, bo LIKE 't%' FROM mx ORDER BY ts;

SELECT ts, t LIKE '2024%' FROM mx ORDER BY ts;

SELECT ts, dt LIKE '2024%' FROM mx ORDER BY ts;

SELECT ts, b LIKE 'H%' FROM mx ORDER BY ts;

SELECT ts, s ~ '^H', s ~* '^h', s !~ 'o' FROM mx ORDER BY ts;

SELECT 'abc' SIMILAR TO 'a(b|c)c', 'abc' NOT SIMILAR TO 'a%';

DROP TABLE mx;
