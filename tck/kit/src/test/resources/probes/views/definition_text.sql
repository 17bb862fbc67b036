-- The text GreptimeDB keeps for a view (SHOW CREATE VIEW, information_schema.views.view_definition): the statement
-- as sqlparser prints it back (src/operator/src/statement/ddl.rs:794 v1.0.0, create_view.to_string()), so
-- keywords and types upper-case, function names as written and tight to their parentheses, single spaces.
CREATE TABLE vd_t (h STRING, ts TIMESTAMP TIME INDEX, x DOUBLE, y BIGINT, PRIMARY KEY(h));

CREATE VIEW vd_1 AS select  SUM( x ),CAST(y AS double) as c, y IN (1,2) AS i, count(*) over (partition by h) AS w, upper (h), x+1, -x, NOT (x>1), "h", 'it''s' from vd_t where x>1 and h like 'a%' group by h, x, y order by h limit 5;

CREATE VIEW vd_2 AS SELECT h, CASE WHEN x BETWEEN 1 AND 2 THEN 'low' when x IS NULL then 'none' ELSE 'high' END AS band, coalesce(y, 0) * (x - 1) / 2 AS z, count(DISTINCT y) AS n, round(avg(x), 2) FROM vd_t WHERE h NOT IN ('a', 'b') AND y IS NOT NULL GROUP BY h, x, y HAVING count(*) > 1;

CREATE VIEW vd_3 (k, total) AS SELECT s.h, sum(s.x) FROM (SELECT h, x FROM vd_t WHERE ts >= '2024-01-01 00:00:00') AS s JOIN vd_t AS t ON s.h = t.h GROUP BY s.h ORDER BY 2 DESC;

CREATE VIEW vd_4 AS SELECT DISTINCT h, date_trunc('hour', ts) AS hr, x::INT AS xi, row_number() OVER (PARTITION BY h ORDER BY ts DESC) AS rn FROM vd_t;

SHOW CREATE VIEW vd_1;

SHOW CREATE VIEW vd_2;

SELECT table_name, view_definition FROM information_schema.views WHERE table_name LIKE 'vd_%' ORDER BY table_name;

DROP VIEW vd_1;

DROP VIEW vd_2;

DROP VIEW vd_3;

DROP VIEW vd_4;

DROP TABLE vd_t;
