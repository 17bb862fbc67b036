-- DataFusion 52 string/unicode/crypto/encoding functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) as GreptimeDB v1.0.0 registers them
-- type matrix: one table with a string, binary, integer, float, decimal, boolean, timestamp and date column;
-- rows: ASCII, non-ASCII (accents, CJK, emoji), empty, whitespace, NULL
CREATE TABLE mx (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx VALUES (1, 'Hello World', 'Hello World', 42, 3.5, 12.34, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'Ünïcödé 日本 😀', 'Ünïcödé 日本 😀', -7, -0.25, -5.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, '  pad  ', '  pad  ', 123456, 10000000000.0, 99999.99, false, '2038-01-19 03:14:07', '1969-12-31'), (5, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT starts_with(s, '1') FROM mx ORDER BY ts;

SELECT starts_with(b, '1') FROM mx ORDER BY ts;

SELECT starts_with(i, '1') FROM mx ORDER BY ts;

SELECT starts_with(f, '1') FROM mx ORDER BY ts;

SELECT starts_with(d, '1') FROM mx ORDER BY ts;

SELECT starts_with(bo, '1') FROM mx ORDER BY ts;

SELECT starts_with(t, '1') FROM mx ORDER BY ts;

SELECT starts_with(dt, '1') FROM mx ORDER BY ts;

SELECT ends_with(s, '0') FROM mx ORDER BY ts;

SELECT ends_with(b, '0') FROM mx ORDER BY ts;

SELECT ends_with(i, '0') FROM mx ORDER BY ts;

SELECT ends_with(f, '0') FROM mx ORDER BY ts;

SELECT ends_with(d, '0') FROM mx ORDER BY ts;

SELECT ends_with(bo, '0') FROM mx ORDER BY ts;

SELECT ends_with(t, '0') FROM mx ORDER BY ts;

SELECT ends_with(dt, '0') FROM mx ORDER BY ts;

SELECT contains(s, '2') FROM mx ORDER BY ts;

SELECT contains(b, '2') FROM mx ORDER BY ts;

SELECT contains(i, '2') FROM mx ORDER BY ts;

SELECT contains(f, '2') FROM mx ORDER BY ts;

SELECT contains(d, '2') FROM mx ORDER BY ts;

SELECT contains(bo, '2') FROM mx ORDER BY ts;

SELECT contains(t, '2') FROM mx ORDER BY ts;

SELECT contains(dt, '2') FROM mx ORDER BY ts;

DROP TABLE mx;
