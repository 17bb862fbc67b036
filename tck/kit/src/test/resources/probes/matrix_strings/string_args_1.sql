-- DataFusion 52 string/unicode/regex/crypto functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) and GreptimeDB v1.0.0 src/common/function/src/scalars/string
-- type matrix, second round: the column in a later argument position (pattern, needle, fill, separator);
-- rows: ASCII, non-ASCII, empty, NULL
CREATE TABLE mx2 (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx2 VALUES (1, 'o', 'o', 1, 1.5, 1.50, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'é日', 'é日', -2, -0.5, -2.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT strpos('Hello World', s) FROM mx2 ORDER BY ts;

SELECT strpos('Hello World', b) FROM mx2 ORDER BY ts;

SELECT strpos('Hello World', i) FROM mx2 ORDER BY ts;

SELECT strpos('Hello World', f) FROM mx2 ORDER BY ts;

SELECT strpos('Hello World', d) FROM mx2 ORDER BY ts;

SELECT strpos('Hello World', bo) FROM mx2 ORDER BY ts;

SELECT strpos('Hello World', t) FROM mx2 ORDER BY ts;

SELECT strpos('Hello World', dt) FROM mx2 ORDER BY ts;

SELECT replace('Hello World', s, '_') FROM mx2 ORDER BY ts;

SELECT replace('Hello World', b, '_') FROM mx2 ORDER BY ts;

SELECT replace('Hello World', i, '_') FROM mx2 ORDER BY ts;

SELECT replace('Hello World', f, '_') FROM mx2 ORDER BY ts;

SELECT replace('Hello World', d, '_') FROM mx2 ORDER BY ts;

SELECT replace('Hello World', bo, '_') FROM mx2 ORDER BY ts;

SELECT replace('Hello World', t, '_') FROM mx2 ORDER BY ts;

SELECT replace('Hello World', dt, '_') FROM mx2 ORDER BY ts;

SELECT starts_with('o', s) FROM mx2 ORDER BY ts;

SELECT starts_with('o', b) FROM mx2 ORDER BY ts;

SELECT starts_with('o', i) FROM mx2 ORDER BY ts;

SELECT starts_with('o', f) FROM mx2 ORDER BY ts;

SELECT starts_with('o', d) FROM mx2 ORDER BY ts;

SELECT starts_with('o', bo) FROM mx2 ORDER BY ts;

SELECT starts_with('o', t) FROM mx2 ORDER BY ts;

SELECT starts_with('o', dt) FROM mx2 ORDER BY ts;

DROP TABLE mx2;
