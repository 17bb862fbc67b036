-- Views over views, joins and aggregates inside a view, information_schema.columns of a view
-- (GreptimeDB docs: user-guide/query-data/view.md; information_schema columns reference)
CREATE TABLE pn_base (g STRING, n BIGINT, d DOUBLE, ts TIMESTAMP(3) TIME INDEX, PRIMARY KEY(g));

INSERT INTO pn_base VALUES ('a', 1, 1.5, 1000), ('a', 2, NULL, 2000), ('b', 5, 2.5, 3000), ('b', NULL, 4.0, 4000);

CREATE VIEW pn_v1 AS SELECT g, n, d, ts FROM pn_base WHERE ts >= 2000;

CREATE VIEW pn_v2 AS SELECT g, sum(n) AS total, avg(d) AS mean, count(*) AS cnt FROM pn_v1 GROUP BY g;

SELECT * FROM pn_v2 ORDER BY g;

SELECT column_name, data_type, semantic_type FROM information_schema.columns WHERE table_name = 'pn_v2' ORDER BY column_name;

CREATE VIEW pn_v3 AS SELECT a.g, a.total, b.n FROM pn_v2 a JOIN pn_base b ON a.g = b.g;

SELECT * FROM pn_v3 ORDER BY g, n;

DROP VIEW pn_v1;

SELECT * FROM pn_v2 ORDER BY g;

DROP VIEW pn_v3;

DROP VIEW pn_v2;

DROP TABLE pn_base;
