-- how DataFusion 52 coerces the arguments of coalesce/nvl/nvl2/ifnull/nullif/greatest/least (type union resolution:
-- numbers with numbers, strings fitting any category, no mix of number/boolean/temporal), as GreptimeDB v1.0.0 plans it
-- (datafusion/functions/src/core/{coalesce.rs,nvl.rs,nvl2.rs,nullif.rs,greatest.rs,least.rs,greatest_least_utils.rs},
-- datafusion/expr-common/src/type_coercion/binary.rs type_union_resolution)
SELECT coalesce(NULL, NULL), coalesce(1, 2.5), coalesce(NULL, '7', 1), coalesce('x', 'y');

SELECT coalesce(NULL, 'abc', 1);

SELECT coalesce(true, 'false'), coalesce(NULL, 1, true);

SELECT coalesce('2024-01-01', NULL), coalesce(1, 1.5::FLOAT), coalesce(1::TINYINT, 300);

SELECT nvl(1, 2.5), nvl(NULL, 'x'), nvl('a', 1), ifnull(NULL, NULL), ifnull(2, 3);

SELECT nvl(true, 1);

SELECT nvl2(1, 'a', 'b'), nvl2(NULL, 1, 2.5), nvl2(NULL, 'x', NULL);

SELECT nullif(1, 1.0), nullif('1', 1), nullif(2.5, 1), nullif(NULL, NULL);

SELECT nullif(true, 1);

SELECT greatest(1, '2'), least('10', 9), greatest('b', 'ab'), least(1.5, 2::TINYINT), greatest(NULL, NULL);

SELECT greatest(1, true);

SELECT greatest(), least(1);

CREATE TABLE cc (ts TIMESTAMP TIME INDEX, i8 TINYINT, u32 INT UNSIGNED, f FLOAT, d DOUBLE, s STRING, b BOOLEAN);

INSERT INTO cc VALUES (1000, -1, 7, 1.5, NULL, '3', true), (2000, NULL, NULL, NULL, 2.25, NULL, NULL), (3000, 5, 0, -0.5, 0, 'z', false);

SELECT coalesce(i8, u32), coalesce(f, d), coalesce(i8, f), coalesce(s, 'n'), nvl(u32, i8), greatest(i8, u32), least(f, d) FROM cc ORDER BY ts;

SELECT coalesce(i8, s) FROM cc ORDER BY ts;

SELECT coalesce(b, s), nullif(i8, u32), nvl2(s, i8, f) FROM cc ORDER BY ts;

DROP TABLE cc;
