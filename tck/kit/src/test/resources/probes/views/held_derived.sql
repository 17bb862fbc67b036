-- Views a dashboard would define over an order table: derived columns (CASE, window functions, casts, aggregates with
-- HAVING), a join of two views, a view over a view with a column list, information_schema rows for them, errors
-- after the base table changes, and a view over TQL. Source: GreptimeDB docs "View" (user-guide/query-data/view) and
-- "CREATE" / "SHOW" / "information_schema" reference pages (v1.0).
CREATE TABLE held_orders (ts TIMESTAMP TIME INDEX, shop STRING PRIMARY KEY, amount DOUBLE, qty INT);

INSERT INTO held_orders VALUES (1000, 'north', 20.0, 2), (2000, 'north', 35.5, 1), (3000, 'south', 5.0, NULL), (4000, 'south', 120.0, 10), (5000, 'öst', NULL, 3);

CREATE VIEW held_sized AS SELECT ts, shop, amount, CASE WHEN amount >= 100 THEN 'large' WHEN amount >= 20 THEN 'medium' ELSE 'small' END AS size, CAST(qty AS DOUBLE) / 2 AS half FROM held_orders;

SELECT * FROM held_sized ORDER BY ts;

CREATE VIEW held_running AS SELECT shop, ts, sum(amount) OVER (PARTITION BY shop ORDER BY ts) AS running, row_number() OVER (ORDER BY ts DESC) AS rn FROM held_orders;

SELECT * FROM held_running ORDER BY ts;

CREATE VIEW held_per_shop (shop_name, total, n) AS SELECT shop, sum(amount), count(*) FROM held_orders GROUP BY shop HAVING count(*) > 1;

SELECT * FROM held_per_shop ORDER BY shop_name;

SELECT s.shop, s.size, p.total FROM held_sized s JOIN held_per_shop p ON s.shop = p.shop_name WHERE s.size <> 'small' ORDER BY s.ts;

CREATE VIEW held_large (k, amt) AS SELECT shop, amount FROM held_sized WHERE size = 'large';

SELECT * FROM held_large;

SELECT table_name, table_type FROM information_schema.tables WHERE table_name LIKE 'held_%' ORDER BY table_name;

SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_name IN ('held_per_shop', 'held_large') ORDER BY table_name, column_name;

SHOW CREATE VIEW held_large;

ALTER TABLE held_orders DROP COLUMN qty;

SELECT * FROM held_sized ORDER BY ts;

SELECT * FROM held_large;

CREATE VIEW held_tql AS TQL EVAL (0, 4, '2s') held_orders{__field__="amount"};

DROP VIEW IF EXISTS held_tql;

DROP VIEW held_large;

DROP VIEW held_per_shop;

DROP VIEW held_running;

DROP VIEW held_sized;

DROP TABLE held_orders;
