-- count(DISTINCT)/first_value/last_value/stddev/variance/approx_distinct/median/string_agg with GROUP BY and HAVING
-- (DataFusion "Aggregate functions" docs, as registered by GreptimeDB v1.0.0)
CREATE TABLE ag (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, v DOUBLE, n INT);

INSERT INTO ag VALUES (1000, 'a', 1.0, 1), (2000, 'a', 3.0, 1), (3000, 'a', NULL, 2), (1000, 'b', 10.0, 5), (2000, 'b', 10.0, 5), (1000, 'ç', -1.5, NULL);

SELECT host, count(DISTINCT n), count(v), count(*) FROM ag GROUP BY host ORDER BY host;

SELECT host, first_value(v ORDER BY ts), last_value(v ORDER BY ts) FROM ag GROUP BY host ORDER BY host;

SELECT host, stddev(v), stddev_pop(v), var_samp(v), var_pop(v) FROM ag GROUP BY host ORDER BY host;

SELECT host, approx_distinct(n), median(v), approx_median(v) FROM ag GROUP BY host ORDER BY host;

SELECT host, sum(n), avg(n), min(v), max(v) FROM ag GROUP BY host HAVING count(*) > 1 ORDER BY host;

SELECT host, sum(v) AS s FROM ag GROUP BY host HAVING sum(v) IS NULL OR sum(v) < 5 ORDER BY s;

SELECT string_agg(host, ',' ORDER BY host), array_agg(DISTINCT n ORDER BY n), bool_and(v > 0), bool_or(v > 5) FROM ag;

SELECT n, count(*) FROM ag GROUP BY n ORDER BY n NULLS FIRST;

SELECT corr(v, n), covar_samp(v, n), regr_slope(v, n) FROM ag;

SELECT host, count(*) FROM ag GROUP BY 1 HAVING max(ts) > '1970-01-01 00:00:01' ORDER BY 1;

SELECT host, v FROM ag GROUP BY host;

SELECT stddev(v), count(DISTINCT host) FROM ag WHERE v > 100;

SELECT bit_and(n), bit_or(n), bit_xor(n), sum(DISTINCT n) FROM ag;

DROP TABLE ag;
