-- views with expressions, casts in filters on view columns, views over views, invalid view references
-- (GreptimeDB docs: "View" (CREATE VIEW, SHOW CREATE VIEW, DROP VIEW); CAST semantics from DataFusion docs)
CREATE TABLE vb (ts TIMESTAMP TIME INDEX, code STRING, amount DOUBLE, qty INT);

INSERT INTO vb VALUES (1000, '007', 12.75, 3), (2000, '10', -1.5, NULL), (3000, 'x9', 100.0, 40), (4000, NULL, 0.0, 0);

CREATE VIEW vb_big AS SELECT ts, code, amount * qty AS total, CAST(amount AS INT) AS whole FROM vb WHERE qty > 0;

SELECT * FROM vb_big ORDER BY ts;

SELECT code, total FROM vb_big WHERE CAST(total AS BIGINT) >= 38 ORDER BY ts;

CREATE VIEW vb_top AS SELECT code, whole FROM vb_big WHERE whole::STRING LIKE '1%';

SELECT * FROM vb_top ORDER BY code;

SELECT count(*) FROM vb WHERE TRY_CAST(code AS INT) IS NULL;

SELECT code FROM vb WHERE CAST(code AS INT) > 5 ORDER BY ts;

SELECT code FROM vb WHERE code::DOUBLE > 5 AND code NOT LIKE 'x%' ORDER BY ts;

SELECT ts FROM vb WHERE ts::BIGINT BETWEEN 1500 AND 3500 ORDER BY ts;

SELECT amount FROM vb WHERE amount::STRING = '12.75' OR qty::BOOLEAN ORDER BY ts;

CREATE OR REPLACE VIEW vb_top AS SELECT code FROM vb ORDER BY code;

SELECT * FROM vb_top ORDER BY code;

SHOW COLUMNS FROM vb_big;

CREATE VIEW vb_bad AS SELECT nope FROM vb;

DROP VIEW vb_top;

DROP VIEW vb_big;

DROP VIEW IF EXISTS vb_missing;

DROP TABLE vb;
