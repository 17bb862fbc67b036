-- coalesce/nullif/nvl/CASE/greatest/least with mixed argument types, NULL-only arguments, table columns
-- (DataFusion "Conditional functions" docs; SQL CASE expression, as planned by GreptimeDB v1.0.0)
SELECT coalesce(NULL, 2, 3), coalesce(NULL, NULL), coalesce(NULL, 'a', 1), coalesce(1, 2.5);

SELECT nullif(1, 1), nullif(1, 2), nullif('a', NULL), nullif(NULL, 1);

SELECT CASE WHEN 1 > 0 THEN 1 ELSE 2.5 END, CASE 3 WHEN 1 THEN 'one' WHEN 3 THEN 'three' END, CASE WHEN NULL THEN 'x' ELSE 'y' END;

SELECT CASE WHEN true THEN 1 ELSE 'a' END;

SELECT greatest(1, 2.5, -3), least('b', 'a', 'c'), greatest(NULL, 1), least(NULL, NULL);

SELECT nvl(NULL, 5), nvl2(NULL, 'x', 'y'), ifnull(NULL, 'z'), coalesce();

SELECT coalesce(1, 'x', true);

CREATE TABLE ct (ts TIMESTAMP TIME INDEX, a INT, b DOUBLE, s STRING);

INSERT INTO ct VALUES (1000, 1, NULL, 'p'), (2000, NULL, 2.5, NULL), (3000, NULL, NULL, '');

SELECT coalesce(a, b), coalesce(s, 'none'), nullif(s, ''), CASE WHEN a IS NULL THEN b ELSE a END, CASE s WHEN 'p' THEN 1 WHEN '' THEN 0 ELSE -1 END FROM ct ORDER BY ts;

SELECT count(*) FROM ct WHERE coalesce(a, 0) = 0;

DROP TABLE ct;
