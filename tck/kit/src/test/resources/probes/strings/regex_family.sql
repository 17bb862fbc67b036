-- DataFusion's regex functions as GreptimeDB v1.0.0 registers them: flags, NULLs, multi-byte text, column inputs, bad
-- patterns and flags (DataFusion 52 datafusion/functions/src/regex/{regexplike.rs,regexpmatch.rs,regexpreplace.rs,
-- regexpcount.rs,regexpinstr.rs} and the "Regular Expression Functions" docs)
SELECT regexp_like('ABC', 'b', 'i'), regexp_like('a\nb', '^b$', 'm'), regexp_like('a\nb', 'a.b', 's'), regexp_like('abc', 'B');

SELECT regexp_like('x', 'x', NULL), regexp_like(NULL, 'x', 'i'), regexp_like('x', NULL);

SELECT regexp_like('abc', 'a', 'g');

SELECT regexp_like('abc', 'a', 'z');

SELECT regexp_match('Foo Bar', '([a-z]+) ([a-z]+)', 'i'), regexp_match('aXbX', '(x)', 'i'), regexp_match('abc', 'z'), regexp_match(NULL, 'a');

SELECT regexp_replace('Hello World', 'o', '0'), regexp_replace('Hello World', 'O', '0', 'gi'), regexp_replace('abc', '(b)', '[$1]'), regexp_replace('abc', '(?P<x>b)', '<${x}>');

SELECT regexp_replace('añb', '[ñ]', '-', 'g'), regexp_replace(NULL, 'a', 'b'), regexp_replace('a', NULL, 'b'), regexp_replace('a', 'a', NULL);

SELECT regexp_count('abcabc', 'b'), regexp_count('abcabc', 'B', 1, 'i'), regexp_count('abcabc', 'b', 3), regexp_count('日本日本', '本'), regexp_count(NULL, 'a');

SELECT regexp_count('abc', 'b', 0);

SELECT regexp_instr('abcabc', 'c'), regexp_instr('abcabc', 'c', 4), regexp_instr('abcabc', 'c', 1, 2), regexp_instr('abc', 'z'), regexp_instr('日本語', '語');

SELECT regexp_replace('abc', '[', 'x');

SELECT regexp_match('abc', '(?<');

SELECT regexp_count('abc', 'a{2,1}');

CREATE TABLE rx (ts TIMESTAMP TIME INDEX, s STRING, p STRING);

INSERT INTO rx VALUES (1000, 'Apple pie', '^a'), (2000, 'banana', 'an'), (3000, NULL, 'x'), (4000, 'ÉCOLE', 'é');

SELECT s, regexp_like(s, p), regexp_like(s, p, 'i'), regexp_count(s, p), regexp_replace(s, p, '_', 'g'), regexp_match(s, p, 'i') FROM rx ORDER BY ts;

DROP TABLE rx;
