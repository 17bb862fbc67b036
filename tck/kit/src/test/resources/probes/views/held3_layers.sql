-- Views as a user layers them: derived and aliased columns, an aggregate view, a view over a view, a view joining a
-- table, column lists on CREATE VIEW, errors (missing table, column count mismatch, inserting into a view, dropping a
-- table still used), SHOW CREATE VIEW, DESC VIEW, information_schema.views and .columns rows for views.
-- Source: GreptimeDB docs "View" (user-guide/query-data/view) and reference/sql/create "CREATE VIEW" (v1.0.0).
CREATE TABLE held3_sales (ts TIMESTAMP TIME INDEX, store STRING, item STRING, qty INT, price DOUBLE, PRIMARY KEY (store, item));

INSERT INTO held3_sales VALUES (1000, 's1', 'pen', 3, 1.5), (2000, 's1', 'ink', 1, 7.25), (3000, 's2', 'pen', 10, 1.25), (4000, 's2', 'pad', NULL, 3.0);

CREATE VIEW held3_lines AS SELECT ts, store, item, qty * price AS amount, upper(item) AS item_uc FROM held3_sales;

SELECT store, item_uc, amount FROM held3_lines ORDER BY ts;

CREATE VIEW held3_by_store (shop, revenue, n) AS SELECT store, sum(amount), count(*) FROM held3_lines GROUP BY store;

SELECT * FROM held3_by_store ORDER BY shop;

SELECT shop FROM held3_by_store WHERE revenue > 10 ORDER BY shop;

CREATE VIEW held3_bad (a, b) AS SELECT store FROM held3_sales;

CREATE VIEW held3_ghost AS SELECT * FROM held3_no_such_table;

INSERT INTO held3_lines VALUES (5000, 's3', 'pen', 1.0, 'PEN');

SHOW CREATE VIEW held3_by_store;

DESC VIEW held3_lines;

SELECT table_name, view_definition FROM information_schema.views WHERE table_name LIKE 'held3%' ORDER BY table_name;

SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_name = 'held3_by_store' ORDER BY column_name;

SELECT table_name, table_type FROM information_schema.tables WHERE table_name LIKE 'held3%' ORDER BY table_name;

SELECT l.item, b.revenue FROM held3_lines l JOIN held3_by_store b ON l.store = b.shop ORDER BY l.ts;

DROP VIEW held3_by_store;

SELECT * FROM held3_by_store;

DROP VIEW held3_lines;

DROP VIEW IF EXISTS held3_lines;

DROP TABLE held3_sales;
