-- PromQL over a table with two field columns: functions, operators and aggregations apply to every field
-- (src/query/src/promql/planner.rs v1.0.0: one value column per field through each plan node; a function's
-- empty-values filter drops a row when any field is NULL; "filter on multi-value input" for a bare comparison)
CREATE TABLE fw_two (host STRING, dc STRING, ts TIMESTAMP TIME INDEX, a DOUBLE, b DOUBLE, PRIMARY KEY(host, dc));

INSERT INTO fw_two VALUES ('h1', 'x', 0, 1.5, NULL), ('h1', 'x', 5000, -2, 20), ('h1', 'x', 10000, 3, -30), ('h2', 'y', 0, NULL, NULL), ('h2', 'y', 5000, 5, 7), ('h2', 'y', 10000, 6, NULL), ('h3', 'y', 5000, 8, 9);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') fw_two * 2;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') 10 - fw_two;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') -fw_two;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') abs(fw_two) + 1;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') sqrt(abs(fw_two));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') clamp(fw_two, 0, 6);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') sum by (dc) (fw_two);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') count(fw_two);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') max without (host) (fw_two);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') sum(abs(fw_two));

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') avg by (dc) (fw_two * 10);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') fw_two >= bool 3;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') fw_two + fw_two;

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') label_replace(fw_two, "node", "n-$1", "host", "h(.)");

TQL EVAL (0, 10, '5s') fw_two > 2;

TQL EVAL (0, 10, '5s') bottomk(1, fw_two);

-- SQLNESS SORT_RESULT 3 1
TQL EVAL (0, 10, '5s') fw_two{__field__="b"} / 2;

DROP TABLE fw_two;
