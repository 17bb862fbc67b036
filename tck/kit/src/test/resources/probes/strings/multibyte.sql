-- length/substr/left/right/lpad/rpad/reverse/strpos/split_part/concat_ws/replace/translate on multi-byte text, NULL, empty
-- (DataFusion string and unicode function docs, as registered by GreptimeDB v1.0.0; GreptimeDB docs: SQL functions)
SELECT substr('héllo wörld', 2, 4), substr('日本語テキスト', 3), left('日本語', 2), right('日本語', 2);

SELECT lpad('äb', 5, 'ü'), rpad('日', 3, '本'), lpad('abcdef', 3), rpad('x', 0, 'y');

SELECT reverse('añb日'), strpos('日本語', '語'), strpos('abc', ''), strpos('abc', 'z');

SELECT split_part('α,β,γ', ',', 2), split_part('α,β,γ', ',', 5), split_part('a,b', ',', -1);

SELECT concat_ws('·', 'a', NULL, 'ç'), concat('x', NULL, 'ÿ'), replace('ääbää', 'ä', 'ae'), translate('añb', 'ñ', 'n');

SELECT substr('abc', 0, 2), substr('abc', -1, 3), substr('', 1, 1), left('abc', -1), right('abc', -1);

SELECT length(''), length(NULL), substr(NULL, 1), lpad(NULL, 3, 'x'), reverse(''), initcap(''), btrim('  ü  '), ltrim('xxäx', 'x');

SELECT upper('ǆemal'), lower('İ'), initcap('hello-wORLD o''neil'), upper('ﬁ');

SELECT substr('abc', 1, -1);

SELECT split_part('a,b', ',', 0);

CREATE TABLE sprobe (ts TIMESTAMP TIME INDEX, s STRING);

INSERT INTO sprobe VALUES (1000, 'Ünïcödé'), (2000, ''), (3000, NULL), (4000, '東京タワー');

SELECT s, length(s), upper(s), lower(s), reverse(s), substr(s, 2, 2), left(s, 1), strpos(s, 'ö') FROM sprobe ORDER BY ts;

DROP TABLE sprobe;
