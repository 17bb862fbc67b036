-- repeat/chr/ascii/to_hex/md5/regexp_*/starts_with/position and friends on multi-byte text, NULL, empty input
-- (DataFusion "Scalar functions" docs: string and regex functions, as registered by GreptimeDB v1.0.0)
SELECT repeat('日本', 3), repeat('x', 0), repeat('ab', -1), repeat(NULL, 2);

SELECT chr(241), chr(26085), ascii('ñ'), ascii('日本'), ascii('');

SELECT chr(1114112);

SELECT to_hex(255), to_hex(-1), to_hex(0), to_hex(9223372036854775807);

SELECT md5('héllo'), md5(''), sha256('日');

SELECT regexp_like('Café', '^caf', 'i'), regexp_like('日本語', '本'), regexp_match('a1b22c333', '[0-9]+'), regexp_replace('a1b22', '[0-9]', '#', 'g');

SELECT regexp_replace('añaña', 'ñ', 'N'), regexp_count('ababab', 'ab'), regexp_like(NULL, 'a');

SELECT regexp_like('abc', '(');

SELECT starts_with('élan', 'é'), ends_with('naïve', 've'), btrim('xxñxx', 'x'), rtrim('añ  '), trim(BOTH 'z' FROM 'zzüzz');

SELECT strpos('ğğğa', 'a'), position('本' IN '日本'), char_length('👍🏽'), bit_length('é'), uuid() IS NOT NULL;

SELECT levenshtein('kitten', 'sitting'), levenshtein('日本', '日'), substr_index('a.b.c', '.', 2), find_in_set('b', 'a,b,c');

CREATE TABLE st (ts TIMESTAMP TIME INDEX, s STRING);

INSERT INTO st VALUES (1000, 'Ärger'), (2000, 'ok'), (3000, '');

SELECT s, repeat(s, 2), to_hex(length(s)), md5(s), regexp_like(s, '^[A-Z]'), ascii(s) FROM st ORDER BY ts;

DROP TABLE st;
