-- INSERT ... VALUES literals into integer columns of every width: number, string, boolean, hex, NULL, sign, range
-- (GreptimeDB v1.0.0 src/common/sql/src/convert.rs sql_value_to_value / sql_number_to_value, src/sql/src/statements/insert.rs)
CREATE TABLE ic (ts TIMESTAMP TIME INDEX, i8 TINYINT, u8 TINYINT UNSIGNED, i16 SMALLINT, u16 SMALLINT UNSIGNED, i32 INT, u32 INT UNSIGNED, i64 BIGINT, u64 BIGINT UNSIGNED);

INSERT INTO ic (ts, i8) VALUES (1, '5');

INSERT INTO ic (ts, u64) VALUES (1, '5');

INSERT INTO ic (ts, i16) VALUES (1, 1.5);

INSERT INTO ic (ts, i32) VALUES (1, 1e3);

INSERT INTO ic (ts, i64) VALUES (1, true);

INSERT INTO ic (ts, u16) VALUES (1, -0);

INSERT INTO ic (ts, u32, i16) VALUES (2, +7, -0);

INSERT INTO ic (ts, i64) VALUES (1, 9223372036854775808);

INSERT INTO ic (ts, i64) VALUES (1, -9223372036854775809);

INSERT INTO ic (ts, u64) VALUES (1, 18446744073709551616);

INSERT INTO ic (ts, i32) VALUES (1, X'01');

INSERT INTO ic (ts, i8, u8, u64) VALUES (3, NULL, NULL, NULL);

INSERT INTO ic (ts, i8) VALUES (4, 1), (5, 'x');

INSERT INTO ic (ts, u16) VALUES (4, 1), (5, 70000);

INSERT INTO ic (ts, i16) VALUES (6, 1 + 1);

INSERT INTO ic (ts, i16) VALUES (7, CAST('12' AS SMALLINT));

INSERT INTO ic (ts, i8) VALUES (8, 100 + 100);

INSERT INTO ic (ts, u8) VALUES (9, 0 - 1);

INSERT INTO ic (ts, i32) VALUES (10, 2.7 * 1);

INSERT INTO ic (ts, i64, u64) VALUES (11, "12", 13);

SELECT * FROM ic ORDER BY ts;

DROP TABLE ic;
