-- date_trunc, date_bin, date_part/extract, to_unixtime and date_format on TIMESTAMP(0), (3), (6), (9) and DATE
-- columns: NULLs, pre-1970 values and near the ends of the nanosecond range (DataFusion "Time and date functions" docs:
-- date_trunc, date_bin, date_part, extract; GreptimeDB docs "Date and time functions": to_unixtime, date_format)
CREATE TABLE tpf (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), ms TIMESTAMP(3), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, PRIMARY KEY(k));

INSERT INTO tpf VALUES (1, 1, '2024-02-29 12:34:56', '2024-02-29 12:34:56.789', '2024-02-29 12:34:56.789123', '2024-02-29 12:34:56.789123456', '2024-02-29'), (2, 2, '1969-12-31 23:59:59', '1969-12-31 23:59:59.999', '1969-12-31 23:59:59.999999', '1969-12-31 23:59:59.999999999', '1969-12-31'), (3, 3, NULL, NULL, NULL, NULL, NULL), (4, 4, '1677-09-21 00:12:44', '1677-09-21 00:12:44.001', '1677-09-21 00:12:44.000001', '1677-09-21 00:12:44.000000001', '1677-09-21'), (5, 5, '2262-04-11 23:47:16', '2262-04-11 23:47:16.854', '2262-04-11 23:47:16.854775', '2262-04-11 23:47:16.854775806', '2262-04-11');

SELECT k, date_trunc('second', ns), date_trunc('millisecond', ns), date_trunc('microsecond', ns) FROM tpf ORDER BY k;

SELECT k, date_trunc('minute', s), date_trunc('hour', ms), date_trunc('day', us), date_trunc('day', ns) FROM tpf ORDER BY k;

SELECT k, date_trunc('month', ns), date_trunc('week', ns), date_trunc('quarter', us), date_trunc('year', d) FROM tpf WHERE k <> 4 ORDER BY k;

SELECT k, date_bin(INTERVAL '1 minute', ns), date_bin(INTERVAL '1 second', us), date_bin(INTERVAL '10 milliseconds', ns), date_bin(INTERVAL '1 hour', s) FROM tpf ORDER BY k;

SELECT k, date_bin(INTERVAL '1 microsecond', ns), date_bin(INTERVAL '1 day', ms, '2000-01-01 06:00:00'::TIMESTAMP(3)) FROM tpf ORDER BY k;

SELECT k, date_part('second', ns), date_part('millisecond', ns), date_part('microsecond', ns), date_part('epoch', ns) FROM tpf ORDER BY k;

SELECT k, extract(second FROM s), extract(millisecond FROM ms), extract(microsecond FROM us), extract(epoch FROM us), extract(epoch FROM d) FROM tpf ORDER BY k;

SELECT k, date_part('year', ns), date_part('doy', ns), date_part('dow', s), date_part('hour', ns), date_part('week', d) FROM tpf ORDER BY k;

SELECT k, date_part('nanosecond', us) FROM tpf ORDER BY k;

SELECT k, to_unixtime(s), to_unixtime(ms), to_unixtime(us), to_unixtime(ns), to_unixtime(d) FROM tpf ORDER BY k;

SELECT k, date_format(ns, '%Y-%m-%d %H:%M:%S%.9f'), date_format(s, '%e|%d|%k|%l'), date_format(d, '%Y/%m/%e') FROM tpf ORDER BY k;

SELECT arrow_typeof(date_trunc('second', ns)), arrow_typeof(date_bin(INTERVAL '1 second', s)), arrow_typeof(date_part('second', ns)), arrow_typeof(date_trunc('day', d)) FROM tpf WHERE k = 1;

SELECT date_trunc('decade', ns) FROM tpf;

SELECT date_trunc('day', '1969-12-31 23:59:59.999999999'::TIMESTAMP(9)), date_part('microsecond', '1969-12-31 23:59:59.999999999'::TIMESTAMP(9)), date_bin(INTERVAL '1 second', '1969-12-31 23:59:59.5'::TIMESTAMP(3));

DROP TABLE tpf;
