-- Column types as stored and read back: BINARY/VARBINARY blobs from hex and text, DECIMAL precision and rounding,
-- unsigned limits, booleans from strings and numbers, timestamp edges of each precision, intervals as values, a JSON
-- column's round trip, and each value's reported type.
-- Source: GreptimeDB docs "Data types" (reference/sql/data-types) and "INSERT" (v1.0.0).
CREATE TABLE held3_blob (ts TIMESTAMP TIME INDEX, k STRING PRIMARY KEY, bin VARBINARY, amt DECIMAL(10, 3), u32 INT UNSIGNED, flag BOOLEAN, doc JSON);

INSERT INTO held3_blob VALUES (1000, 'a', X'00ff10', 1234567.8915, 4294967295, true, '{"x": [1, 2]}'), (2000, 'b', 'héllo', -0.0005, 0, 0, '"just a string"'), (3000, 'c', NULL, NULL, NULL, NULL, NULL);

SELECT k, bin, amt, u32, flag, doc FROM held3_blob ORDER BY k;

SELECT k, length(bin), encode(bin, 'hex'), arrow_typeof(amt), arrow_typeof(u32) FROM held3_blob ORDER BY k;

SELECT k, amt * 2, amt + 0.0001, CAST(amt AS INT), u32 + 1 FROM held3_blob ORDER BY k;

SELECT k, json_to_string(doc), arrow_typeof(doc) FROM held3_blob ORDER BY k;

INSERT INTO held3_blob VALUES (4000, 'd', NULL, 12345678.0, NULL, NULL, NULL);

INSERT INTO held3_blob VALUES (5000, 'e', NULL, NULL, -1, NULL, NULL);

INSERT INTO held3_blob VALUES (6000, 'f', NULL, NULL, NULL, 'maybe', NULL);

SELECT CAST('9999999.9995' AS DECIMAL(10, 3)), CAST(1.5 AS DECIMAL(2, 1)) * CAST(3 AS DECIMAL(3, 0)), arrow_typeof(CAST(1.5 AS DECIMAL(2, 1)) * 2);

SELECT INTERVAL '1 year 2 months 3 days 04:05:06.789', INTERVAL '-90 minutes', arrow_typeof(INTERVAL '1 day');

SELECT '1677-09-21 00:12:44'::TIMESTAMP(9), '2262-04-11 23:47:16.854775807'::TIMESTAMP(9), '9999-12-31 23:59:59'::TIMESTAMP(3), '0001-01-01 00:00:00'::TIMESTAMP(0);

SELECT '2262-04-12 00:00:00'::TIMESTAMP(9);

SELECT CAST('yes' AS BOOLEAN), CAST('0' AS BOOLEAN), CAST(2 AS BOOLEAN), CAST('t' AS BOOLEAN);

SELECT CAST(X'e4bda0' AS STRING), arrow_typeof(X'00');

DROP TABLE held3_blob;
