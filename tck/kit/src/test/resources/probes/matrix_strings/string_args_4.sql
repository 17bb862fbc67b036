-- DataFusion 52 string/unicode/regex/crypto functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) and GreptimeDB v1.0.0 src/common/function/src/scalars/string
-- type matrix, second round: the column in a later argument position (pattern, needle, fill, separator);
-- rows: ASCII, non-ASCII, empty, NULL
CREATE TABLE mx2 (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx2 VALUES (1, 'o', 'o', 1, 1.5, 1.50, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'é日', 'é日', -2, -0.5, -2.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT levenshtein('abc', s) FROM mx2 ORDER BY ts;

SELECT levenshtein('abc', b) FROM mx2 ORDER BY ts;

SELECT levenshtein('abc', i) FROM mx2 ORDER BY ts;

SELECT levenshtein('abc', f) FROM mx2 ORDER BY ts;

SELECT levenshtein('abc', d) FROM mx2 ORDER BY ts;

SELECT levenshtein('abc', bo) FROM mx2 ORDER BY ts;

SELECT levenshtein('abc', t) FROM mx2 ORDER BY ts;

SELECT levenshtein('abc', dt) FROM mx2 ORDER BY ts;

SELECT split_part('a-b', s, 1) FROM mx2 ORDER BY ts;

SELECT split_part('a-b', b, 1) FROM mx2 ORDER BY ts;

SELECT split_part('a-b', i, 1) FROM mx2 ORDER BY ts;

SELECT split_part('a-b', f, 1) FROM mx2 ORDER BY ts;

SELECT split_part('a-b', d, 1) FROM mx2 ORDER BY ts;

SELECT split_part('a-b', bo, 1) FROM mx2 ORDER BY ts;

SELECT split_part('a-b', t, 1) FROM mx2 ORDER BY ts;

SELECT split_part('a-b', dt, 1) FROM mx2 ORDER BY ts;

SELECT btrim('oHo', s) FROM mx2 ORDER BY ts;

SELECT btrim('oHo', b) FROM mx2 ORDER BY ts;

SELECT btrim('oHo', i) FROM mx2 ORDER BY ts;

SELECT btrim('oHo', f) FROM mx2 ORDER BY ts;

SELECT btrim('oHo', d) FROM mx2 ORDER BY ts;

SELECT btrim('oHo', bo) FROM mx2 ORDER BY ts;

SELECT btrim('oHo', t) FROM mx2 ORDER BY ts;

SELECT btrim('oHo', dt) FROM mx2 ORDER BY ts;

DROP TABLE mx2;
