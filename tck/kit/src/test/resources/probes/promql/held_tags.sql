-- PromQL through TQL EVAL on disk metrics with three tags (dc, host, dev), two field columns and NULL field values:
-- aggregations by several tags, on/ignoring with group_left and extra labels, scalar()/vector(), range functions
-- not used elsewhere (deriv, idelta, predict_linear, present_over_time), offset, __field__ selection, lookback.
-- Source: GreptimeDB docs "TQL" (reference/sql/tql) and "PromQL" compatibility page, Prometheus query-function docs.
CREATE TABLE held_disk (ts TIMESTAMP(3) TIME INDEX, dc STRING, host STRING, dev STRING, used DOUBLE, iops DOUBLE, PRIMARY KEY (dc, host, dev));

CREATE TABLE held_cap (ts TIMESTAMP(3) TIME INDEX, dc STRING, host STRING, team STRING, val DOUBLE, PRIMARY KEY (dc, host, team));

INSERT INTO held_disk VALUES (0, 'eu', 'h1', 'sda', 10.0, 100.0), (10000, 'eu', 'h1', 'sda', 12.0, NULL), (20000, 'eu', 'h1', 'sda', 15.0, 120.0), (30000, 'eu', 'h1', 'sda', 19.0, 80.0), (0, 'eu', 'h1', 'sdb', 50.0, 5.0), (10000, 'eu', 'h1', 'sdb', 50.0, 6.0), (20000, 'eu', 'h1', 'sdb', NULL, 7.0), (30000, 'eu', 'h1', 'sdb', 49.0, 8.0), (0, 'us', 'h2', 'sda', 70.0, 1.0), (10000, 'us', 'h2', 'sda', 72.5, 2.0), (20000, 'us', 'h2', 'sda', 75.0, 3.0), (30000, 'us', 'h2', 'sda', 80.0, 4.0);

INSERT INTO held_cap VALUES (0, 'eu', 'h1', 'ops', 100.0), (10000, 'eu', 'h1', 'ops', 100.0), (20000, 'eu', 'h1', 'ops', 100.0), (30000, 'eu', 'h1', 'ops', 100.0), (0, 'us', 'h2', 'dba', 200.0), (30000, 'us', 'h2', 'dba', 200.0);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') held_disk{__field__="used"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') held_disk{__field__="iops", dev="sda"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') sum by (dc, host) (held_disk{__field__="used"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') held_disk{__field__="used"} / on(dc, host) group_left(team) held_cap;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') held_disk{__field__="used"} / ignoring(dev) group_left held_cap;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') sum without (dev) (held_disk{__field__="used"}) > bool on(dc, host) held_cap * 0.5;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') deriv(held_disk{__field__="used"}[30s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') idelta(held_disk{__field__="used"}[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (30, 30, '10s') predict_linear(held_disk{__field__="used", dc="us"}[30s], 60);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') present_over_time(held_disk{__field__="used", dev="sdb"}[10s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (10, 30, '10s') min_over_time(held_disk{__field__="used"}[20s]);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (20, 30, '10s') held_disk{__field__="used", dev="sda"} - held_disk{__field__="used", dev="sda"} offset 20s;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') scalar(held_disk{__field__="used"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') scalar(sum(held_cap)) - sum by (dc) (held_disk{__field__="used"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 20, '10s') vector(2) * on() group_left held_cap;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') count by (dc) (held_disk{__field__="used"} > 40);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') -held_disk{__field__="used", host="h2"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') avg by (dev) (held_disk{__field__="used", dc=~"e.*|u.*"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s', '5s') held_cap{dc="us"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '10s') held_disk{__field__="nosuch"};

DROP TABLE held_disk;

DROP TABLE held_cap;
