-- Result types and values of min/max/first_value/last_value on every temporal type and precision, ORDER BY and GROUP BY
-- on each precision with NULLs (DataFusion docs "Aggregate Functions": min, max, first_value, last_value; GreptimeDB docs
-- "Data types").
-- Matrix table: TIMESTAMP(0) s, TIMESTAMP(3) ts (time index), TIMESTAMP(6) us, TIMESTAMP(9) ns, DATE d, temporal text txt and
-- epoch seconds ep; rows at the epoch, before 1970, a leap day, year end, sub-second fractions, NULL (k=6) and the
-- far past/future limit of each precision (k=7, 8; nanoseconds at the i64 ends).
CREATE TABLE mt_agg (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, txt STRING, ep BIGINT, PRIMARY KEY(k));

INSERT INTO mt_agg VALUES (1, '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01', '1970-01-01 00:00:00', 0), (2, '1969-07-20 20:17:40.5', '1969-07-20 20:17:40', '1969-07-20 20:17:40.500001', '1969-07-20 20:17:40.500000001', '1969-07-20', '1969-07-20T20:17:40.5Z', -14182940), (3, '2024-02-29 23:59:59.999', '2024-02-29 23:59:59', '2024-02-29 23:59:59.999999', '2024-02-29 23:59:59.999999999', '2024-02-29', '2024-02-29 23:59:59.999', 1709251199), (4, '2023-12-31 23:59:59.123', '2023-12-31 23:59:59', '2023-12-31 23:59:59.123456', '2023-12-31 23:59:59.123456789', '2023-12-31', '2023-12-31T23:59:59+08:00', 1704067199), (5, '2000-01-31 00:00:00.001', '2000-01-31 00:00:01', '2000-01-31 00:00:00.000001', '2000-01-31 00:00:00.000000001', '2000-01-31', '2000-01-31', 949276800), (6, '2001-01-01 00:00:00', NULL, NULL, NULL, NULL, NULL, NULL), (7, '0001-01-01 00:00:00', '0001-01-01 00:00:00', '0001-01-01 00:00:00', '1677-09-21 00:12:43.145224192', '0001-01-01', '0001-01-01 00:00:00', -62135596800), (8, '9999-12-31 23:59:59.999', '9999-12-31 23:59:59', '9999-12-31 23:59:59.999999', '2262-04-11 23:47:16.854775807', '9999-12-31', '9999-12-31 23:59:59', 253402300799);

SELECT min(s), max(s), min(ts), max(ts), min(us), max(us), min(ns), max(ns), min(d), max(d) FROM mt_agg;

SELECT min(s), max(us), min(ns), max(d), min(txt), max(ep) FROM mt_agg WHERE k <= 6;

SELECT arrow_typeof(min(s)), arrow_typeof(max(ts)), arrow_typeof(min(us)), arrow_typeof(max(ns)), arrow_typeof(min(d)) FROM mt_agg;

SELECT first_value(s ORDER BY k), last_value(s ORDER BY k), first_value(us ORDER BY k), last_value(ns ORDER BY k), first_value(d ORDER BY k), last_value(d ORDER BY k) FROM mt_agg WHERE k <= 6;

SELECT arrow_typeof(first_value(s ORDER BY k)), arrow_typeof(last_value(ts ORDER BY k)), arrow_typeof(first_value(ns ORDER BY k)), arrow_typeof(last_value(d ORDER BY k)) FROM mt_agg;

SELECT first_value(ns ORDER BY ns), last_value(ns ORDER BY ns), first_value(d ORDER BY d DESC), last_value(s ORDER BY s DESC) FROM mt_agg;

SELECT min(s), max(ns), count(us), count(d) FROM mt_agg WHERE k = 6;

SELECT k, s FROM mt_agg ORDER BY s, k;

SELECT k, us FROM mt_agg ORDER BY us DESC, k;

SELECT k, ns FROM mt_agg ORDER BY ns NULLS FIRST, k;

SELECT k, d FROM mt_agg ORDER BY d DESC NULLS LAST, k;

SELECT k, ts FROM mt_agg ORDER BY ts DESC;

SELECT date_trunc('year', s) AS y, count(*), min(k) FROM mt_agg WHERE k <= 6 GROUP BY y ORDER BY y;

SELECT date_trunc('month', ns) AS m, count(*), max(k) FROM mt_agg WHERE k <= 6 GROUP BY m ORDER BY m;

SELECT d, count(*) FROM mt_agg GROUP BY d ORDER BY d;

SELECT us IS NULL AS n, count(*), min(us), max(us) FROM mt_agg GROUP BY n ORDER BY n;

SELECT date_part('year', d) AS y, min(ts), max(us) FROM mt_agg WHERE k <= 6 GROUP BY y ORDER BY y;

SELECT k, min(ns) OVER (ORDER BY k ROWS BETWEEN 1 PRECEDING AND CURRENT ROW), max(d) OVER (ORDER BY k ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM mt_agg ORDER BY k;

DROP TABLE mt_agg;
