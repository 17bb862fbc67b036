-- ADMIN flush_table / compact_table / flush_region / compact_region: answers, compaction options, missing tables, bad arguments
-- (GreptimeDB v1.0.0 src/common/function/src/admin/flush_compact_table.rs, flush_compact_region.rs; docs: "ADMIN")
CREATE TABLE aprobe (ts TIMESTAMP TIME INDEX, v DOUBLE);

INSERT INTO aprobe VALUES (1000, 1.0), (2000, 2.0);

ADMIN flush_table('aprobe');

ADMIN compact_table('aprobe');

ADMIN compact_table('aprobe', 'regular');

ADMIN compact_table('aprobe', 'strict_window', '3600');

ADMIN compact_table('aprobe', 'swcs', 'window=3600,parallelism=2');

ADMIN compact_table('aprobe', 'strict_window', 'abc');

ADMIN compact_table('aprobe', 'bogus');

ADMIN flush_table('no_such_table');

ADMIN compact_table('no_such_table');

ADMIN flush_table();

ADMIN flush_table(1);

ADMIN flush_region(1);

ADMIN compact_region(1);

SELECT v FROM aprobe ORDER BY ts;

DROP TABLE aprobe;
