-- Views over joins: inner and left joins with aliases, a join of a view with a table, a view with a subquery in
-- FROM and a scalar subquery, and a view whose join columns share a name (GreptimeDB docs: user-guide/query-data/
-- view.md, reference/sql/join.md, reference/sql/select.md)
CREATE TABLE mj_hosts (host STRING, dc STRING, ts TIMESTAMP TIME INDEX, PRIMARY KEY(host));

CREATE TABLE mj_load (host STRING, ld DOUBLE, ts TIMESTAMP TIME INDEX, PRIMARY KEY(host));

INSERT INTO mj_hosts VALUES ('a', 'dc1', 0), ('b', 'dc2', 0), ('c', 'dc1', 0);

INSERT INTO mj_load VALUES ('a', 0.5, 1000), ('a', 1.5, 2000), ('b', 3.0, 1000), ('z', 9.0, 1000);

CREATE VIEW mj_inner AS SELECT h.host, h.dc, l.ld FROM mj_hosts h JOIN mj_load l ON h.host = l.host;

SELECT * FROM mj_inner ORDER BY host, ld;

CREATE VIEW mj_left AS SELECT h.host, l.ld AS l_ld FROM mj_hosts h LEFT JOIN mj_load l ON h.host = l.host;

SELECT * FROM mj_left ORDER BY host, l_ld;

SELECT v.dc, sum(v.ld) FROM mj_inner v GROUP BY v.dc ORDER BY v.dc;

SELECT i.host, h.dc FROM mj_inner i JOIN mj_hosts h ON i.host = h.host WHERE i.ld > 1 ORDER BY i.host;

CREATE VIEW mj_sub AS SELECT host, mx FROM (SELECT host, max(ld) AS mx FROM mj_load GROUP BY host) t WHERE mx > 1;

SELECT * FROM mj_sub ORDER BY host;

CREATE VIEW mj_scalar AS SELECT host, ld, ld - (SELECT avg(ld) FROM mj_load) AS diff FROM mj_load;

SELECT * FROM mj_scalar ORDER BY host, ld;

CREATE VIEW mj_dup AS SELECT h.host, l.host FROM mj_hosts h JOIN mj_load l ON h.host = l.host;

SELECT * FROM mj_dup;

DROP VIEW mj_inner;

DROP VIEW mj_left;

DROP VIEW mj_sub;

DROP VIEW mj_scalar;

DROP VIEW IF EXISTS mj_dup;

DROP TABLE mj_hosts;

DROP TABLE mj_load;
