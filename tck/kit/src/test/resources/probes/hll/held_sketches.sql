-- Approximate aggregates over a page-view table: hll and uddsketch states per time bucket (date_bin) and per tag,
-- merged across groups with hll_merge/uddsketch_merge, counted and queried at several quantiles. Source: GreptimeDB
-- docs "Approximate Functions" (reference/sql/functions/approximate) and src/common/function/src/aggrs/approximate.
CREATE TABLE held_views (ts TIMESTAMP TIME INDEX, page STRING PRIMARY KEY, visitor STRING, ms DOUBLE, n INT);

INSERT INTO held_views VALUES (0, '/home', 'ana', 120.0, 1), (30000, '/home', 'bob', 80.0, 2), (60000, '/home', 'ana', 95.5, 1), (90000, '/home', 'čeněk', 300.0, 3), (0, '/docs', 'bob', 10.0, 2), (45000, '/docs', 'dana', 20.0, 4), (70000, '/docs', 'dana', 30.0, 4), (100000, '/docs', NULL, NULL, NULL), (110000, '/about', 'ana', 5.0, 1);

SELECT date_bin(INTERVAL '1 minute', ts) AS t, hll_count(hll(visitor)) FROM held_views GROUP BY t ORDER BY t;

SELECT page, hll_count(hll(visitor)), hll_count(hll(n)) FROM held_views GROUP BY page ORDER BY page;

SELECT hll_count(hll_merge(h)) FROM (SELECT date_bin(INTERVAL '1 minute', ts) AS t, hll(visitor) AS h FROM held_views GROUP BY t);

SELECT page, round(uddsketch_calc(0.5, uddsketch_state(64, 0.05, ms)), 0), round(uddsketch_calc(0.99, uddsketch_state(64, 0.05, ms)), 0) FROM held_views GROUP BY page ORDER BY page;

SELECT round(uddsketch_calc(0.9, uddsketch_merge(64, 0.05, s)), 0) FROM (SELECT page, uddsketch_state(64, 0.05, ms) AS s FROM held_views GROUP BY page);

SELECT round(uddsketch_calc(0.5, uddsketch_state(128, 0.01, n)), 1) FROM held_views;

SELECT uddsketch_calc(1.5, uddsketch_state(64, 0.05, ms)) FROM held_views;

SELECT uddsketch_calc(0.5, uddsketch_state(64, 0.05, ms)) FROM held_views WHERE page = '/about';

SELECT hll_count(hll(visitor)) FROM held_views WHERE visitor IS NULL;

SELECT hll_count(hll(ms)) FROM held_views;

SELECT hll_merge(visitor) FROM held_views;

DROP TABLE held_views;
