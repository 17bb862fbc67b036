-- date_part / extract / datepart for every field on every temporal type and precision (DataFusion docs "Time and Date
-- Functions": date_part, extract; datafusion/functions/src/datetime/date_part.rs at the revision v1.0.0 pins).
-- Matrix table: TIMESTAMP(0) s, TIMESTAMP(3) ts (time index), TIMESTAMP(6) us, TIMESTAMP(9) ns, DATE d, temporal text txt and
-- epoch seconds ep; rows at the epoch, before 1970, a leap day, year end, sub-second fractions, NULL (k=6) and the
-- far past/future limit of each precision (k=7, 8; nanoseconds at the i64 ends).
CREATE TABLE mt_part (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, txt STRING, ep BIGINT, PRIMARY KEY(k));

INSERT INTO mt_part VALUES (1, '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01', '1970-01-01 00:00:00', 0), (2, '1969-07-20 20:17:40.5', '1969-07-20 20:17:40', '1969-07-20 20:17:40.500001', '1969-07-20 20:17:40.500000001', '1969-07-20', '1969-07-20T20:17:40.5Z', -14182940), (3, '2024-02-29 23:59:59.999', '2024-02-29 23:59:59', '2024-02-29 23:59:59.999999', '2024-02-29 23:59:59.999999999', '2024-02-29', '2024-02-29 23:59:59.999', 1709251199), (4, '2023-12-31 23:59:59.123', '2023-12-31 23:59:59', '2023-12-31 23:59:59.123456', '2023-12-31 23:59:59.123456789', '2023-12-31', '2023-12-31T23:59:59+08:00', 1704067199), (5, '2000-01-31 00:00:00.001', '2000-01-31 00:00:01', '2000-01-31 00:00:00.000001', '2000-01-31 00:00:00.000000001', '2000-01-31', '2000-01-31', 949276800), (6, '2001-01-01 00:00:00', NULL, NULL, NULL, NULL, NULL, NULL), (7, '0001-01-01 00:00:00', '0001-01-01 00:00:00', '0001-01-01 00:00:00', '1677-09-21 00:12:43.145224192', '0001-01-01', '0001-01-01 00:00:00', -62135596800), (8, '9999-12-31 23:59:59.999', '9999-12-31 23:59:59', '9999-12-31 23:59:59.999999', '2262-04-11 23:47:16.854775807', '9999-12-31', '9999-12-31 23:59:59', 253402300799);

SELECT k, date_part('year', ns), date_part('quarter', ns), date_part('month', ns), date_part('week', ns), date_part('day', ns), date_part('hour', ns), date_part('minute', ns) FROM mt_part WHERE k <= 6 ORDER BY k;

SELECT k, date_part('second', ns), date_part('millisecond', ns), date_part('microsecond', ns), date_part('dow', ns), date_part('doy', ns), date_part('epoch', ns) FROM mt_part WHERE k <= 6 ORDER BY k;

SELECT k, date_part('second', us), date_part('millisecond', us), date_part('microsecond', us), date_part('epoch', us), date_part('doy', us) FROM mt_part WHERE k <= 6 ORDER BY k;

SELECT k, date_part('second', ts), date_part('millisecond', ts), date_part('microsecond', ts), date_part('epoch', ts), date_part('week', ts) FROM mt_part WHERE k <= 6 ORDER BY k;

SELECT k, date_part('second', s), date_part('millisecond', s), date_part('epoch', s), date_part('dow', s), date_part('quarter', s) FROM mt_part WHERE k <= 6 ORDER BY k;

SELECT k, date_part('year', d), date_part('month', d), date_part('day', d), date_part('dow', d), date_part('doy', d), date_part('week', d), date_part('epoch', d) FROM mt_part WHERE k <= 6 ORDER BY k;

SELECT k, extract(year FROM ts), extract(month FROM s), extract(day FROM d), extract(hour FROM us), extract(second FROM ns), extract(epoch FROM ts) FROM mt_part WHERE k <= 6 ORDER BY k;

SELECT k, datepart('month', ns), datepart('dow', d) FROM mt_part WHERE k <= 6 ORDER BY k;

SELECT arrow_typeof(date_part('year', s)), arrow_typeof(date_part('second', ns)), arrow_typeof(date_part('epoch', us)), arrow_typeof(date_part('day', d)), arrow_typeof(extract(epoch FROM d)) FROM mt_part WHERE k = 1;

SELECT k, date_part('year', s), date_part('year', ts), date_part('year', us), date_part('year', ns), date_part('year', d) FROM mt_part WHERE k >= 7 ORDER BY k;

SELECT k, date_part('epoch', s), date_part('epoch', ns), date_part('epoch', d) FROM mt_part WHERE k >= 7 ORDER BY k;

SELECT k, date_part('hour', d), date_part('minute', d), date_part('millisecond', d) FROM mt_part WHERE k <= 2 ORDER BY k;

SELECT k, date_part('nanosecond', ns) FROM mt_part WHERE k <= 2 ORDER BY k;

SELECT date_part('fortnight', ns) FROM mt_part;

SELECT date_part('year', ep) FROM mt_part;

SELECT k, date_part('month', txt) FROM mt_part WHERE k <= 6 ORDER BY k;

DROP TABLE mt_part;
