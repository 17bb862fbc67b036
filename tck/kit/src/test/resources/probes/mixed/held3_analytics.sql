-- Everyday analytics over two time-series tables: GROUP BY with ORDER BY on an aggregate, HAVING, DISTINCT and
-- COUNT(DISTINCT), window functions (row_number, rank, lag, running sum, moving average with a frame), CTEs
-- (one referring to another), scalar/IN/EXISTS subqueries, LIMIT/OFFSET, UNION ALL, inner and left joins.
-- Source: DataFusion docs "SQL reference: SELECT", "Window functions", "Subqueries"; GreptimeDB docs "Query data".
CREATE TABLE held3_cpu (ts TIMESTAMP TIME INDEX, host STRING, dc STRING, load_pct DOUBLE, PRIMARY KEY (host, dc));

CREATE TABLE held3_hosts (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, team STRING, cores INT);

INSERT INTO held3_cpu VALUES (1000, 'h1', 'east', 10.0), (2000, 'h1', 'east', 30.0), (3000, 'h1', 'east', 20.0), (1000, 'h2', 'east', 50.0), (2000, 'h2', 'east', NULL), (3000, 'h2', 'east', 70.0), (1000, 'h3', 'west', 5.0), (2000, 'h3', 'west', 5.0), (1000, 'h4', 'west', 99.5);

INSERT INTO held3_hosts VALUES (0, 'h1', 'ann', 4), (0, 'h2', 'bob', 8), (0, 'h3', 'ann', 2), (0, 'h9', 'zoe', 16);

SELECT dc, count(*), count(load_pct), round(avg(load_pct), 2) AS a FROM held3_cpu GROUP BY dc ORDER BY a DESC;

SELECT host, max(load_pct) AS m FROM held3_cpu GROUP BY host HAVING max(load_pct) > 20 ORDER BY m DESC, host;

SELECT DISTINCT dc FROM held3_cpu ORDER BY dc;

SELECT count(DISTINCT load_pct), count(DISTINCT host) FROM held3_cpu;

SELECT host, ts, load_pct, row_number() OVER (PARTITION BY host ORDER BY ts) AS rn, lag(load_pct) OVER (PARTITION BY host ORDER BY ts) AS prev FROM held3_cpu ORDER BY host, ts;

SELECT host, ts, sum(load_pct) OVER (PARTITION BY host ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS run, avg(load_pct) OVER (PARTITION BY host ORDER BY ts ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS mov FROM held3_cpu ORDER BY host, ts;

SELECT host, max(load_pct) AS m, rank() OVER (ORDER BY max(load_pct) DESC) AS r FROM held3_cpu GROUP BY host ORDER BY r, host;

WITH peak AS (SELECT host, max(load_pct) AS m FROM held3_cpu GROUP BY host), busy AS (SELECT host FROM peak WHERE m >= 30) SELECT b.host, h.team FROM busy b LEFT JOIN held3_hosts h ON b.host = h.host ORDER BY b.host;

SELECT host, load_pct FROM held3_cpu WHERE load_pct > (SELECT avg(load_pct) FROM held3_cpu) ORDER BY host, ts;

SELECT host FROM held3_hosts h WHERE NOT EXISTS (SELECT 1 FROM held3_cpu c WHERE c.host = h.host) ORDER BY host;

SELECT DISTINCT host FROM held3_cpu WHERE host IN (SELECT host FROM held3_hosts WHERE team = 'ann') ORDER BY host;

SELECT h.team, sum(c.load_pct) / sum(h.cores) AS per_core FROM held3_cpu c JOIN held3_hosts h ON c.host = h.host GROUP BY h.team ORDER BY h.team;

SELECT host, ts, load_pct FROM held3_cpu ORDER BY load_pct DESC NULLS LAST, host LIMIT 3 OFFSET 2;

SELECT host FROM held3_cpu WHERE dc = 'west' UNION ALL SELECT host FROM held3_hosts WHERE cores > 4 ORDER BY host;

SELECT host, first_value(load_pct) OVER (PARTITION BY host ORDER BY ts DESC) AS latest FROM held3_cpu ORDER BY host, ts LIMIT 4;

SELECT host, load_pct FROM held3_cpu ORDER BY host LIMIT 0;

DROP TABLE held3_cpu;

DROP TABLE held3_hosts;
