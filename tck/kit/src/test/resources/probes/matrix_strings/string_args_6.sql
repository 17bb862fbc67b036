-- DataFusion 52 string/unicode/regex/crypto functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) and GreptimeDB v1.0.0 src/common/function/src/scalars/string
-- type matrix, second round: the column in a later argument position (pattern, needle, fill, separator);
-- rows: ASCII, non-ASCII, empty, NULL
CREATE TABLE mx2 (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx2 VALUES (1, 'o', 'o', 1, 1.5, 1.50, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'é日', 'é日', -2, -0.5, -2.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT mid(s, 1, 1) FROM mx2 ORDER BY ts;

SELECT mid(b, 1, 1) FROM mx2 ORDER BY ts;

SELECT mid(i, 1, 1) FROM mx2 ORDER BY ts;

SELECT mid(f, 1, 1) FROM mx2 ORDER BY ts;

SELECT mid(d, 1, 1) FROM mx2 ORDER BY ts;

SELECT mid(bo, 1, 1) FROM mx2 ORDER BY ts;

SELECT mid(t, 1, 1) FROM mx2 ORDER BY ts;

SELECT mid(dt, 1, 1) FROM mx2 ORDER BY ts;

SELECT character_length(s) FROM mx2 ORDER BY ts;

SELECT character_length(b) FROM mx2 ORDER BY ts;

SELECT character_length(i) FROM mx2 ORDER BY ts;

SELECT character_length(f) FROM mx2 ORDER BY ts;

SELECT character_length(d) FROM mx2 ORDER BY ts;

SELECT character_length(bo) FROM mx2 ORDER BY ts;

SELECT character_length(t) FROM mx2 ORDER BY ts;

SELECT character_length(dt) FROM mx2 ORDER BY ts;

SELECT ucase(s) FROM mx2 ORDER BY ts;

SELECT ucase(b) FROM mx2 ORDER BY ts;

SELECT ucase(i) FROM mx2 ORDER BY ts;

SELECT ucase(f) FROM mx2 ORDER BY ts;

SELECT ucase(d) FROM mx2 ORDER BY ts;

SELECT ucase(bo) FROM mx2 ORDER BY ts;

SELECT ucase(t) FROM mx2 ORDER BY ts;

SELECT ucase(dt) FROM mx2 ORDER BY ts;

DROP TABLE mx2;
