-- What the catalog shows of views: SHOW CREATE VIEW after CREATE OR REPLACE (with and without a column list),
-- information_schema.views and information_schema.columns rows of a view, SHOW TABLES / SHOW FULL TABLES / SHOW
-- VIEWS with LIKE, SHOW COLUMNS of a view (GreptimeDB docs: reference/sql/show.md, reference/sql/information-schema/
-- views.md and columns.md, user-guide/query-data/view.md)
CREATE TABLE mm_base (k STRING, v BIGINT, f FLOAT, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

CREATE VIEW mm_v AS SELECT k, v FROM mm_base;

CREATE OR REPLACE VIEW mm_v (key_name, doubled) AS SELECT k, v * 2 FROM mm_base WHERE v > 0;

SHOW CREATE VIEW mm_v;

CREATE OR REPLACE VIEW mm_v AS SELECT k, f, ts FROM mm_base;

SHOW CREATE VIEW mm_v;

SELECT table_catalog, table_schema, table_name, view_definition, check_option, is_updatable FROM information_schema.views WHERE table_name = 'mm_v';

SELECT column_name, data_type, semantic_type, is_nullable, column_key FROM information_schema.columns WHERE table_name = 'mm_v' ORDER BY column_name;

SELECT table_name, table_type, engine FROM information_schema.tables WHERE table_name LIKE 'mm_%' ORDER BY table_name;

SHOW VIEWS LIKE 'mm_%';

SHOW TABLES LIKE 'mm_%';

SHOW FULL TABLES LIKE 'mm_%';

SHOW COLUMNS FROM mm_v;

SHOW CREATE TABLE mm_v;

DESC mm_v;

DROP VIEW mm_v;

SELECT count(*) FROM information_schema.views WHERE table_name = 'mm_v';

DROP TABLE mm_base;
