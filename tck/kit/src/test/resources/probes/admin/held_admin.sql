-- Maintenance through ADMIN functions on tables addressed by qualified and mixed-case names, in another database,
-- on views and with wrong argument types; session-information functions. Source: GreptimeDB docs "ADMIN" statement
-- (reference/sql/admin) and "GreptimeDB Functions" (System/Admin functions), src/common/function/src/admin (v1.0.0).
CREATE DATABASE held_ops;

CREATE TABLE held_ops.disk (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, used DOUBLE);

INSERT INTO held_ops.disk VALUES (1000, 'h1', 0.5), (2000, 'h2', 0.75);

ADMIN flush_table('held_ops.disk');

ADMIN compact_table('held_ops.disk', 'regular');

ADMIN flush_table('greptime.held_ops.disk');

ADMIN flush_table('disk');

CREATE TABLE "HeldMixed" (ts TIMESTAMP TIME INDEX, v DOUBLE);

ADMIN flush_table('HeldMixed');

ADMIN flush_table('"HeldMixed"');

CREATE VIEW held_mixed_v AS SELECT v FROM "HeldMixed";

-- SQLNESS REPLACE (table\sroute:\s)\d+ ${1}TABLE_ID
ADMIN flush_table('held_mixed_v');

ADMIN compact_table('HeldMixed', 'swcs', 'parallelism=1');

ADMIN flush_table('HeldMixed', 'extra');

SELECT database(), current_schema(), timezone(), version();

SELECT host, used FROM held_ops.disk ORDER BY host;

DROP VIEW held_mixed_v;

DROP TABLE "HeldMixed";

DROP TABLE held_ops.disk;

DROP DATABASE held_ops;
