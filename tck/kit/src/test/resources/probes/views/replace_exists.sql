-- CREATE OR REPLACE VIEW, CREATE VIEW IF NOT EXISTS, duplicate names against views and tables, SHOW CREATE VIEW
-- and information_schema.views (GreptimeDB docs: reference/sql/create.md "CREATE VIEW", reference/sql/show.md)
CREATE TABLE pr_base (k STRING, v INT, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

INSERT INTO pr_base VALUES ('x', 1, 1), ('y', 2, 2), ('z', NULL, 3);

CREATE VIEW pr_v AS SELECT k, v FROM pr_base;

CREATE VIEW pr_v AS SELECT k FROM pr_base;

CREATE VIEW IF NOT EXISTS pr_v AS SELECT k FROM pr_base;

SELECT * FROM pr_v ORDER BY k;

CREATE OR REPLACE VIEW pr_v AS SELECT k, v * 10 AS v10 FROM pr_base WHERE v IS NOT NULL;

SELECT * FROM pr_v ORDER BY k;

SHOW CREATE VIEW pr_v;

SELECT table_name, view_definition FROM information_schema.views WHERE table_name = 'pr_v';

SELECT table_name, table_type FROM information_schema.tables WHERE table_name LIKE 'pr_%' ORDER BY table_name;

CREATE VIEW pr_base AS SELECT 1;

CREATE TABLE pr_v (a INT, ts TIMESTAMP TIME INDEX);

CREATE OR REPLACE VIEW IF NOT EXISTS pr_v AS SELECT 1;

SHOW VIEWS;

DROP VIEW pr_v;

DROP VIEW IF EXISTS pr_v;

DROP VIEW pr_v;

DROP TABLE pr_base;
