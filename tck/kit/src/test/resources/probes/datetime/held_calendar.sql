-- Calendar arithmetic on a billing table: GreptimeDB's date_add/date_sub on timestamps of each precision and on
-- dates, DataFusion's to_char, to_date, make_date, from_unixtime, to_timestamp with formats and date_trunc by quarter.
-- Source: GreptimeDB docs "GreptimeDB Functions" (Time and Date) and DataFusion docs "Scalar Functions" (Time and Date).
SELECT date_add('2024-01-31 10:00:00'::TIMESTAMP, INTERVAL '1 month'), date_add('2024-02-29'::DATE, INTERVAL '1 year'), date_sub('2024-03-31 00:00:00'::TIMESTAMP(0), INTERVAL '1 month 1 day');

SELECT date_add('2024-01-01 00:00:00.123456789'::TIMESTAMP(9), INTERVAL '1 nanosecond'), date_sub('2024-01-01 00:00:00'::TIMESTAMP(6), INTERVAL '1 microsecond');

SELECT date_add(NULL, INTERVAL '1 day'), date_sub('2024-01-01'::DATE, NULL);

SELECT to_char('2024-07-04 09:05:03'::TIMESTAMP, '%d/%m/%Y %Hh%M'), to_char('2024-07-04'::DATE, '%A %B %-d');

SELECT to_date('2024-07-04'), to_date('04.07.2024', '%d.%m.%Y'), make_date(2024, 2, 29), from_unixtime(86400);

SELECT to_timestamp('2024-07-04 09:05', '%Y-%m-%d %H:%M'), to_timestamp(1720083903.5);

SELECT to_timestamp('1720083903');

SELECT make_date(2023, 2, 29);

SELECT date_trunc('quarter', '2024-08-17 12:00:00'::TIMESTAMP), date_trunc('quarter', '2024-01-01'::DATE), date_part('week', '2024-12-30'::DATE);

CREATE TABLE held_bills (ts TIMESTAMP(3) TIME INDEX, acct STRING PRIMARY KEY, due DATE, paid TIMESTAMP(0), created TIMESTAMP(9));

INSERT INTO held_bills VALUES ('2024-01-31 08:00:00', 'acme', '2024-02-29', '2024-03-01 12:30:00', '2024-01-31 08:00:00.000000001'), ('2024-12-31 23:59:59.999', 'émile', '2025-01-31', NULL, '2024-12-31 23:59:59.999999999'), ('2024-06-15 00:00:00', 'zed', NULL, '2024-06-15 00:00:00', NULL);

SELECT acct, date_add(ts, INTERVAL '1 month'), date_sub(due, INTERVAL '1 month'), date_add(created, INTERVAL '1 second') FROM held_bills ORDER BY ts;

SELECT acct, paid - ts, paid > due, to_char(due, '%Y/%m') FROM held_bills ORDER BY ts;

SELECT acct FROM held_bills WHERE due < date_add(ts, INTERVAL '30 days') ORDER BY acct;

SELECT date_trunc('quarter', ts) AS q, count(*) FROM held_bills GROUP BY q ORDER BY q;

SELECT date_add('2024-01-01'::DATE, 5);

DROP TABLE held_bills;
