-- Subtraction, comparison, interval arithmetic and casts across TIMESTAMP(0), (3), (6), (9) and DATE: NULLs,
-- pre-1970 values and the ends of the nanosecond range (DataFusion's temporal coercion in its binary type
-- coercion rules, type_coercion/binary.rs; arrow-rs timestamp cast kernel; GreptimeDB docs "Data types")
CREATE TABLE tpa (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), ms TIMESTAMP(3), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, PRIMARY KEY(k));

INSERT INTO tpa VALUES (1, 1, '2024-02-29 12:34:56', '2024-02-29 12:34:56.789', '2024-02-29 12:34:56.789123', '2024-02-29 12:34:56.789123456', '2024-02-29'), (2, 2, '1969-12-31 23:59:59', '1969-12-31 23:59:59.999', '1969-12-31 23:59:59.999999', '1969-12-31 23:59:59.999999999', '1969-12-31'), (3, 3, NULL, NULL, NULL, NULL, NULL), (4, 4, '1677-09-21 00:12:44', '1677-09-21 00:12:44.001', '1677-09-21 00:12:44.000001', '1677-09-21 00:12:44.000000001', '1677-09-21'), (5, 5, '2262-04-11 23:47:16', '2262-04-11 23:47:16.854', '2262-04-11 23:47:16.854775', '2262-04-11 23:47:16.854775806', '2262-04-11');

SELECT k, ns - us, ns - ms, ns - s, us - ms, ms - s, s - ns FROM tpa ORDER BY k;

SELECT k, ns - ns, us - us, ms - ms, s - s, d - d FROM tpa ORDER BY k;

SELECT k, ns > us, ns = us, ns < ms, s <= ns, ms <> us, s = ms FROM tpa ORDER BY k;

SELECT k FROM tpa WHERE ns > s ORDER BY k;

SELECT k, ns + INTERVAL '1 day', s - INTERVAL '1 month', ms + INTERVAL '1 millisecond', us + INTERVAL '1 microsecond' FROM tpa WHERE k <= 4 ORDER BY k;

SELECT k, d + INTERVAL '1 day', d - INTERVAL '1 month', ns + INTERVAL '1 nanosecond', s + INTERVAL '1500 milliseconds' FROM tpa WHERE k <= 4 ORDER BY k;

SELECT k, CAST(ns AS TIMESTAMP(0)), CAST(ns AS TIMESTAMP(3)), CAST(ns AS TIMESTAMP(6)), CAST(us AS TIMESTAMP(0)) FROM tpa ORDER BY k;

SELECT k, CAST(s AS TIMESTAMP(9)), CAST(ms AS TIMESTAMP(6)), CAST(d AS TIMESTAMP(9)), CAST(ns AS DATE) FROM tpa WHERE k <= 3 ORDER BY k;

SELECT arrow_typeof(ns - us), arrow_typeof(s - ms), arrow_typeof(ns - ns), arrow_typeof(ns + INTERVAL '1 day'), arrow_typeof(d + INTERVAL '1 day'), arrow_typeof(d - d) FROM tpa WHERE k = 1;

SELECT k, ns - '2024-02-29 00:00:00'::TIMESTAMP(9), s - '2024-02-29 00:00:00'::TIMESTAMP(0) FROM tpa WHERE k <= 3 ORDER BY k;

SELECT '2024-01-01 00:00:00.5'::TIMESTAMP(3) = '2024-01-01 00:00:00'::TIMESTAMP(0), '1969-12-31 23:59:59.5'::TIMESTAMP(3) - '1970-01-01 00:00:00'::TIMESTAMP(0), '2024-01-01 00:00:00.000000001'::TIMESTAMP(9) > '2024-01-01 00:00:00'::TIMESTAMP(6);

SELECT k, ns + INTERVAL '1 day' FROM tpa WHERE k = 5;

DROP TABLE tpa;
