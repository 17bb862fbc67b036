-- X'...' hex string literals in queries (sqlparser's HexStringLiteral, planned by DataFusion as a Binary scalar):
-- decoding, an odd digit count, invalid digits, names, comparisons with a binary column, functions over them
-- (DataFusion's SQL reference "Literals"; GreptimeDB docs reference/data-types "Binary")
CREATE TABLE hx_t (k STRING, ts TIMESTAMP TIME INDEX, b BINARY, PRIMARY KEY(k));

INSERT INTO hx_t VALUES ('a', 1000, X'4142'), ('b', 2000, X'00ff'), ('c', 3000, NULL);

SELECT CAST(X'4142' AS STRING), arrow_typeof(X'4142'), X'41' = X'41';

SELECT CAST(x'616263' AS STRING), CAST(X'abc' AS STRING) IS NULL;

SELECT X'zz';

SELECT k FROM hx_t WHERE b = X'4142' ORDER BY k;

SELECT k FROM hx_t WHERE b <> X'4142' ORDER BY k;

SELECT k, b = X'00FF' AS eq FROM hx_t ORDER BY k;

SELECT octet_length(X'e4bda0'), CAST(X'e4bda0' AS STRING);

DROP TABLE hx_t;
