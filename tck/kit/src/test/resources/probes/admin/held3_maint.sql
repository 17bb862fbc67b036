-- Administrative and system functions a maintainer runs: flush/compact a table and a region through ADMIN, catalog
-- functions (database(), current_schema(), version()), ADMIN on a missing table, wrong argument counts, and the
-- effect of a flush on the data that is read afterwards.
-- Source: GreptimeDB docs "Admin functions" and "System functions" (reference/sql/functions/overview) (v1.0.0).
CREATE TABLE held3_logs (ts TIMESTAMP TIME INDEX, app STRING PRIMARY KEY, msg STRING);

INSERT INTO held3_logs VALUES (1000, 'api', 'start'), (2000, 'api', 'ready'), (3000, 'job', 'tick');

ADMIN flush_table('held3_logs');

ADMIN compact_table('held3_logs', 'regular');

SELECT app, msg FROM held3_logs ORDER BY ts;

ADMIN flush_table('held3_nosuch');

ADMIN flush_table();

ADMIN compact_table('held3_logs', 'bogus_kind');

SELECT database(), current_schema(), version() IS NOT NULL;

SELECT count(*) FROM information_schema.region_statistics r JOIN information_schema.tables t ON r.table_id = t.table_id WHERE t.table_name = 'held3_logs';

DROP TABLE held3_logs;
