-- INSERT ... VALUES literals into FLOAT, DOUBLE, DECIMAL and BOOLEAN columns: integer, fraction, exponent, string, boolean, hex, range
-- (GreptimeDB v1.0.0 src/common/sql/src/convert.rs sql_number_to_value / parse_string_to_value, src/common/sql/src/error.rs)
CREATE TABLE fc (ts TIMESTAMP TIME INDEX, f32 FLOAT, f64 DOUBLE, d DECIMAL(10, 2), b BOOLEAN);

INSERT INTO fc VALUES (1, 1, 1, 1, 1);

INSERT INTO fc VALUES (2, 1.5e2, -2.5, 3.14159, 0);

INSERT INTO fc (ts, f32) VALUES (3, 3.5e38);

INSERT INTO fc (ts, f64) VALUES (4, 1e400);

INSERT INTO fc (ts, f64) VALUES (5, '1.5');

INSERT INTO fc (ts, f32) VALUES (5, true);

INSERT INTO fc (ts, d) VALUES (6, '12.345');

INSERT INTO fc (ts, d) VALUES (7, 'abc');

INSERT INTO fc (ts, d) VALUES (7, 123456789.5);

INSERT INTO fc (ts, d) VALUES (8, -0.005);

INSERT INTO fc (ts, d) VALUES (9, true);

INSERT INTO fc (ts, b) VALUES (10, 2);

INSERT INTO fc (ts, b) VALUES (10, -1);

INSERT INTO fc (ts, b) VALUES (10, 'true');

INSERT INTO fc (ts, b) VALUES (11, false);

INSERT INTO fc (ts, f64) VALUES (12, X'00');

INSERT INTO fc (ts, f32, f64) VALUES (13, -1.5e-3, 0.1);

INSERT INTO fc (ts, f64, b) VALUES (14, 1.0, 1.0);

SELECT * FROM fc ORDER BY ts;

DROP TABLE fc;
