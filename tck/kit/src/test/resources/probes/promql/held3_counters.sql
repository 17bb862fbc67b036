-- PromQL range functions through TQL EVAL over a request counter with a reset, a gauge field with NULLs and two tags:
-- rate/irate/increase/delta/changes, the *_over_time family (avg, sum, count, max, last, stddev), offset inside and
-- outside range selectors, aggregation over range results, windows without samples.
-- Source: GreptimeDB docs "TQL" and "PromQL" compatibility; Prometheus docs "Query functions".
CREATE TABLE held3_ctr (ts TIMESTAMP(3) TIME INDEX, app STRING, az STRING, total DOUBLE, reading DOUBLE, PRIMARY KEY (app, az));

INSERT INTO held3_ctr VALUES (0, 'shop', 'z1', 0.0, 20.0), (10000, 'shop', 'z1', 30.0, NULL), (20000, 'shop', 'z1', 60.0, 22.0), (30000, 'shop', 'z1', 10.0, 23.0), (40000, 'shop', 'z1', 40.0, 21.0), (0, 'shop', 'z2', 100.0, 30.0), (10000, 'shop', 'z2', 110.0, 31.0), (20000, 'shop', 'z2', 120.0, 29.0), (30000, 'shop', 'z2', 130.0, NULL), (40000, 'shop', 'z2', 140.0, 28.0), (0, 'blog', 'z1', 5.0, 15.0), (40000, 'blog', 'z1', 9.0, 16.0);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') rate(held3_ctr{__field__="total"}[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') irate(held3_ctr{__field__="total"}[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (40, 40, '10s') increase(held3_ctr{__field__="total", app="shop"}[40s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') delta(held3_ctr{__field__="reading"}[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (40, 40, '10s') changes(held3_ctr{__field__="reading"}[40s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 40, '10s') avg_over_time(held3_ctr{__field__="reading"}[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 40, '15s') sum_over_time(held3_ctr{__field__="reading", az="z1"}[30s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 40, '10s') count_over_time(held3_ctr{__field__="reading"}[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') max_over_time(held3_ctr{__field__="total"}[20s] offset 10s);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '20s') last_over_time(held3_ctr{__field__="reading"}[15s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (40, 40, '10s') round(stddev_over_time(held3_ctr{__field__="reading"}[40s]), 0.001);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') sum by (az) (increase(held3_ctr{__field__="total"}[20s]));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') held3_ctr{__field__="total"} - held3_ctr{__field__="total"} offset 20s;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') rate(held3_ctr{__field__="total", app="blog"}[5s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 40, '10s') rate(held3_ctr{__field__="total"});

DROP TABLE held3_ctr;
