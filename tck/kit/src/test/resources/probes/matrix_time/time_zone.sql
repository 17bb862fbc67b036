-- timezone() and the session time zone set by SET time_zone over every temporal type and precision: display, date_trunc,
-- date_part, date_format, to_unixtime, text parsing and AT TIME ZONE (GreptimeDB docs "Time zone" and "Date and time
-- functions"; src/common/function/src/system/timezone.rs of v1.0.0; DataFusion docs on AT TIME ZONE).
CREATE TABLE mt_tz (k INT, ts TIMESTAMP(3) TIME INDEX, s TIMESTAMP(0), us TIMESTAMP(6), ns TIMESTAMP(9), d DATE, txt STRING, PRIMARY KEY(k));

INSERT INTO mt_tz VALUES (1, '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01 00:00:00', '1970-01-01', '1970-01-01 00:00:00'), (2, '2024-02-29 23:59:59.999', '2024-02-29 23:59:59', '2024-02-29 23:59:59.999999', '2024-02-29 23:59:59.999999999', '2024-02-29', '2024-02-29 23:59:59'), (3, '2023-12-31 20:00:00.5', NULL, NULL, NULL, NULL, NULL);

SELECT timezone();

SET time_zone = '+08:00';

SELECT timezone();

SELECT k, ts, s, us, ns, d FROM mt_tz ORDER BY k;

SELECT k, date_trunc('day', ts), date_trunc('day', s), date_trunc('month', ns), date_trunc('year', d) FROM mt_tz ORDER BY k;

SELECT k, date_part('hour', ts), date_part('day', us), extract(hour FROM ns), date_part('day', d) FROM mt_tz ORDER BY k;

SELECT k, date_format(ts, '%Y-%m-%d %H:%M:%S%.3f'), date_format(ns, '%H:%M:%S%.9f'), date_format(d, '%Y-%m-%d %H'), to_char(s, '%Y-%m-%d %H:%M') FROM mt_tz ORDER BY k;

SELECT k, to_unixtime(ts), to_unixtime(s), to_unixtime(d), to_unixtime(txt) FROM mt_tz ORDER BY k;

SELECT k, to_timestamp(txt), txt::TIMESTAMP, CAST(txt AS TIMESTAMP(9)) FROM mt_tz ORDER BY k;

SELECT k FROM mt_tz WHERE ts >= '2024-03-01 00:00:00' ORDER BY k;

SELECT k, ts AT TIME ZONE 'UTC', ns AT TIME ZONE 'Asia/Shanghai' FROM mt_tz ORDER BY k;

SELECT k, date_bin(INTERVAL '1 day', ts), ts + INTERVAL '1 day' FROM mt_tz ORDER BY k;

SET time_zone = 'America/New_York';

SELECT timezone();

SELECT k, ts, d, date_trunc('day', ns), date_format(s, '%Y-%m-%d %H:%M:%S %z') FROM mt_tz ORDER BY k;

SET time_zone = 'Mars/Olympus';

SET time_zone = 'UTC';

SELECT timezone();

SELECT k, ts, date_trunc('day', ts) FROM mt_tz ORDER BY k;

DROP TABLE mt_tz;
