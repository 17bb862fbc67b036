-- The type matrix, arrow_cast: arrow_cast(expr, 'Type') with common Arrow type names, on literals and on columns,
-- with arrow_typeof of the result and names it refuses. Sources: DataFusion docs "Scalar Functions: arrow_cast" and
-- "arrow_typeof" (Arrow DataType display names), GreptimeDB docs reference/sql/functions/df-functions.md.
SELECT arrow_cast(1, 'Int8') AS a, arrow_cast(1, 'UInt64') AS b, arrow_cast(1.5, 'Float32') AS c, arrow_cast('1.5', 'Float64') AS d;

SELECT arrow_typeof(arrow_cast(1, 'Int8')) AS a, arrow_typeof(arrow_cast(1, 'UInt16')) AS b, arrow_typeof(arrow_cast(1.5, 'Decimal128(10, 2)')) AS c, arrow_typeof(arrow_cast('x', 'LargeUtf8')) AS d;

SELECT arrow_cast(1.555, 'Decimal128(10, 2)') AS a, arrow_cast('abc', 'Utf8') AS b, arrow_cast('abc', 'LargeUtf8') AS c, arrow_cast('abc', 'Binary') AS d;

SELECT arrow_cast('2024-01-01', 'Date32') AS a, arrow_cast('2024-01-01', 'Date64') AS b, arrow_cast(86400, 'Timestamp(Second, None)') AS c, arrow_cast(1500, 'Timestamp(Millisecond, None)') AS d;

SELECT arrow_cast('2024-01-01 00:00:00.123456789', 'Timestamp(Nanosecond, None)') AS a, arrow_cast('2024-01-01 00:00:00.123456789', 'Timestamp(Microsecond, None)') AS b, arrow_cast(0, 'Timestamp(Second, None)') AS c;

SELECT arrow_typeof(arrow_cast(0, 'Timestamp(Second, None)')) AS a, arrow_typeof(arrow_cast(0, 'Timestamp(Nanosecond, None)')) AS b, arrow_typeof(arrow_cast('2024-01-01', 'Date32')) AS c, arrow_typeof(arrow_cast(1, 'Boolean')) AS d;

SELECT arrow_cast(0, 'Boolean') AS a, arrow_cast('true', 'Boolean') AS b, arrow_cast(300, 'Int16') AS c, arrow_cast(-1, 'Int64') AS d;

SELECT arrow_cast(300, 'Int8');

SELECT arrow_cast(-1, 'UInt32');

SELECT arrow_cast(1, 'NoSuchType');

SELECT arrow_cast(1, 'int8');

SELECT arrow_cast(1);

SELECT arrow_cast(1, 'Int8', 'Int16');

CREATE TABLE ac_t (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, i INT, s STRING, d DOUBLE);

INSERT INTO ac_t VALUES (1000, 'a', 7, '42', 2.75), (1500, 'b', -7, 'x', -2.75), (86400000, 'c', NULL, NULL, NULL), (2000, 'd', 0, '2024-01-01', 0);

SELECT k, arrow_cast(i, 'Int16') AS a, arrow_cast(i, 'Float64') AS b, arrow_cast(d, 'Int32') AS c, arrow_cast(i, 'Utf8') AS e FROM ac_t ORDER BY k;

SELECT k, arrow_cast(ts, 'Timestamp(Second, None)') AS a, arrow_cast(ts, 'Timestamp(Nanosecond, None)') AS b, arrow_cast(ts, 'Int64') AS c, arrow_cast(ts, 'Date32') AS d FROM ac_t ORDER BY k;

SELECT k, arrow_cast(s, 'Int32') AS a FROM ac_t ORDER BY k;

SELECT k FROM ac_t WHERE arrow_cast(i, 'Int8') = '7' ORDER BY k;

SELECT k FROM ac_t WHERE arrow_cast(ts, 'Timestamp(Second, None)') = '1970-01-01 00:00:01' ORDER BY k;

SELECT k, arrow_typeof(arrow_cast(i, 'UInt8')) AS t FROM ac_t WHERE k = 'a';

DROP TABLE ac_t;
