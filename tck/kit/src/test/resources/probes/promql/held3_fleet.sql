-- PromQL through TQL EVAL over a fleet table with three tags (area, node, svc) and two fields (mem, conns, with
-- NULLs): regex and negative matchers, aggregations by/without several tags, comparison filters between vectors,
-- arithmetic with on/ignoring and group_left/group_right, scalar() of a multi-series vector, vector(), math
-- functions on vectors, count_values and sort.
-- Source: GreptimeDB docs "TQL" (reference/sql/tql) and "PromQL" compatibility; Prometheus docs "Operators" and
-- "Query functions".
CREATE TABLE held3_node (ts TIMESTAMP(3) TIME INDEX, area STRING, node STRING, svc STRING, mem DOUBLE, conns DOUBLE, PRIMARY KEY (area, node, svc));

CREATE TABLE held3_quota (ts TIMESTAMP(3) TIME INDEX, area STRING, node STRING, quota DOUBLE, PRIMARY KEY (area, node));

INSERT INTO held3_node VALUES (0, 'ap', 'n1', 'web', 1.5, 10.0), (15000, 'ap', 'n1', 'web', 2.5, NULL), (30000, 'ap', 'n1', 'web', 3.0, 14.0), (0, 'ap', 'n1', 'db', 8.0, 3.0), (15000, 'ap', 'n1', 'db', NULL, 4.0), (30000, 'ap', 'n1', 'db', 9.0, 5.0), (0, 'sa', 'n2', 'web', 0.5, 1.0), (15000, 'sa', 'n2', 'web', 0.75, 2.0), (30000, 'sa', 'n2', 'web', 1.0, 3.0);

INSERT INTO held3_quota VALUES (0, 'ap', 'n1', 16.0), (15000, 'ap', 'n1', 16.0), (30000, 'ap', 'n1', 12.0), (0, 'sa', 'n2', 4.0), (30000, 'sa', 'n2', 4.0);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') held3_node{__field__="conns", svc!="db"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') held3_node{__field__="mem", area=~"a.*", svc!~"w.b"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') max without (svc) (held3_node{__field__="mem"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') count by (area, node) (held3_node{__field__="conns"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') held3_quota * on(area, node) group_right held3_node{__field__="mem"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') sum by (area, node) (held3_node{__field__="mem"}) / ignoring() held3_quota;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') held3_node{__field__="mem"} > on(area, node) group_left held3_quota / 4;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') held3_node{__field__="mem"} % 2 + held3_node{__field__="mem"} ^ 2;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') scalar(held3_quota) + vector(1);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') ceil(held3_node{__field__="mem"}) - abs(-held3_node{__field__="mem"});

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') min by (svc) (held3_node{__field__="conns"}) != bool 3;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') sum(held3_node{__field__="conns"}) without (area, node);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') held3_node{__field__="nosuch"};

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 30, '15s') held3_missing_metric;

DROP TABLE held3_node;

DROP TABLE held3_quota;
