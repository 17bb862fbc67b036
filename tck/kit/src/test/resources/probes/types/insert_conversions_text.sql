-- INSERT ... VALUES literals into STRING, BINARY, DATE, TIMESTAMP, JSON and VECTOR columns: number, string, boolean, hex
-- (GreptimeDB v1.0.0 src/common/sql/src/convert.rs parse_string_to_value / parse_hex_string; docs "Data types")
CREATE TABLE tc (ts TIMESTAMP TIME INDEX, s STRING, bin BINARY, d DATE, j JSON, v VECTOR(2));

INSERT INTO tc (ts, s) VALUES (1, 5);

INSERT INTO tc (ts, s) VALUES (1, true);

INSERT INTO tc (ts, s) VALUES (1, X'6869');

INSERT INTO tc (ts, s) VALUES (2, 'héllo'), (3, '');

INSERT INTO tc (ts, bin) VALUES (4, 'abc'), (5, X'00ff');

INSERT INTO tc (ts, bin) VALUES (6, 12);

INSERT INTO tc (ts, bin) VALUES (6, X'0');

INSERT INTO tc (ts, bin) VALUES (6, X'zz');

INSERT INTO tc (ts, d) VALUES (7, '2024-02-29');

INSERT INTO tc (ts, d) VALUES (8, 20240229);

INSERT INTO tc (ts, d) VALUES (8, '2024-02-30');

INSERT INTO tc (ts, d) VALUES (8, true);

INSERT INTO tc (ts, j) VALUES (9, '{"a": 1}');

INSERT INTO tc (ts, j) VALUES (10, 1);

INSERT INTO tc (ts, j) VALUES (10, X'01');

INSERT INTO tc (ts, j) VALUES (10, 'not json');

INSERT INTO tc (ts, v) VALUES (11, '[1, 2]');

INSERT INTO tc (ts, v) VALUES (12, 1);

INSERT INTO tc (ts, s) VALUES (13, "dq");

INSERT INTO tc (ts, s) VALUES (true, 'x');

INSERT INTO tc (ts, s) VALUES (1.5, 'x');

INSERT INTO tc (ts, s) VALUES ('14', 'fourteen');

SELECT ts, s, bin, d, j, v FROM tc ORDER BY ts;

DROP TABLE tc;
