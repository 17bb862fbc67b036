-- Timestamp edge values: before 1970, each precision, limits and overflow on insert and in arithmetic
-- (GreptimeDB docs: reference/sql/data-types.md "Date and Time Types"; src/common/time/src/timestamp.rs unit tests)
CREATE TABLE pte (k INT, ts TIMESTAMP(3) TIME INDEX, t0 TIMESTAMP(0), t6 TIMESTAMP(6), t9 TIMESTAMP(9), PRIMARY KEY(k));

INSERT INTO pte VALUES (1, -1, -1, -1, -1), (2, '1969-12-31 23:59:59.999', '1900-01-01 00:00:00', '1969-12-31 23:59:59.999999', '1677-09-21 00:12:44'), (3, 0, NULL, NULL, NULL);

SELECT * FROM pte ORDER BY k;

INSERT INTO pte VALUES (4, '2262-04-11 23:47:16.854', '9999-12-31 23:59:59', '2262-04-11 23:47:16.854775', '2262-04-11 23:47:16.854775807');

SELECT * FROM pte WHERE k = 4;

INSERT INTO pte (k, ts, t9) VALUES (5, 5, '2262-04-12 00:00:00');

INSERT INTO pte (k, ts, t9) VALUES (6, 6, '1677-09-21 00:12:43');

SELECT k, ts + INTERVAL '1 day', t0 - INTERVAL '1 hour' FROM pte WHERE k <= 2 ORDER BY k;

SELECT t9 + INTERVAL '1 day' FROM pte WHERE k = 4;

SELECT CAST(t0 AS BIGINT), CAST(ts AS BIGINT), CAST(t9 AS BIGINT) FROM pte ORDER BY k;

SELECT '1969-07-20 20:17:40'::TIMESTAMP, '2024-02-29 12:00:00'::TIMESTAMP(0);

SELECT '2023-02-29 12:00:00'::TIMESTAMP;

SELECT to_unixtime('1969-12-31 23:59:59'), arrow_typeof('2024-01-01 00:00:00'::TIMESTAMP(9));

DROP TABLE pte;
