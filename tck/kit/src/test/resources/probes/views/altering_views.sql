-- Statements GreptimeDB refuses on a view: DROP TABLE, ALTER, DELETE, TRUNCATE, INSERT; a view whose base table
-- was dropped; DROP VIEW on a table (GreptimeDB docs: user-guide/query-data/view.md; src/operator/src/statement/ddl.rs).
-- The route errors name the view's table id, which counts the tables created before: replaced, as GreptimeDB's own cases do.
CREATE TABLE pe_base (k STRING, v INT, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

INSERT INTO pe_base VALUES ('x', 1, 1);

CREATE VIEW pe_v AS SELECT k, v, ts FROM pe_base;

-- SQLNESS REPLACE (table\sid\s)\d+ ${1}TABLE_ID
DROP TABLE pe_v;

-- SQLNESS REPLACE (table\sid\s)\d+ ${1}TABLE_ID
ALTER TABLE pe_v ADD COLUMN w INT;

DELETE FROM pe_v WHERE k = 'x';

-- SQLNESS REPLACE (table\sid\s)\d+ ${1}TABLE_ID
TRUNCATE TABLE pe_v;

INSERT INTO pe_v VALUES ('y', 2, 2);

DROP VIEW pe_base;

SELECT * FROM pe_v ORDER BY k;

DROP TABLE pe_base;

SELECT * FROM pe_v;

DROP VIEW pe_v;

SELECT * FROM pe_v;
