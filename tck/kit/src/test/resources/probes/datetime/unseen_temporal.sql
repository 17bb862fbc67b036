-- date_trunc/date_part/extract/date_bin/to_unixtime/date_format/to_timestamp* on every timestamp precision, NULL
-- (DataFusion "Time and date functions" docs; GreptimeDB docs: "Date and time functions" (date_format, to_unixtime))
SELECT date_trunc('hour', '2024-03-10 17:45:12.345'::TIMESTAMP), date_trunc('month', '2024-03-10 17:45:12'::TIMESTAMP(0)), date_trunc('week', '2024-03-10 00:00:00'::TIMESTAMP(3));

SELECT date_part('year', '2024-02-29 23:59:59.999999'::TIMESTAMP(6)), date_part('doy', '2024-12-31 00:00:00'::TIMESTAMP), date_part('dow', '2024-03-10 00:00:00'::TIMESTAMP);

SELECT extract(epoch FROM '1970-01-02 00:00:01'::TIMESTAMP), extract(microsecond FROM '2024-01-01 00:00:01.123456789'::TIMESTAMP(9)), extract(quarter FROM '2024-08-01 00:00:00'::TIMESTAMP);

SELECT date_bin(INTERVAL '15 minutes', '2024-01-01 10:37:00'::TIMESTAMP), date_bin(INTERVAL '1 day', '2024-01-01 10:37:00'::TIMESTAMP, '2024-01-01 06:00:00'::TIMESTAMP);

SELECT to_unixtime('2024-01-01 00:00:00'::TIMESTAMP), to_unixtime('2024-01-01 00:00:00.999'::TIMESTAMP(3)), to_unixtime('1969-12-31 23:59:59'::TIMESTAMP(0)), to_unixtime(NULL);

SELECT date_format('2024-05-06 07:08:09.123'::TIMESTAMP(3), '%Y/%m/%d %H:%M:%S%.3f'), date_format('2024-05-06 07:08:09'::TIMESTAMP(0), '%a %b %e %j');

SELECT date_format('2024-05-06'::DATE, '%Y-%m-%d %H');

SELECT to_timestamp_seconds(1700000000), to_timestamp_millis(1700000000123), to_timestamp_micros(-1), to_timestamp_nanos(1);

SELECT to_timestamp('2024-13-01 00:00:00');

SELECT date_trunc('fortnight', '2024-01-01 00:00:00'::TIMESTAMP);

CREATE TABLE dt (ts TIMESTAMP(9) TIME INDEX, s TIMESTAMP(0), ms TIMESTAMP(3), us TIMESTAMP(6), d DATE);

INSERT INTO dt VALUES ('2024-02-29 12:34:56.123456789', '2024-02-29 12:34:56', '2024-02-29 12:34:56.123', '2024-02-29 12:34:56.123456', '2024-02-29'), ('1999-12-31 23:59:59.999999999', NULL, NULL, NULL, NULL);

SELECT date_trunc('minute', ts), date_trunc('day', s), date_trunc('second', ms), date_trunc('millisecond', us), date_trunc('year', d) FROM dt ORDER BY ts;

SELECT date_part('nanosecond', ts) FROM dt ORDER BY ts;

SELECT date_part('second', ms), extract(day FROM d), to_unixtime(s), to_unixtime(us) FROM dt ORDER BY ts;

SELECT ts - ms, s + INTERVAL '1 month', d + INTERVAL '1 day', ts > s FROM dt ORDER BY ts;

SELECT date_bin(INTERVAL '1 hour', ts), date_format(us, '%H:%M:%S%.6f') FROM dt ORDER BY ts;

DROP TABLE dt;
