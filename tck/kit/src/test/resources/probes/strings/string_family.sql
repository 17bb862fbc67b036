-- DataFusion's string and unicode functions as GreptimeDB v1.0.0 registers them: multi-byte text, NULL, empty input,
-- limits and wrong argument types (DataFusion 52 datafusion/functions/src/{string,unicode}/ and the "String Functions" docs)
SELECT translate('日本語', '本', 'x'), translate('abcabc', 'ab', 'x'), translate('', 'a', 'b'), translate(NULL, 'a', 'b');

SELECT initcap('hello WORLD foo_bar'), initcap('élan vital'), initcap(''), initcap(NULL), initcap('1st place');

SELECT reverse('añb'), reverse('👍🏽x'), reverse(''), reverse(NULL);

SELECT overlay('Txxxxas' placing 'hom' from 2 for 4), overlay('abc' placing 'zz' from 5), overlay('abcdef' placing 'ñ' from 2 for 0);

SELECT starts_with('', ''), starts_with('abc', ''), ends_with('日本', '本'), starts_with(NULL, 'a'), ends_with('a', NULL);

SELECT find_in_set('', 'a,,b'), find_in_set('c', 'a,b'), find_in_set('é', 'a,é'), find_in_set(NULL, 'a'), find_in_set('a', '');

SELECT levenshtein('', 'abc'), levenshtein('ñu', 'nu'), levenshtein('👍', '👎'), levenshtein(NULL, 'a'), levenshtein('abc', 'abc');

SELECT chr(32), chr(65), chr(1114111), chr(NULL);

SELECT chr(55296);

SELECT chr(-1);

SELECT left('日本語', 2), right('日本語', 2), left('abc', -1), right('abc', -1), left('abc', 0), lpad('日', 3, 'ñ'), rpad('ab', 1);

SELECT strpos('', ''), strpos('abc', ''), substr('日本語', 0, 2), substr('abc', -1, 3), split_part('a,b,c', ',', -1), split_part('a,b', ',', 5);

SELECT initcap(1);

SELECT levenshtein('a');

CREATE TABLE sf (ts TIMESTAMP TIME INDEX, s STRING);

INSERT INTO sf VALUES (1000, 'straße'), (2000, ''), (3000, NULL), (4000, 'a,b');

SELECT s, reverse(s), initcap(s), translate(s, 'ß', 's'), levenshtein(s, 'strasse'), find_in_set('b', s), starts_with(s, 'st') FROM sf ORDER BY ts;

DROP TABLE sf;
