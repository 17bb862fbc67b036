-- String functions applied to a column of multilingual names (Latin with diacritics, Greek, CJK, emoji, empty, NULL):
-- lengths in characters vs bytes, slicing and padding across multi-byte characters, case mapping, searching,
-- splitting, LIKE/ILIKE, GROUP BY on a computed prefix, string_agg with ORDER BY.
-- Source: DataFusion docs "Scalar functions: string functions"; GreptimeDB docs "SQL functions" (v1.0.0).
CREATE TABLE held3_names (ts TIMESTAMP TIME INDEX, pid INT PRIMARY KEY, full_name STRING);

INSERT INTO held3_names VALUES (1000, 1, 'Zoë Ångström'), (2000, 2, 'Δημήτρης'), (3000, 3, '北京市 朝阳区'), (4000, 4, 'naïve café'), (5000, 5, '🙂 smile'), (6000, 6, ''), (7000, 7, NULL);

SELECT pid, char_length(full_name), octet_length(full_name), bit_length(full_name) FROM held3_names ORDER BY pid;

SELECT pid, upper(full_name), lower(full_name) FROM held3_names ORDER BY pid;

SELECT pid, left(full_name, 3), right(full_name, 2), substr(full_name, 2, 3) FROM held3_names ORDER BY pid;

SELECT pid, lpad(full_name, 10, '·'), rpad(full_name, 4, 'ß') FROM held3_names ORDER BY pid;

SELECT pid, strpos(full_name, 'ö'), position('区' IN full_name), reverse(full_name) FROM held3_names ORDER BY pid;

SELECT pid, split_part(full_name, ' ', 2), initcap(full_name) FROM held3_names ORDER BY pid;

SELECT left(full_name, 1) AS initial, count(*) FROM held3_names GROUP BY initial ORDER BY initial;

SELECT pid FROM held3_names WHERE full_name LIKE '%é' OR full_name ILIKE 'ΔΗΜ%' ORDER BY pid;

SELECT pid, replace(full_name, 'ö', 'oe'), translate(full_name, 'ëï', 'ei') FROM held3_names ORDER BY pid;

SELECT string_agg(full_name, ' | ' ORDER BY pid DESC) FROM held3_names WHERE pid < 4;

SELECT pid, concat(full_name, '✓'), concat_ws('→', full_name, 'x', NULL) FROM held3_names ORDER BY pid;

SELECT ascii('Ω'), chr(937), starts_with('Ärger', 'Ä'), ends_with('Ärger', 'R');

SELECT btrim('··x··', '·'), ltrim('  ж  '), rtrim('ж  '), length(rtrim('ж  '));

SELECT substr('日本語', 0, 2), substr('日本語', -1), substr('日本語', 2, -1);

SELECT lpad('abc', -1), repeat('ü', 3), repeat('ü', -1);

DROP TABLE held3_names;
