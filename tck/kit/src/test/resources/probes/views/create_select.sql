-- CREATE VIEW with a column list, expressions and aliases, then SELECT from it and DESC VIEW
-- (GreptimeDB docs: user-guide/query-data/view.md and reference/sql/create.md "CREATE VIEW")
CREATE TABLE pv_base (host STRING, cpu DOUBLE, mem BIGINT, ts TIMESTAMP TIME INDEX, PRIMARY KEY(host));

INSERT INTO pv_base VALUES ('a', 10.5, 100, 1000), ('b', NULL, 200, 2000), ('café', 30.0, NULL, 3000);

CREATE VIEW pv_plain AS SELECT host, cpu, ts FROM pv_base;

SELECT * FROM pv_plain ORDER BY ts;

CREATE VIEW pv_expr AS SELECT host AS h, cpu * 2 AS cpu2, mem + 1, upper(host), ts FROM pv_base;

SELECT * FROM pv_expr ORDER BY ts;

DESC TABLE pv_expr;

CREATE VIEW pv_cols (c_host, c_cpu) AS SELECT host, cpu FROM pv_base;

SELECT * FROM pv_cols ORDER BY c_host;

SELECT c_host FROM pv_cols WHERE c_cpu > 20 ORDER BY c_host;

DESC VIEW pv_cols;

CREATE VIEW pv_bad_cols (x, y) AS SELECT host FROM pv_base;

SELECT count(*), sum(cpu2) FROM pv_expr;

DROP VIEW pv_plain;

DROP VIEW pv_expr;

DROP VIEW pv_cols;

DROP TABLE pv_base;
