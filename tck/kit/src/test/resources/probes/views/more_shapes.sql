-- Views whose queries group, order, limit, rename and combine: GROUP BY with HAVING, ORDER BY with LIMIT/OFFSET,
-- a column list renaming the outputs, DISTINCT, CASE, UNION ALL, a filter and an aggregate over the view
-- (GreptimeDB docs: user-guide/query-data/view.md, reference/sql/create.md "CREATE VIEW", reference/sql/select.md)
CREATE TABLE ms_base (host STRING, area STRING, cpu DOUBLE, ts TIMESTAMP TIME INDEX, PRIMARY KEY(host, area));

INSERT INTO ms_base VALUES ('a', 'eu', 10.0, 1000), ('a', 'eu', 30.0, 2000), ('b', 'us', 5.0, 1000), ('c', 'us', NULL, 1000), ('d', 'ásia', 7.5, 3000);

CREATE VIEW ms_by_region AS SELECT area, count(*) AS n, avg(cpu) AS mean_cpu FROM ms_base GROUP BY area HAVING count(*) > 1;

SELECT * FROM ms_by_region ORDER BY area;

CREATE VIEW ms_top AS SELECT host, cpu FROM ms_base WHERE cpu IS NOT NULL ORDER BY cpu DESC LIMIT 2;

SELECT * FROM ms_top ORDER BY cpu;

CREATE VIEW ms_page AS SELECT host, ts FROM ms_base ORDER BY host, ts LIMIT 2 OFFSET 1;

SELECT * FROM ms_page ORDER BY host, ts;

CREATE VIEW ms_named (h, r, c) AS SELECT host, area, cpu FROM ms_base;

SELECT h, c FROM ms_named WHERE r = 'us' ORDER BY h;

SELECT host FROM ms_named;

CREATE VIEW ms_distinct AS SELECT DISTINCT area FROM ms_base;

SELECT * FROM ms_distinct ORDER BY area;

CREATE VIEW ms_case AS SELECT host, CASE WHEN cpu > 20 THEN 'hot' WHEN cpu IS NULL THEN 'none' ELSE 'ok' END AS state FROM ms_base;

SELECT state, count(*) FROM ms_case GROUP BY state ORDER BY state;

CREATE VIEW ms_union AS SELECT host AS name FROM ms_base WHERE area = 'eu' UNION ALL SELECT area FROM ms_base WHERE host = 'b';

SELECT * FROM ms_union ORDER BY name;

SELECT max(mean_cpu), sum(n) FROM ms_by_region;

DESC TABLE ms_named;

DROP VIEW ms_by_region;

DROP VIEW ms_top;

DROP VIEW ms_page;

DROP VIEW ms_named;

DROP VIEW ms_distinct;

DROP VIEW ms_case;

DROP VIEW ms_union;

DROP TABLE ms_base;
