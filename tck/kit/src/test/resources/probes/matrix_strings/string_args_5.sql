-- DataFusion 52 string/unicode/regex/crypto functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) and GreptimeDB v1.0.0 src/common/function/src/scalars/string
-- type matrix, second round: the column in a later argument position (pattern, needle, fill, separator);
-- rows: ASCII, non-ASCII, empty, NULL
CREATE TABLE mx2 (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx2 VALUES (1, 'o', 'o', 1, 1.5, 1.50, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'é日', 'é日', -2, -0.5, -2.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT digest('abc', s) FROM mx2 ORDER BY ts;

SELECT digest('abc', b) FROM mx2 ORDER BY ts;

SELECT digest('abc', i) FROM mx2 ORDER BY ts;

SELECT digest('abc', f) FROM mx2 ORDER BY ts;

SELECT digest('abc', d) FROM mx2 ORDER BY ts;

SELECT digest('abc', bo) FROM mx2 ORDER BY ts;

SELECT digest('abc', t) FROM mx2 ORDER BY ts;

SELECT digest('abc', dt) FROM mx2 ORDER BY ts;

SELECT sha384(s) FROM mx2 ORDER BY ts;

SELECT sha384(b) FROM mx2 ORDER BY ts;

SELECT sha384(i) FROM mx2 ORDER BY ts;

SELECT sha384(f) FROM mx2 ORDER BY ts;

SELECT sha384(d) FROM mx2 ORDER BY ts;

SELECT sha384(bo) FROM mx2 ORDER BY ts;

SELECT sha384(t) FROM mx2 ORDER BY ts;

SELECT sha384(dt) FROM mx2 ORDER BY ts;

SELECT substring_index(s, 'x', 1) FROM mx2 ORDER BY ts;

SELECT substring_index(b, 'x', 1) FROM mx2 ORDER BY ts;

SELECT substring_index(i, 'x', 1) FROM mx2 ORDER BY ts;

SELECT substring_index(f, 'x', 1) FROM mx2 ORDER BY ts;

SELECT substring_index(d, 'x', 1) FROM mx2 ORDER BY ts;

SELECT substring_index(bo, 'x', 1) FROM mx2 ORDER BY ts;

SELECT substring_index(t, 'x', 1) FROM mx2 ORDER BY ts;

SELECT substring_index(dt, 'x', 1) FROM mx2 ORDER BY ts;

DROP TABLE mx2;
