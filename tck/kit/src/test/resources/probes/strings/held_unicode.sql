-- Text functions on non-ASCII strings: GreptimeDB's MySQL-style string functions (locate, elt, field, insert, space,
-- format) and regexp_extract, plus DataFusion's overlay/substring/contains/instr/encode and LIKE/ILIKE, on literals
-- and on a table of multilingual labels. Source: GreptimeDB docs "GreptimeDB Functions" (String Functions) and
-- DataFusion docs "Scalar Functions" (String Functions).
SELECT locate('語', '日本語日本語'), locate('語', '日本語日本語', 4), locate('x', 'ñandú'), locate('', 'abc');

SELECT elt(1, 'α', 'β'), elt(3, 'α', 'β'), elt(0, 'α'), field('β', 'α', 'β', 'γ'), field('δ', 'α', 'β');

SELECT insert('Grüße', 3, 2, 'ÜẞE'), insert('日本語', 2, 1, 'x'), insert('abc', 10, 1, 'z'), concat('[', space(3), ']');

SELECT format(1234567.891, 2), format(-0.5, 0), format(1e3, 3);

SELECT regexp_extract('prix: 42€ ou 7€', '[0-9]+€'), regexp_extract('日本語', '[a-z]+'), regexp_extract(NULL, 'a');

SELECT overlay('añb' placing 'x' from 1 for 1), substring('Ünïcödé' from 3 for 2), substring('Ünïcödé' from 6);

SELECT contains('Crème brûlée', 'brû'), instr('façade', 'ç'), 'añ' || NULL || 'b', 'añ' || 'b' || 'ç';

SELECT encode('é', 'base64'), encode('日本', 'hex'), decode('w6k=', 'base64');

SELECT lower('ΟΔΟΣ'), upper('ıi'), length(upper('ß')), initcap('ǳemal ﬀ');

CREATE TABLE held_labels (ts TIMESTAMP TIME INDEX, lang STRING PRIMARY KEY, label STRING);

INSERT INTO held_labels VALUES (1000, 'de', 'Äpfel'), (2000, 'de', 'apfel'), (3000, 'es', 'Ñandú'), (4000, 'el', 'Ελλάδα'), (5000, 'ja', 'りんご'), (6000, 'ja', NULL), (7000, 'en', '');

SELECT label, octet_length(label), char_length(label), locate('a', label), insert(label, 1, 1, '*') FROM held_labels ORDER BY ts;

SELECT label FROM held_labels WHERE label LIKE '_pfel' OR label ILIKE 'ñ%' OR label LIKE '%λλ%' ORDER BY ts;

SELECT label FROM held_labels WHERE label IS NOT NULL ORDER BY label;

SELECT lang, min(label), max(label), string_agg(label, '|' ORDER BY ts) FROM held_labels GROUP BY lang ORDER BY lang;

SELECT elt('x', 'a');

DROP TABLE held_labels;
