-- Interval arithmetic on every temporal type and precision: timestamp +/- INTERVAL for each unit (month ends, leap day),
-- GreptimeDB's date_add/date_sub, ts - ts across precisions, date - date, NULL operands and the range ends (DataFusion
-- binary temporal coercion, type_coercion/binary.rs; arrow-rs arithmetic kernels; GreptimeDB docs "Date and time
-- functions" and src/common/function/src/scalars/date/date_add.rs, date_sub.rs of v1.0.0).
-- Matrix table: TIMESTAMP(0) s, TIMESTAMP(3) ts (time index), TIMESTAMP(6) us, TIMESTAMP(9) ns, DATE d, temporal text txt and
-- epoch seconds ep; rows at the epoch, before 1970, a leap day, year end, sub-second fractions, NULL (k=6) and the
-- far past/future limit of each precision (k=7, 8; nanoseconds at the i64 ends).
CREATE TABLE mt_arith (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, txt STRING, ep BIGINT, PRIMARY KEY(k));

INSERT INTO mt_arith VALUES (1, '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01', '1970-01-01 00:00:00', 0), (2, '1969-07-20 20:17:40.5', '1969-07-20 20:17:40', '1969-07-20 20:17:40.500001', '1969-07-20 20:17:40.500000001', '1969-07-20', '1969-07-20T20:17:40.5Z', -14182940), (3, '2024-02-29 23:59:59.999', '2024-02-29 23:59:59', '2024-02-29 23:59:59.999999', '2024-02-29 23:59:59.999999999', '2024-02-29', '2024-02-29 23:59:59.999', 1709251199), (4, '2023-12-31 23:59:59.123', '2023-12-31 23:59:59', '2023-12-31 23:59:59.123456', '2023-12-31 23:59:59.123456789', '2023-12-31', '2023-12-31T23:59:59+08:00', 1704067199), (5, '2000-01-31 00:00:00.001', '2000-01-31 00:00:01', '2000-01-31 00:00:00.000001', '2000-01-31 00:00:00.000000001', '2000-01-31', '2000-01-31', 949276800), (6, '2001-01-01 00:00:00', NULL, NULL, NULL, NULL, NULL, NULL), (7, '0001-01-01 00:00:00', '0001-01-01 00:00:00', '0001-01-01 00:00:00', '1677-09-21 00:12:43.145224192', '0001-01-01', '0001-01-01 00:00:00', -62135596800), (8, '9999-12-31 23:59:59.999', '9999-12-31 23:59:59', '9999-12-31 23:59:59.999999', '2262-04-11 23:47:16.854775807', '9999-12-31', '9999-12-31 23:59:59', 253402300799);

SELECT k, s + INTERVAL '1 year', s + INTERVAL '1 month', s - INTERVAL '1 week', s + INTERVAL '1 day', s + INTERVAL '1 hour', s - INTERVAL '1 minute', s + INTERVAL '1 second' FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT k, ts + INTERVAL '1 month', ts - INTERVAL '1 month', ts + INTERVAL '1 millisecond', ts - INTERVAL '1 microsecond', ts + INTERVAL '2 months 3 days' FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT k, us + INTERVAL '1 month', us + INTERVAL '1 microsecond', us - INTERVAL '1 nanosecond', us + INTERVAL '1 year 1 second' FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT k, ns + INTERVAL '1 month', ns + INTERVAL '1 nanosecond', ns - INTERVAL '1 day', ns + INTERVAL '1 year' FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT k, d + INTERVAL '1 month', d - INTERVAL '1 year', d + INTERVAL '1 day', d + INTERVAL '1 hour', d + INTERVAL '1 week' FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT arrow_typeof(s + INTERVAL '1 day'), arrow_typeof(ts + INTERVAL '1 day'), arrow_typeof(us + INTERVAL '1 day'), arrow_typeof(ns + INTERVAL '1 day'), arrow_typeof(d + INTERVAL '1 day'), arrow_typeof(d + INTERVAL '1 hour') FROM mt_arith WHERE k = 1;

SELECT k, date_add(s, INTERVAL '1 month'), date_add(ts, INTERVAL '1 day'), date_add(us, INTERVAL '1 microsecond'), date_add(ns, INTERVAL '1 year'), date_add(d, INTERVAL '1 month') FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT k, date_sub(s, INTERVAL '1 month'), date_sub(ts, INTERVAL '1 day'), date_sub(us, INTERVAL '1 microsecond'), date_sub(ns, INTERVAL '1 nanosecond'), date_sub(d, INTERVAL '1 month') FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT arrow_typeof(date_add(s, INTERVAL '1 day')), arrow_typeof(date_add(ns, INTERVAL '1 day')), arrow_typeof(date_add(d, INTERVAL '1 day')), arrow_typeof(date_sub(us, INTERVAL '1 day')) FROM mt_arith WHERE k = 1;

SELECT k, ns - s, us - ts, ts - s, ns - ns, s - s, d - d FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT arrow_typeof(ns - s), arrow_typeof(ts - s), arrow_typeof(s - s), arrow_typeof(d - d) FROM mt_arith WHERE k = 1;

SELECT k, d - '1970-01-01'::DATE, '2024-03-01'::DATE - d, ts - '2000-01-01 00:00:00'::TIMESTAMP(3) FROM mt_arith WHERE k <= 6 ORDER BY k;

SELECT k, s + NULL FROM mt_arith WHERE k <= 2 ORDER BY k;

SELECT k, d - NULL, d + NULL FROM mt_arith WHERE k <= 2 ORDER BY k;

SELECT k, ns - NULL::TIMESTAMP(9), ns + NULL::INTERVAL FROM mt_arith WHERE k <= 2 ORDER BY k;

SELECT k, date_add(s, NULL), date_sub(NULL, INTERVAL '1 day') FROM mt_arith WHERE k <= 2 ORDER BY k;

SELECT k, ns + INTERVAL '1 day' FROM mt_arith WHERE k >= 7 ORDER BY k;

SELECT k, ns - INTERVAL '1 nanosecond' FROM mt_arith WHERE k >= 7 ORDER BY k;

SELECT k, s + INTERVAL '1 day', us - INTERVAL '1 day', d + INTERVAL '1 day' FROM mt_arith WHERE k >= 7 ORDER BY k;

SELECT k, ts - s, ns - ns FROM mt_arith WHERE k >= 7 ORDER BY k;

SELECT k, d - d, d + 1 FROM mt_arith WHERE k <= 2 ORDER BY k;

SELECT s + ns FROM mt_arith;

DROP TABLE mt_arith;
