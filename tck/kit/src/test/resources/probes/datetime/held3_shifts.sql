-- Date/time functions over a table with timestamps of four precisions and a DATE column: truncation to week and
-- quarter, date_part fields, interval arithmetic across month ends and a leap day, date_format patterns, to_unixtime,
-- timestamp differences, BETWEEN on nanoseconds, date_bin with an origin, invalid inputs.
-- Source: GreptimeDB docs "Date and time functions"; DataFusion docs "Time and date functions" (v1.0.0).
CREATE TABLE held3_shift (ts TIMESTAMP(3) TIME INDEX, worker STRING PRIMARY KEY, d DATE, t_s TIMESTAMP(0), t_us TIMESTAMP(6), t_ns TIMESTAMP(9));

INSERT INTO held3_shift VALUES ('2024-02-29 23:59:59.999', 'ana', '2024-02-29', '2024-01-31 08:00:00', '2023-12-31 23:59:59.123456', '2024-03-10 01:02:03.123456789'), ('1970-01-01 00:00:00', 'bo', '1969-12-31', '1999-12-31 23:59:59', '2000-01-01 00:00:00.000001', '1970-01-01 00:00:00.000000001'), ('2025-06-15 12:30:00', 'çelik', NULL, NULL, NULL, NULL);

SELECT worker, date_trunc('week', ts), date_trunc('quarter', ts), date_trunc('month', t_us) FROM held3_shift ORDER BY worker;

SELECT worker, date_part('dow', ts), date_part('doy', ts), date_part('epoch', t_s), extract(microsecond FROM t_us) FROM held3_shift ORDER BY worker;

SELECT worker, t_s + INTERVAL '1 month', d + INTERVAL '1 year', ts - INTERVAL '1 day 1 hour' FROM held3_shift ORDER BY worker;

SELECT worker, date_format(t_ns, '%Y/%m/%d %H:%M:%S%.9f'), date_format(d, '%a %e %b') FROM held3_shift ORDER BY worker;

SELECT worker, to_unixtime(t_us), to_unixtime(d) FROM held3_shift ORDER BY worker;

SELECT worker, ts - t_s FROM held3_shift ORDER BY worker;

SELECT worker FROM held3_shift WHERE t_ns BETWEEN '1970-01-01' AND '2000-01-01' ORDER BY worker;

SELECT worker, date_bin(INTERVAL '15 minutes', ts, TIMESTAMP '2000-01-01 00:07:00') FROM held3_shift ORDER BY worker;

SELECT max(t_ns), min(d), count(t_us) FROM held3_shift;

SELECT date_add(DATE '2024-01-31', INTERVAL '1 month'), date_sub(TIMESTAMP '2024-03-31 00:00:00', INTERVAL '1 month');

SELECT to_timestamp('2024-13-01 00:00:00');

SELECT date_trunc('fortnight', TIMESTAMP '2024-01-01 00:00:00');

SELECT make_date(2024, 2, 30);

DROP TABLE held3_shift;
