-- to_unixtime, to_timestamp*, from_unixtime, make_date, make_time, to_date, to_time, to_char/date_format and
-- to_local_time over every temporal type, the text column and the epoch column (GreptimeDB docs "Date and time
-- functions"; src/common/function/src/scalars/timestamp/to_unixtime.rs and scalars/date/date_format.rs of v1.0.0;
-- DataFusion docs "Time and Date Functions": to_timestamp, to_date, to_char, make_date, make_time, to_time, from_unixtime).
-- Matrix table: TIMESTAMP(0) s, TIMESTAMP(3) ts (time index), TIMESTAMP(6) us, TIMESTAMP(9) ns, DATE d, temporal text txt and
-- epoch seconds ep; rows at the epoch, before 1970, a leap day, year end, sub-second fractions, NULL (k=6) and the
-- far past/future limit of each precision (k=7, 8; nanoseconds at the i64 ends).
CREATE TABLE mt_conv (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, txt STRING, ep BIGINT, PRIMARY KEY(k));

INSERT INTO mt_conv VALUES (1, '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01', '1970-01-01 00:00:00', 0), (2, '1969-07-20 20:17:40.5', '1969-07-20 20:17:40', '1969-07-20 20:17:40.500001', '1969-07-20 20:17:40.500000001', '1969-07-20', '1969-07-20T20:17:40.5Z', -14182940), (3, '2024-02-29 23:59:59.999', '2024-02-29 23:59:59', '2024-02-29 23:59:59.999999', '2024-02-29 23:59:59.999999999', '2024-02-29', '2024-02-29 23:59:59.999', 1709251199), (4, '2023-12-31 23:59:59.123', '2023-12-31 23:59:59', '2023-12-31 23:59:59.123456', '2023-12-31 23:59:59.123456789', '2023-12-31', '2023-12-31T23:59:59+08:00', 1704067199), (5, '2000-01-31 00:00:00.001', '2000-01-31 00:00:01', '2000-01-31 00:00:00.000001', '2000-01-31 00:00:00.000000001', '2000-01-31', '2000-01-31', 949276800), (6, '2001-01-01 00:00:00', NULL, NULL, NULL, NULL, NULL, NULL), (7, '0001-01-01 00:00:00', '0001-01-01 00:00:00', '0001-01-01 00:00:00', '1677-09-21 00:12:43.145224192', '0001-01-01', '0001-01-01 00:00:00', -62135596800), (8, '9999-12-31 23:59:59.999', '9999-12-31 23:59:59', '9999-12-31 23:59:59.999999', '2262-04-11 23:47:16.854775807', '9999-12-31', '9999-12-31 23:59:59', 253402300799);

SELECT k, to_unixtime(s), to_unixtime(ts), to_unixtime(us), to_unixtime(ns), to_unixtime(d), to_unixtime(txt), to_unixtime(ep) FROM mt_conv ORDER BY k;

SELECT arrow_typeof(to_unixtime(s)), arrow_typeof(to_unixtime(ns)), arrow_typeof(to_unixtime(d)), arrow_typeof(to_unixtime(txt)), arrow_typeof(to_unixtime(ep)) FROM mt_conv WHERE k = 1;

SELECT k, to_timestamp(ep), to_timestamp_seconds(ep), to_timestamp_millis(ep), to_timestamp_micros(ep), to_timestamp_nanos(ep) FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT k, to_timestamp(txt), to_timestamp_seconds(txt), to_timestamp_millis(txt), to_timestamp_micros(txt) FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT k, to_timestamp(s), to_timestamp_seconds(ns), to_timestamp_millis(us), to_timestamp_nanos(ts) FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT arrow_typeof(to_timestamp(ep)), arrow_typeof(to_timestamp(txt)), arrow_typeof(to_timestamp(s)), arrow_typeof(to_timestamp_millis(ns)) FROM mt_conv WHERE k = 1;

SELECT k, to_timestamp(d) FROM mt_conv WHERE k <= 2 ORDER BY k;

SELECT k, to_timestamp(ep) FROM mt_conv WHERE k >= 7 ORDER BY k;

SELECT k, to_timestamp_seconds(ep), to_timestamp_millis(ep) FROM mt_conv WHERE k >= 7 ORDER BY k;

SELECT k, from_unixtime(ep), arrow_typeof(from_unixtime(ep)) FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT k, from_unixtime(ep) FROM mt_conv WHERE k >= 7 ORDER BY k;

SELECT k, to_date(txt), to_date(ep), to_date(d) FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT k, to_date(s), to_date(ns) FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT k, make_date(date_part('year', d), date_part('month', d), date_part('day', d)), make_date(2024, k, 28) FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT make_date(2024, k, 30) FROM mt_conv WHERE k <= 3 ORDER BY k;

SELECT k, make_time(k, 30, 15), to_time('12:34:56.789'), arrow_typeof(make_time(k, 30, 15)) FROM mt_conv WHERE k <= 3 ORDER BY k;

SELECT k, to_char(s, '%Y-%m-%d %H:%M:%S'), to_char(ts, '%Y-%m-%dT%H:%M:%S%.3f'), to_char(us, '%H:%M:%S%.6f'), to_char(ns, '%s %.9f'), to_char(d, '%Y/%j %a') FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT k, date_format(s, '%Y-%m-%d %H:%M:%S'), date_format(ts, '%Y-%m-%d %H:%M:%S%.3f'), date_format(us, '%H:%M:%S%.6f'), date_format(ns, '%s %.9f'), date_format(d, '%Y/%j %a') FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT k, date_format(s, '%Y-%m-%d'), date_format(ts, '%Y-%m-%d'), date_format(us, '%Y-%m-%d'), date_format(ns, '%Y-%m-%d %.9f'), date_format(d, '%Y-%m-%d') FROM mt_conv WHERE k >= 7 ORDER BY k;

SELECT k, to_char(s, '%Y-%m-%d'), to_char(ns, '%Y-%m-%d %.9f'), to_char(d, '%Y-%m-%d') FROM mt_conv WHERE k >= 7 ORDER BY k;

SELECT k, to_local_time(ns), to_local_time(s) FROM mt_conv WHERE k <= 6 ORDER BY k;

SELECT date_format(ep, '%Y') FROM mt_conv;

SELECT to_unixtime(s, ns) FROM mt_conv;

DROP TABLE mt_conv;
