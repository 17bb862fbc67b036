-- DataFusion 52 string/unicode/crypto/encoding functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) as GreptimeDB v1.0.0 registers them
-- type matrix: one table with a string, binary, integer, float, decimal, boolean, timestamp and date column;
-- rows: ASCII, non-ASCII (accents, CJK, emoji), empty, whitespace, NULL
CREATE TABLE mx (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx VALUES (1, 'Hello World', 'Hello World', 42, 3.5, 12.34, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'Ünïcödé 日本 😀', 'Ünïcödé 日本 😀', -7, -0.25, -5.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, '  pad  ', '  pad  ', 123456, 10000000000.0, 99999.99, false, '2038-01-19 03:14:07', '1969-12-31'), (5, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT length(s) FROM mx ORDER BY ts;

SELECT length(b) FROM mx ORDER BY ts;

SELECT length(i) FROM mx ORDER BY ts;

SELECT length(f) FROM mx ORDER BY ts;

SELECT length(d) FROM mx ORDER BY ts;

SELECT length(bo) FROM mx ORDER BY ts;

SELECT length(t) FROM mx ORDER BY ts;

SELECT length(dt) FROM mx ORDER BY ts;

SELECT char_length(s) FROM mx ORDER BY ts;

SELECT char_length(b) FROM mx ORDER BY ts;

SELECT char_length(i) FROM mx ORDER BY ts;

SELECT char_length(f) FROM mx ORDER BY ts;

SELECT char_length(d) FROM mx ORDER BY ts;

SELECT char_length(bo) FROM mx ORDER BY ts;

SELECT char_length(t) FROM mx ORDER BY ts;

SELECT char_length(dt) FROM mx ORDER BY ts;

SELECT octet_length(s) FROM mx ORDER BY ts;

SELECT octet_length(b) FROM mx ORDER BY ts;

SELECT octet_length(i) FROM mx ORDER BY ts;

SELECT octet_length(f) FROM mx ORDER BY ts;

SELECT octet_length(d) FROM mx ORDER BY ts;

SELECT octet_length(bo) FROM mx ORDER BY ts;

SELECT octet_length(t) FROM mx ORDER BY ts;

SELECT octet_length(dt) FROM mx ORDER BY ts;

DROP TABLE mx;
