-- DataFusion string_agg/array_agg with ORDER BY and DISTINCT (docs: datafusion.apache.org user-guide/sql/aggregate_functions)
-- type matrix: one table with a string, binary, integer, float, decimal, boolean, timestamp and date column;
-- rows: ASCII, non-ASCII (accents, CJK, emoji), empty, whitespace, NULL
CREATE TABLE mx (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx VALUES (1, 'Hello World', 'Hello World', 42, 3.5, 12.34, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'Ünïcödé 日本 😀', 'Ünïcödé 日本 😀', -7, -0.25, -5.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, '  pad  ', '  pad  ', 123456, 10000000000.0, 99999.99, false, '2038-01-19 03:14:07', '1969-12-31'), (5, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT string_agg(s, ',' ORDER BY ts) FROM mx;

SELECT string_agg(s, ',' ORDER BY ts DESC) FROM mx;

SELECT string_agg(s, '' ORDER BY s) FROM mx;

SELECT string_agg(DISTINCT s, ';' ORDER BY s) FROM mx;

SELECT string_agg(s, ',') FROM mx WHERE ts > 100;

SELECT string_agg(i, ',' ORDER BY ts) FROM mx;

SELECT string_agg(b, ',' ORDER BY ts) FROM mx;

SELECT string_agg(CAST(i AS STRING), '-' ORDER BY i) FROM mx;

SELECT bo, string_agg(s, '|' ORDER BY ts) FROM mx GROUP BY bo ORDER BY bo;

SELECT array_agg(s ORDER BY ts) FROM mx;

SELECT array_agg(i ORDER BY i DESC) FROM mx;

SELECT array_agg(DISTINCT bo ORDER BY bo) FROM mx;

SELECT array_agg(s ORDER BY ts) FROM mx WHERE s <> '';

SELECT array_agg(f ORDER BY f) FROM mx WHERE ts < 3;

SELECT array_agg(dt ORDER BY dt) FROM mx;

SELECT bo, array_agg(s ORDER BY ts DESC) FROM mx GROUP BY bo ORDER BY bo;

SELECT array_to_string(array_agg(s ORDER BY ts), '/') FROM mx;

SELECT min(s), max(s), count(s), count(DISTINCT s) FROM mx;

DROP TABLE mx;
