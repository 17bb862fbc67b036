-- date_bin on every temporal column and precision, with strides from nanoseconds to days, origins before and after the
-- values, and RANGE ... ALIGN on a time index of each precision (DataFusion docs "Time and Date Functions": date_bin;
-- datafusion/functions/src/datetime/date_bin.rs at the revision v1.0.0 pins; GreptimeDB docs "RANGE query").
CREATE TABLE mt_bin (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, PRIMARY KEY(k));

INSERT INTO mt_bin VALUES (1, '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01'), (2, '1969-07-20 20:17:40.5', '1969-07-20 20:17:40', '1969-07-20 20:17:40.500001', '1969-07-20 20:17:40.500000001', '1969-07-20'), (3, '2024-02-29 23:59:59.999', '2024-02-29 23:59:59', '2024-02-29 23:59:59.999999', '2024-02-29 23:59:59.999999999', '2024-02-29'), (4, '2023-12-31 23:59:59.123', '2023-12-31 23:59:59', '2023-12-31 23:59:59.123456', '2023-12-31 23:59:59.123456789', '2023-12-31'), (5, '2000-01-31 00:00:00.001', '2000-01-31 00:00:01', '2000-01-31 00:00:00.000001', '2000-01-31 00:00:00.000000001', '2000-01-31'), (6, '2001-01-01 00:00:00', NULL, NULL, NULL, NULL);

SELECT k, date_bin(INTERVAL '1 nanosecond', ns), date_bin(INTERVAL '7 nanoseconds', ns), date_bin(INTERVAL '1 millisecond', ns), date_bin(INTERVAL '1 day', ns) FROM mt_bin ORDER BY k;

SELECT k, date_bin(INTERVAL '1 microsecond', us), date_bin(INTERVAL '3 seconds', us), date_bin(INTERVAL '1 hour', us), date_bin(INTERVAL '1 week', us) FROM mt_bin ORDER BY k;

SELECT k, date_bin(INTERVAL '1 millisecond', ts), date_bin(INTERVAL '250 milliseconds', ts), date_bin(INTERVAL '15 minutes', ts), date_bin(INTERVAL '1 day', ts) FROM mt_bin ORDER BY k;

SELECT k, date_bin(INTERVAL '1 second', s), date_bin(INTERVAL '7 seconds', s), date_bin(INTERVAL '1 hour', s), date_bin(INTERVAL '2 days', s) FROM mt_bin ORDER BY k;

SELECT k, date_bin(INTERVAL '1 day', d), date_bin(INTERVAL '1 hour', d) FROM mt_bin ORDER BY k;

SELECT k, date_bin(INTERVAL '1 hour', ns, '2000-01-01 00:30:00'::TIMESTAMP(9)), date_bin(INTERVAL '1 day', s, '2030-01-01 06:00:00'::TIMESTAMP(0)), date_bin(INTERVAL '10 seconds', us, '1970-01-01 00:00:03'::TIMESTAMP(6)) FROM mt_bin ORDER BY k;

SELECT k, date_bin(INTERVAL '1 day', ns, '2000-01-01 06:00:00'::TIMESTAMP(3)), date_bin(INTERVAL '1 hour', s, '1970-01-01 00:15:00') FROM mt_bin ORDER BY k;

SELECT arrow_typeof(date_bin(INTERVAL '1 hour', s)), arrow_typeof(date_bin(INTERVAL '1 hour', ts)), arrow_typeof(date_bin(INTERVAL '1 hour', us)), arrow_typeof(date_bin(INTERVAL '1 hour', ns)), arrow_typeof(date_bin(INTERVAL '1 hour', d)) FROM mt_bin WHERE k = 1;

SELECT date_bin(INTERVAL '1 hour', ns) AS b, count(*) FROM mt_bin GROUP BY b ORDER BY b;

SELECT date_bin(INTERVAL '1 month', ns) FROM mt_bin;

SELECT date_bin(INTERVAL '0 seconds', ns) FROM mt_bin;

DROP TABLE mt_bin;

CREATE TABLE mt_r0 (h STRING, ts TIMESTAMP(0) TIME INDEX, v DOUBLE, PRIMARY KEY(h));

INSERT INTO mt_r0 VALUES ('a', '1969-12-31 23:59:50', 1.0), ('a', '1970-01-01 00:00:00', 2.0), ('a', '1970-01-01 00:00:07', 3.0), ('b', '1970-01-01 00:00:12', NULL), ('b', '1970-01-01 00:00:25', 5.0);

SELECT ts, h, min(v) RANGE '10s', max(v) RANGE '10s' FROM mt_r0 ALIGN '10s' ORDER BY h, ts;

SELECT ts, h, count(v) RANGE '20s' FILL 0 FROM mt_r0 ALIGN '5s' ORDER BY h, ts;

SELECT ts, date_bin(INTERVAL '10 seconds', ts), arrow_typeof(ts) FROM mt_r0 ORDER BY ts;

DROP TABLE mt_r0;

CREATE TABLE mt_r6 (h STRING, ts TIMESTAMP(6) TIME INDEX, v DOUBLE, PRIMARY KEY(h));

INSERT INTO mt_r6 VALUES ('a', '1969-12-31 23:59:59.999999', 1.0), ('a', '1970-01-01 00:00:00.000001', 2.0), ('a', '1970-01-01 00:00:01.5', 3.0), ('b', '2024-02-29 23:59:59.999999', 4.0), ('b', '2024-03-01 00:00:00.000001', NULL);

SELECT ts, h, sum(v) RANGE '1s' FROM mt_r6 ALIGN '1s' ORDER BY h, ts;

SELECT ts, h, max(v) RANGE '1d' FROM mt_r6 ALIGN '1d' ORDER BY h, ts;

SELECT ts, date_bin(INTERVAL '1 second', ts), date_bin(INTERVAL '500 milliseconds', ts) FROM mt_r6 ORDER BY ts;

DROP TABLE mt_r6;

CREATE TABLE mt_r9 (h STRING, ts TIMESTAMP(9) TIME INDEX, v DOUBLE, PRIMARY KEY(h));

INSERT INTO mt_r9 VALUES ('a', '1969-12-31 23:59:59.999999999', 1.0), ('a', '1970-01-01 00:00:00.000000001', 2.0), ('a', '1970-01-01 00:00:00.5', 3.0), ('b', '2024-02-29 23:59:59.999999999', 4.0), ('b', '2024-03-01 00:00:00.1', 5.0);

SELECT ts, h, count(v) RANGE '1s', min(v) RANGE '1s' FROM mt_r9 ALIGN '1s' ORDER BY h, ts;

SELECT ts, h, last_value(v ORDER BY ts) RANGE '100ms' FROM mt_r9 ALIGN '100ms' ORDER BY h, ts;

SELECT ts, date_bin(INTERVAL '1 microsecond', ts), date_bin(INTERVAL '1 second', ts, '1970-01-01 00:00:00.25'::TIMESTAMP(9)) FROM mt_r9 ORDER BY ts;

SELECT date_bin(INTERVAL '1 day', ts) AS b, min(ts), max(ts) FROM mt_r9 GROUP BY b ORDER BY b;

DROP TABLE mt_r9;
