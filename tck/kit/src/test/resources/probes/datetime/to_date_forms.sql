-- to_date and to_timestamp over every input kind: strings with and without chrono formats (formats tried in
-- order, the last one's error when none parses), integers, floats, NULLs, bad input; make_date of an invalid day;
-- date_add/date_sub with NULL. Source: DataFusion 52 docs "Scalar Functions" (to_date, to_timestamp, make_date;
-- datafusion/functions/src/datetime/to_date.rs, to_timestamp.rs, common.rs) and GreptimeDB docs "Functions"
-- (date_add, date_sub; src/common/function/src/scalars/date/).
SELECT to_date('2024-07-04'), to_date('2024-07-04T10:00:00'), to_date('2024-07-04 10:00:00');

SELECT to_date('04.07.2024', '%Y/%m/%d', '%d.%m.%Y'), to_date('2024/07/04', '%Y/%m/%d', '%d.%m.%Y');

SELECT to_date('2024-07-04', '%Y/%m/%d', '%d.%m.%Y');

SELECT to_date('yesterday');

SELECT to_date(19000), to_date(-1), to_date(19000.7);

SELECT to_date(NULL), to_date(NULL, '%Y');

SELECT to_date(true);

SELECT to_timestamp('2024-07-04 09:05', '%Y-%m-%d %H:%M'), to_timestamp('04.07.2024 09:05:03', '%Y', '%d.%m.%Y %H:%M:%S');

SELECT to_timestamp('zz', '%Y', '%d');

SELECT to_date('1960-07-04 10:00', '%Y-%m-%d %H:%M'), to_date('1960-07-04T10:00:00'), to_timestamp(' 2024- 7-4', '%Y-%m-%d'), to_timestamp('2024-07-04 10:00 +0200', '%Y-%m-%d %H:%M %z');

SELECT to_date('2024-07-04', '%Y-%m');

SELECT to_date('2024-07', '%Y-%m');

SELECT to_timestamp('2024-07-', '%Y-%m-%d');

SELECT to_timestamp('2024-02-30', '%Y-%m-%d');

SELECT to_timestamp(1720083903.5), to_timestamp(-1.25), to_timestamp(0.0);

SELECT to_timestamp(NULL), to_timestamp(NULL, '%Y');

SELECT to_timestamp_seconds('2024-07-04 09:05', '%Y-%m-%d %H:%M'), to_timestamp_millis('2024-07-04 09:05:03.250', '%Y-%m-%d %H:%M:%S%.f');

SELECT make_date(2023, 2, 29);

SELECT make_date(2024, 13, 1);

SELECT make_date(2024, 1, 32);

SELECT make_date(NULL, 1, 1), make_date(2024, 1, 1);

SELECT date_add(NULL, INTERVAL '1 day'), date_sub('2024-01-01'::DATE, NULL);

SELECT date_add('2024-01-01'::DATE, 5);

CREATE TABLE forms_in (ts TIMESTAMP(3) TIME INDEX, k STRING PRIMARY KEY, s STRING, f DOUBLE, n BIGINT);

INSERT INTO forms_in VALUES (1000, 'a', '2024-07-04', 1720083903.5, 19000), (2000, 'b', '05.07.2024', -0.5, -1), (3000, 'c', NULL, NULL, NULL);

SELECT k, to_date(s, '%Y-%m-%d', '%d.%m.%Y'), to_timestamp(f), to_date(n), date_add(to_date(n), INTERVAL '1 day') FROM forms_in ORDER BY k;

SELECT k, to_timestamp(s, '%d.%m.%Y', '%Y-%m-%d') FROM forms_in ORDER BY k;

DROP TABLE forms_in;
