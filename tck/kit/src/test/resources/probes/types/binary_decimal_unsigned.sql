-- Binary/varbinary columns (hex and string inputs, output), decimals at precision limits, unsigned ints at bounds
-- (GreptimeDB docs: reference/sql/data-types.md "Binary Types", "Decimal Type", "Numeric Types")
CREATE TABLE pbd (k INT, b BINARY, vb VARBINARY, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

INSERT INTO pbd VALUES (1, 'hello', X'CAFE', 1), (2, X'00FF', 'é', 2), (3, NULL, '', 3);

SELECT k, vb FROM pbd WHERE k <> 2 ORDER BY k;

SELECT k, b FROM pbd ORDER BY k;

SELECT k, length(vb), octet_length(b), arrow_typeof(vb), hex(vb) FROM pbd ORDER BY k;

SELECT k FROM pbd WHERE vb = X'CAFE' ORDER BY k;

DROP TABLE pbd;

CREATE TABLE pdec (k INT, d38 DECIMAL(38, 0), d10 DECIMAL(10, 5), d DECIMAL, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

INSERT INTO pdec VALUES (1, 99999999999999999999999999999999999999, 12345.67891, 1.5, 1), (2, -99999999999999999999999999999999999999, -0.00001, NULL, 2);

SELECT k, d38, d10, d, arrow_typeof(d) FROM pdec ORDER BY k;

INSERT INTO pdec VALUES (3, 0, 123456.1, 0, 3);

INSERT INTO pdec VALUES (4, 0, 1.123456789, 0, 4);

SELECT k, d10 FROM pdec WHERE k >= 3 ORDER BY k;

SELECT sum(d38) FROM pdec;

SELECT CAST(1.5 AS DECIMAL(39, 0));

DROP TABLE pdec;

CREATE TABLE puns (k INT, u8 TINYINT UNSIGNED, u16 SMALLINT UNSIGNED, u32 INT UNSIGNED, u64 BIGINT UNSIGNED, ts TIMESTAMP TIME INDEX, PRIMARY KEY(k));

INSERT INTO puns VALUES (1, 255, 65535, 4294967295, 18446744073709551615, 1), (2, 0, 0, 0, 0, 2);

SELECT * FROM puns ORDER BY k;

INSERT INTO puns VALUES (3, 256, 0, 0, 0, 3);

INSERT INTO puns VALUES (4, -1, 0, 0, 0, 4);

SELECT u8 + 1, u64 + 1 FROM puns WHERE k = 1;

SELECT u8 - 1 FROM puns WHERE k = 2;

DROP TABLE puns;
