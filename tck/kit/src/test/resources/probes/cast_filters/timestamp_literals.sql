-- Timestamp columns of each precision compared with strings and integers (GreptimeDB docs: reference/sql/data-types.md
-- "timestamp literals"; user-guide/query-data/sql.md time range queries; DataFusion's timestamp coercion)
CREATE TABLE pt_s (k STRING, ts TIMESTAMP(0) TIME INDEX, PRIMARY KEY(k));

CREATE TABLE pt_ms (k STRING, ts TIMESTAMP(3) TIME INDEX, PRIMARY KEY(k));

CREATE TABLE pt_us (k STRING, ts TIMESTAMP(6) TIME INDEX, PRIMARY KEY(k));

CREATE TABLE pt_ns (k STRING, ts TIMESTAMP(9) TIME INDEX, PRIMARY KEY(k));

INSERT INTO pt_s VALUES ('a', '2024-01-01 00:00:00'), ('b', '2024-01-01 00:00:01'), ('c', 1704067202);

INSERT INTO pt_ms VALUES ('a', '2024-01-01 00:00:00'), ('b', '2024-01-01 00:00:00.001'), ('c', 1704067200002);

INSERT INTO pt_us VALUES ('a', '2024-01-01 00:00:00'), ('b', '2024-01-01 00:00:00.000001'), ('c', 1704067200000002);

INSERT INTO pt_ns VALUES ('a', '2024-01-01 00:00:00'), ('b', '2024-01-01 00:00:00.000000001'), ('c', 1704067200000000002);

SELECT k, ts FROM pt_s WHERE ts > '2024-01-01 00:00:00' ORDER BY k;

SELECT k, ts FROM pt_ms WHERE ts > '2024-01-01 00:00:00' ORDER BY k;

SELECT k, ts FROM pt_us WHERE ts > '2024-01-01 00:00:00' ORDER BY k;

SELECT k, ts FROM pt_ns WHERE ts > '2024-01-01 00:00:00' ORDER BY k;

SELECT k FROM pt_s WHERE ts >= 1704067201 ORDER BY k;

SELECT k FROM pt_ms WHERE ts >= 1704067200001 ORDER BY k;

SELECT k FROM pt_ns WHERE ts = '2024-01-01T00:00:00.000000001Z' ORDER BY k;

SELECT k FROM pt_ms WHERE ts = '2024-01-01 08:00:00+08:00' ORDER BY k;

SELECT k FROM pt_ms WHERE ts BETWEEN '2024-01-01' AND '2024-01-01 00:00:00.001' ORDER BY k;

SELECT k FROM pt_us WHERE ts IN ('2024-01-01 00:00:00', '2024-01-01 00:00:00.000002') ORDER BY k;

SELECT k FROM pt_s WHERE ts < '2024-01-01 00:00:00.5' ORDER BY k;

SELECT k FROM pt_ms WHERE ts > 'not a time' ORDER BY k;

SELECT k FROM pt_s WHERE ts > DATE '2023-12-31' ORDER BY k;

DROP TABLE pt_s;

DROP TABLE pt_ms;

DROP TABLE pt_us;

DROP TABLE pt_ns;
