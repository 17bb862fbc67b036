-- RANGE ... ALIGN queries as a user writes them: several range aggregates with different ranges, BY one and two
-- columns, FILL NULL/PREV/LINEAR/constant, ALIGN TO an offset, range expressions in arithmetic, ORDER BY and LIMIT over
-- the result, a RANGE query joined to a plain table via a subquery, and misuse errors.
-- Source: GreptimeDB docs "Range queries" (reference/sql/range) (v1.0.0).
CREATE TABLE held3_temp (ts TIMESTAMP TIME INDEX, city STRING, sensor STRING, deg DOUBLE, PRIMARY KEY (city, sensor));

CREATE TABLE held3_city (ts TIMESTAMP TIME INDEX, city STRING PRIMARY KEY, country STRING);

INSERT INTO held3_temp VALUES (0, 'oslo', 's1', 1.0), (5000, 'oslo', 's1', 2.0), (20000, 'oslo', 's1', 4.0), (0, 'oslo', 's2', 3.0), (10000, 'oslo', 's2', NULL), (20000, 'oslo', 's2', 5.0), (0, 'rome', 's1', 20.0), (15000, 'rome', 's1', 22.0);

INSERT INTO held3_city VALUES (0, 'oslo', 'NO'), (0, 'rome', 'IT');

SELECT ts, city, avg(deg) RANGE '10s', max(deg) RANGE '20s' FROM held3_temp ALIGN '10s' BY (city) ORDER BY city, ts;

SELECT ts, city, sensor, min(deg) RANGE '10s' FILL PREV FROM held3_temp ALIGN '10s' ORDER BY city, sensor, ts;

SELECT ts, city, sum(deg) RANGE '10s' FILL LINEAR FROM held3_temp ALIGN '5s' BY (city) ORDER BY city, ts;

SELECT ts, city, count(deg) RANGE '10s' FILL 0 FROM held3_temp ALIGN '10s' BY (city) ORDER BY city, ts;

SELECT ts, city, max(deg) RANGE '10s' - min(deg) RANGE '10s' AS spread FROM held3_temp ALIGN '10s' TO '1970-01-01T00:00:05' BY (city) ORDER BY city, ts;

SELECT ts, avg(deg) RANGE '30s' AS a FROM held3_temp ALIGN '30s' BY () ORDER BY ts;

SELECT ts, city, max(deg) RANGE '10s' AS m FROM held3_temp ALIGN '10s' BY (city) ORDER BY m DESC LIMIT 2;

SELECT r.ts, c.country, r.m FROM (SELECT ts, city, max(deg) RANGE '20s' AS m FROM held3_temp ALIGN '20s' BY (city)) r JOIN held3_city c ON r.city = c.city ORDER BY c.country, r.ts;

SELECT ts, city, avg(deg) RANGE '10s' FILL NULL FROM held3_temp WHERE sensor = 's2' ALIGN '5s' BY (city) ORDER BY ts;

SELECT ts, avg(deg) FROM held3_temp ALIGN '10s';

SELECT ts, avg(deg) RANGE '0s' FROM held3_temp ALIGN '10s';

SELECT ts, avg(deg) RANGE '10s' FILL nonsense FROM held3_temp ALIGN '10s';

DROP TABLE held3_temp;

DROP TABLE held3_city;
