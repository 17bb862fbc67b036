-- other ADMIN functions GreptimeDB v1.0.0 registers: migrate_region, gc_table/gc_regions, build_index, flush_flow,
-- reconcile_table/database/catalog: their answers and errors on a standalone server
-- (GreptimeDB v1.0.0 src/common/function/src/admin.rs and admin/*.rs)
CREATE TABLE oprobe (ts TIMESTAMP TIME INDEX, v DOUBLE);

ADMIN migrate_region(1, 1, 2);

ADMIN gc_table('oprobe');

ADMIN build_index('oprobe');

ADMIN flush_flow('no_such_flow');

ADMIN reconcile_table('oprobe');

ADMIN reconcile_table('no_such_table');

ADMIN no_such_admin_fn('oprobe');

SELECT flush_table('oprobe');

DROP TABLE oprobe;
