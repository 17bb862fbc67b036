-- Values of the types GreptimeDB stores, read back through a device-config table: BLOB/BINARY contents and
-- comparisons, JSON scalars of every kind, DECIMAL arithmetic and rounding on insert, unsigned limits in expressions,
-- interval arithmetic between columns, timestamps written with time zones and at precision limits. Source: GreptimeDB
-- docs "Data Types" (reference/sql/data-types) and "Time zone" (user-guide/timezone), DataFusion docs "Data Types".
CREATE TABLE held_cfg (ts TIMESTAMP(3) TIME INDEX, device STRING PRIMARY KEY, firmware BLOB, cfg JSON, budget DECIMAL(6, 2), quota BIGINT UNSIGNED, seen TIMESTAMP(6));

INSERT INTO held_cfg VALUES ('2024-03-10 02:30:00+01:00', 'cam', X'DEADBEEF', '{"fps": 30}', 1234.565, 18446744073709551615, '2024-03-10T02:30:00.123456Z'), ('2024-03-10 02:30:00-05:00', 'lock', 'über', 'true', -9999.99, 0, '2024-03-10 07:30:00.5'), ('2024-03-10 02:30:00', 'fan', X'', '"text"', 0.005, 42, NULL), ('2024-03-10 02:30:00.001', 'hub', NULL, 'null', NULL, NULL, '1970-01-01 00:00:00');

SELECT device, ts, seen FROM held_cfg ORDER BY ts;

SELECT device, firmware, length(firmware) FROM held_cfg ORDER BY device;

SELECT device, arrow_typeof(firmware), octet_length(firmware), firmware FROM held_cfg WHERE device <> 'cam' ORDER BY device;

SELECT device, encode(firmware, 'hex') FROM held_cfg ORDER BY device;

SELECT device FROM held_cfg WHERE firmware = X'DEADBEEF' OR firmware = '' ORDER BY device;

SELECT device, json_to_string(cfg), json_is_bool(cfg), json_is_string(cfg), json_is_null(cfg) FROM held_cfg ORDER BY device;

SELECT device, budget, budget * 2, budget / 3, budget + 0.001, arrow_typeof(budget * 2) FROM held_cfg ORDER BY device;

INSERT INTO held_cfg (ts, device, budget) VALUES (5, 'big', 10000.00);

SELECT device, quota, quota - 1, quota / 2, CAST(quota AS DOUBLE) AS qd FROM held_cfg ORDER BY device;

SELECT device, seen - ts, ts - INTERVAL '1 day 2 hours', seen + INTERVAL '500 milliseconds' FROM held_cfg ORDER BY device;

SELECT INTERVAL '90 minutes', INTERVAL '1 week', INTERVAL '2 years' - INTERVAL '3 months', INTERVAL '-1 day 1 hour';

SELECT arrow_typeof(INTERVAL '1 week'), INTERVAL '1 hour' = INTERVAL '60 minutes', INTERVAL '1 day' > INTERVAL '23 hours';

SELECT X'41E2' , CAST('日' AS BLOB), arrow_typeof(X'00'), CAST(X'C3A9' AS STRING);

INSERT INTO held_cfg (ts, device, seen) VALUES ('2024-03-10 25:00:00', 'bad', NULL);

INSERT INTO held_cfg (ts, device, cfg) VALUES (6, 'bad', '{"unterminated": ');

SELECT '2024-03-10 02:30:00+14:00'::TIMESTAMP, '2024-03-10 02:30:00 Asia/Tokyo'::TIMESTAMP, '2024-03-10T02:30:00.999999999Z'::TIMESTAMP(9);

SELECT '0000-01-01 00:00:00'::TIMESTAMP(0), '-0001-12-31 00:00:00'::TIMESTAMP(0);

DROP TABLE held_cfg;
