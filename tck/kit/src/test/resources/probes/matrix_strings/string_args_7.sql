-- DataFusion 52 string/unicode/regex/crypto functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) and GreptimeDB v1.0.0 src/common/function/src/scalars/string
-- type matrix, second round: the column in a later argument position (pattern, needle, fill, separator);
-- rows: ASCII, non-ASCII, empty, NULL
CREATE TABLE mx2 (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx2 VALUES (1, 'o', 'o', 1, 1.5, 1.50, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'é日', 'é日', -2, -0.5, -2.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT lcase(s) FROM mx2 ORDER BY ts;

SELECT lcase(b) FROM mx2 ORDER BY ts;

SELECT lcase(i) FROM mx2 ORDER BY ts;

SELECT lcase(f) FROM mx2 ORDER BY ts;

SELECT lcase(d) FROM mx2 ORDER BY ts;

SELECT lcase(bo) FROM mx2 ORDER BY ts;

SELECT lcase(t) FROM mx2 ORDER BY ts;

SELECT lcase(dt) FROM mx2 ORDER BY ts;

SELECT string_to_array(s, ',') FROM mx2 ORDER BY ts;

SELECT string_to_array(b, ',') FROM mx2 ORDER BY ts;

SELECT string_to_array(i, ',') FROM mx2 ORDER BY ts;

SELECT string_to_array(f, ',') FROM mx2 ORDER BY ts;

SELECT string_to_array(d, ',') FROM mx2 ORDER BY ts;

SELECT string_to_array(bo, ',') FROM mx2 ORDER BY ts;

SELECT string_to_array(t, ',') FROM mx2 ORDER BY ts;

SELECT string_to_array(dt, ',') FROM mx2 ORDER BY ts;

DROP TABLE mx2;
