-- DataFusion 52 string/unicode/regex/crypto functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) and GreptimeDB v1.0.0 src/common/function/src/scalars/string
-- type matrix, second round: the column in a later argument position (pattern, needle, fill, separator);
-- rows: ASCII, non-ASCII, empty, NULL
CREATE TABLE mx2 (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx2 VALUES (1, 'o', 'o', 1, 1.5, 1.50, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'é日', 'é日', -2, -0.5, -2.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT regexp_like('Hello', s) FROM mx2 ORDER BY ts;

SELECT regexp_like('Hello', b) FROM mx2 ORDER BY ts;

SELECT regexp_like('Hello', i) FROM mx2 ORDER BY ts;

SELECT regexp_like('Hello', f) FROM mx2 ORDER BY ts;

SELECT regexp_like('Hello', d) FROM mx2 ORDER BY ts;

SELECT regexp_like('Hello', bo) FROM mx2 ORDER BY ts;

SELECT regexp_like('Hello', t) FROM mx2 ORDER BY ts;

SELECT regexp_like('Hello', dt) FROM mx2 ORDER BY ts;

SELECT find_in_set('1', s) FROM mx2 ORDER BY ts;

SELECT find_in_set('1', b) FROM mx2 ORDER BY ts;

SELECT find_in_set('1', i) FROM mx2 ORDER BY ts;

SELECT find_in_set('1', f) FROM mx2 ORDER BY ts;

SELECT find_in_set('1', d) FROM mx2 ORDER BY ts;

SELECT find_in_set('1', bo) FROM mx2 ORDER BY ts;

SELECT find_in_set('1', t) FROM mx2 ORDER BY ts;

SELECT find_in_set('1', dt) FROM mx2 ORDER BY ts;

SELECT locate(s, 'Hello World') FROM mx2 ORDER BY ts;

SELECT locate(b, 'Hello World') FROM mx2 ORDER BY ts;

SELECT locate(i, 'Hello World') FROM mx2 ORDER BY ts;

SELECT locate(f, 'Hello World') FROM mx2 ORDER BY ts;

SELECT locate(d, 'Hello World') FROM mx2 ORDER BY ts;

SELECT locate(bo, 'Hello World') FROM mx2 ORDER BY ts;

SELECT locate(t, 'Hello World') FROM mx2 ORDER BY ts;

SELECT locate(dt, 'Hello World') FROM mx2 ORDER BY ts;

DROP TABLE mx2;
