-- Interval literals, arithmetic with timestamps and dates, output format (GreptimeDB docs: reference/sql/data-types.md
-- "Interval Type"; reference/sql/functions/overview.md; src/common/time/src/interval.rs)
SELECT INTERVAL '1 year 2 months 3 days 4 hours 5 minutes 6 seconds';

SELECT INTERVAL '1 day', INTERVAL '-2 hours', INTERVAL '1.5 seconds', INTERVAL '0 days';

SELECT INTERVAL '1 month' + INTERVAL '1 day', arrow_typeof(INTERVAL '1 month'), arrow_typeof(INTERVAL '1 day 1 second');

SELECT INTERVAL '3 hours' * 2;

SELECT '2024-01-31 00:00:00'::TIMESTAMP + INTERVAL '1 month', '2024-03-31'::DATE - INTERVAL '1 month';

SELECT '2024-01-01 00:00:00'::TIMESTAMP - '2023-12-31 12:00:00'::TIMESTAMP;

SELECT '2024-01-01'::DATE - '2023-12-01'::DATE;

SELECT INTERVAL '1 fortnight';

SELECT '1 day'::INTERVAL, CAST('P1Y2M3DT4H5M6S' AS INTERVAL);

CREATE TABLE piv (k INT, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

INSERT INTO piv VALUES (1, '2024-01-01 10:00:00'), (2, '2024-02-29 23:30:00'), (3, '2024-03-01 00:00:00'), (NULL, '2024-12-31 23:59:59');

SELECT k, ts + INTERVAL '1 year', ts - INTERVAL '30 minutes', date_trunc('month', ts + INTERVAL '1 day') FROM piv ORDER BY k;

SELECT k FROM piv WHERE ts > '2024-03-01 00:00:00'::TIMESTAMP - INTERVAL '1 day' ORDER BY k;

DROP TABLE piv;
