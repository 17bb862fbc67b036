-- DataFusion 52 string/unicode/regex/crypto functions (docs: datafusion.apache.org user-guide/sql/scalar_functions) and GreptimeDB v1.0.0 src/common/function/src/scalars/string
-- type matrix, second round: the column in a later argument position (pattern, needle, fill, separator);
-- rows: ASCII, non-ASCII, empty, NULL
CREATE TABLE mx2 (ts TIMESTAMP TIME INDEX, s STRING, b BINARY, i INT, f DOUBLE, d DECIMAL(10, 2), bo BOOLEAN, t TIMESTAMP, dt DATE);

INSERT INTO mx2 VALUES (1, 'o', 'o', 1, 1.5, 1.50, true, '2024-01-02 03:04:05', '2024-02-29'), (2, 'é日', 'é日', -2, -0.5, -2.00, false, '1999-12-31 23:59:59.999', '1970-01-01'), (3, '', '', 0, 0.0, 0.00, true, '1970-01-01 00:00:00', '2000-01-01'), (4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT concat_ws(s, 'a', 'b') FROM mx2 ORDER BY ts;

SELECT concat_ws(b, 'a', 'b') FROM mx2 ORDER BY ts;

SELECT concat_ws(i, 'a', 'b') FROM mx2 ORDER BY ts;

SELECT concat_ws(f, 'a', 'b') FROM mx2 ORDER BY ts;

SELECT concat_ws(d, 'a', 'b') FROM mx2 ORDER BY ts;

SELECT concat_ws(bo, 'a', 'b') FROM mx2 ORDER BY ts;

SELECT concat_ws(t, 'a', 'b') FROM mx2 ORDER BY ts;

SELECT concat_ws(dt, 'a', 'b') FROM mx2 ORDER BY ts;

SELECT lpad('x', 4, s) FROM mx2 ORDER BY ts;

SELECT lpad('x', 4, b) FROM mx2 ORDER BY ts;

SELECT lpad('x', 4, i) FROM mx2 ORDER BY ts;

SELECT lpad('x', 4, f) FROM mx2 ORDER BY ts;

SELECT lpad('x', 4, d) FROM mx2 ORDER BY ts;

SELECT lpad('x', 4, bo) FROM mx2 ORDER BY ts;

SELECT lpad('x', 4, t) FROM mx2 ORDER BY ts;

SELECT lpad('x', 4, dt) FROM mx2 ORDER BY ts;

SELECT translate('Hello', s, 'Q') FROM mx2 ORDER BY ts;

SELECT translate('Hello', b, 'Q') FROM mx2 ORDER BY ts;

SELECT translate('Hello', i, 'Q') FROM mx2 ORDER BY ts;

SELECT translate('Hello', f, 'Q') FROM mx2 ORDER BY ts;

SELECT translate('Hello', d, 'Q') FROM mx2 ORDER BY ts;

SELECT translate('Hello', bo, 'Q') FROM mx2 ORDER BY ts;

SELECT translate('Hello', t, 'Q') FROM mx2 ORDER BY ts;

SELECT translate('Hello', dt, 'Q') FROM mx2 ORDER BY ts;

DROP TABLE mx2;
