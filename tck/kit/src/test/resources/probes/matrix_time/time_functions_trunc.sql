-- date_trunc (and its alias datetrunc) for every unit on every temporal type and precision (DataFusion docs "Time and
-- Date Functions": date_trunc; datafusion/functions/src/datetime/date_trunc.rs at the revision GreptimeDB v1.0.0 pins).
-- Matrix table: TIMESTAMP(0) s, TIMESTAMP(3) ts (time index), TIMESTAMP(6) us, TIMESTAMP(9) ns, DATE d, temporal text txt and
-- epoch seconds ep; rows at the epoch, before 1970, a leap day, year end, sub-second fractions, NULL (k=6) and the
-- far past/future limit of each precision (k=7, 8; nanoseconds at the i64 ends).
CREATE TABLE mt_trunc (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, txt STRING, ep BIGINT, PRIMARY KEY(k));

INSERT INTO mt_trunc VALUES (1, '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01', '1970-01-01 00:00:00', 0), (2, '1969-07-20 20:17:40.5', '1969-07-20 20:17:40', '1969-07-20 20:17:40.500001', '1969-07-20 20:17:40.500000001', '1969-07-20', '1969-07-20T20:17:40.5Z', -14182940), (3, '2024-02-29 23:59:59.999', '2024-02-29 23:59:59', '2024-02-29 23:59:59.999999', '2024-02-29 23:59:59.999999999', '2024-02-29', '2024-02-29 23:59:59.999', 1709251199), (4, '2023-12-31 23:59:59.123', '2023-12-31 23:59:59', '2023-12-31 23:59:59.123456', '2023-12-31 23:59:59.123456789', '2023-12-31', '2023-12-31T23:59:59+08:00', 1704067199), (5, '2000-01-31 00:00:00.001', '2000-01-31 00:00:01', '2000-01-31 00:00:00.000001', '2000-01-31 00:00:00.000000001', '2000-01-31', '2000-01-31', 949276800), (6, '2001-01-01 00:00:00', NULL, NULL, NULL, NULL, NULL, NULL), (7, '0001-01-01 00:00:00', '0001-01-01 00:00:00', '0001-01-01 00:00:00', '1677-09-21 00:12:43.145224192', '0001-01-01', '0001-01-01 00:00:00', -62135596800), (8, '9999-12-31 23:59:59.999', '9999-12-31 23:59:59', '9999-12-31 23:59:59.999999', '2262-04-11 23:47:16.854775807', '9999-12-31', '9999-12-31 23:59:59', 253402300799);

SELECT k, date_trunc('microsecond', ns), date_trunc('millisecond', ns), date_trunc('second', ns), date_trunc('minute', ns) FROM mt_trunc WHERE k <= 6 ORDER BY k;

SELECT k, date_trunc('hour', ns), date_trunc('day', ns), date_trunc('week', ns), date_trunc('month', ns), date_trunc('quarter', ns), date_trunc('year', ns) FROM mt_trunc WHERE k <= 6 ORDER BY k;

SELECT k, date_trunc('microsecond', us), date_trunc('millisecond', us), date_trunc('second', us), date_trunc('hour', us), date_trunc('week', us), date_trunc('year', us) FROM mt_trunc WHERE k <= 6 ORDER BY k;

SELECT k, date_trunc('millisecond', ts), date_trunc('second', ts), date_trunc('minute', ts), date_trunc('day', ts), date_trunc('month', ts), date_trunc('quarter', ts) FROM mt_trunc WHERE k <= 6 ORDER BY k;

SELECT k, date_trunc('second', s), date_trunc('minute', s), date_trunc('hour', s), date_trunc('day', s), date_trunc('week', s), date_trunc('year', s) FROM mt_trunc WHERE k <= 6 ORDER BY k;

SELECT k, date_trunc('day', d), date_trunc('week', d), date_trunc('month', d), date_trunc('quarter', d), date_trunc('year', d) FROM mt_trunc WHERE k <= 6 ORDER BY k;

SELECT k, datetrunc('hour', ns), datetrunc('month', s), datetrunc('day', d) FROM mt_trunc WHERE k <= 6 ORDER BY k;

SELECT arrow_typeof(date_trunc('day', s)), arrow_typeof(date_trunc('day', ts)), arrow_typeof(date_trunc('day', us)), arrow_typeof(date_trunc('day', ns)), arrow_typeof(date_trunc('day', d)) FROM mt_trunc WHERE k = 1;

SELECT k, date_trunc('day', ns), date_trunc('microsecond', ns) FROM mt_trunc WHERE k >= 7 ORDER BY k;

SELECT k, date_trunc('year', s), date_trunc('month', us) FROM mt_trunc WHERE k >= 7 ORDER BY k;

SELECT k, date_trunc('year', ts) FROM mt_trunc WHERE k >= 7 ORDER BY k;

-- one row per statement: with both out-of-range rows the real server names whichever it reaches first
SELECT k, date_trunc('month', d) FROM mt_trunc WHERE k = 7;

SELECT k, date_trunc('month', d) FROM mt_trunc WHERE k = 8;

SELECT k, date_trunc('day', txt) FROM mt_trunc WHERE k <= 6 ORDER BY k;

SELECT date_trunc('day', ep) FROM mt_trunc;

SELECT date_trunc('century', ns) FROM mt_trunc;

SELECT date_trunc('DAY', ns), date_trunc(NULL, ns) FROM mt_trunc WHERE k = 3;

DROP TABLE mt_trunc;
