-- INSERT ... SELECT and expression VALUES: the query's values are cast to the target columns' types by the query engine
-- (GreptimeDB v1.0.0 src/operator/src/statement.rs insert with a query body; src/sql/src/statements/insert.rs can_extract_values)
CREATE TABLE src (ts TIMESTAMP TIME INDEX, s STRING, big BIGINT, f DOUBLE);

INSERT INTO src VALUES (1, '42', 300, 1.7), (2, 'x', -5, -0.5);

CREATE TABLE dst (ts TIMESTAMP TIME INDEX, i8 TINYINT, u8 TINYINT UNSIGNED, i32 INT, s STRING);

INSERT INTO dst (ts, i32) SELECT ts, s FROM src WHERE ts = 1;

INSERT INTO dst (ts, i32) SELECT CAST(ts AS BIGINT) + 10, s FROM src;

INSERT INTO dst (ts, i8) SELECT CAST(ts AS BIGINT) + 20, big FROM src;

INSERT INTO dst (ts, u8) SELECT CAST(ts AS BIGINT) + 30, big FROM src WHERE ts = 2;

INSERT INTO dst (ts, i32) SELECT CAST(ts AS BIGINT) + 40, f FROM src;

INSERT INTO dst (ts, s) SELECT CAST(ts AS BIGINT) + 50, big FROM src;

INSERT INTO dst (ts, i32, s) VALUES (60, 1 + 1, 'a'), (61, 7, 'b');

INSERT INTO dst (ts, i8) VALUES (62, 1), (63, 500 + 0);

SELECT * FROM dst ORDER BY ts;

DROP TABLE dst;

DROP TABLE src;
