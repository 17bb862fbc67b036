-- GreptimeDB data types (docs: reference/data-types, BINARY/VARBINARY/BLOB) and DataFusion binary handling
-- type matrix: one table with a string, binary, integer, float, decimal, boolean, timestamp and date column;
-- rows: ASCII, non-ASCII (accents, CJK, emoji), empty, whitespace, NULL
CREATE TABLE mxb (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mxb VALUES (1, 'Hello World', 'Hello World', 42, 3.5, 12.34, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'Ünïcödé 日本 😀', 'Ünïcödé 日本 😀', -7, -0.25, -5.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, '  pad  ', '  pad  ', 123456, 10000000000.0, 99999.99, false, '2038-01-19 03:14:07', '1969-12-31'), (5, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT ts, b FROM mxb ORDER BY ts;

SELECT ts, length(b), octet_length(b), bit_length(b) FROM mxb ORDER BY ts;

SELECT ts, b = 'Hello World', b IS NULL FROM mxb ORDER BY ts;

SELECT ts FROM mxb WHERE b = s ORDER BY ts;

SELECT ts, CAST(b AS STRING) FROM mxb ORDER BY ts;

SELECT ts, CAST(s AS BINARY) FROM mxb ORDER BY ts;

SELECT CAST('abc' AS BLOB), CAST('' AS VARBINARY), CAST(NULL AS BINARY);

SELECT ts, to_hex(i), encode(b, 'hex') FROM mxb ORDER BY ts;

SELECT ts, arrow_typeof(b), arrow_typeof(s) FROM mxb ORDER BY ts LIMIT 1;

SELECT min(b), max(b), count(b) FROM mxb;

SELECT ts, b FROM mxb ORDER BY b, ts;

SELECT ts, md5(b), sha256(s) = sha256(b) FROM mxb ORDER BY ts;

SELECT ts, substr(b, 1, 3), upper(b) FROM mxb ORDER BY ts;

DROP TABLE mxb;
