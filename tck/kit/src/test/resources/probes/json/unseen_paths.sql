-- json_get_* on nested objects and array indexes, json_path_* with filters and wildcards, JSON from a table column
-- (GreptimeDB docs: "JSON functions"; GreptimeDB v1.0.0 src/common/function/src/scalars/json/)
SELECT json_get_int(parse_json('{"a": {"b": {"c": 42}}}'), 'a.b.c'), json_get_string(parse_json('{"x": {"y": "ñandú"}}'), 'x.y');

SELECT json_get_int(parse_json('{"arr": [10, 20, 30]}'), 'arr[1]'), json_get_int(parse_json('{"arr": [10, 20, 30]}'), 'arr[5]');

SELECT json_get_float(parse_json('[1.5, [2.5, 3.5]]'), '[1][0]'), json_get_bool(parse_json('{"a": [false, true]}'), 'a[1]');

SELECT json_get_string(parse_json('{"a": {"b": null}}'), 'a.b'), json_get_int(parse_json('{"a": {}}'), 'a.b.c');

SELECT json_get_int(parse_json('{"a b": 1}'), 'a b'), json_get_int(parse_json('{"a": 1}'), '');

SELECT json_path_exists(parse_json('{"a": [{"b": 1}, {"c": 2}]}'), '$.a[*].c'), json_path_exists(parse_json('{"a": [{"b": 1}]}'), '$.a[0].z');

SELECT json_path_match(parse_json('{"n": [1, 5, 9]}'), 'exists($.n[*] ? (@ > 8))'), json_path_match(parse_json('{"s": "abc"}'), '$.s == "abc"');

SELECT json_path_match(parse_json('{"n": 3}'), '$.n');

SELECT json_path_exists(parse_json('{"a": 1}'), 'not a path');

SELECT json_to_string(parse_json('{"z": [1, {"y": "é"}], "a": null}'));

SELECT json_get_int('{"a": 1}', 'a');

CREATE TABLE jp (ts TIMESTAMP TIME INDEX, j JSON);

INSERT INTO jp VALUES (1000, '{"user": {"name": "Zoë", "tags": ["a", "b"], "age": 30}}'), (2000, '{"user": {"name": "李", "tags": [], "age": null}}'), (3000, NULL);

SELECT json_get_string(j, 'user.name'), json_get_string(j, 'user.tags[0]'), json_get_int(j, 'user.age'), json_path_exists(j, '$.user.tags[1]') FROM jp ORDER BY ts;

SELECT json_get_string(j, 'user.name') AS n FROM jp WHERE json_get_int(j, 'user.age') > 18 ORDER BY ts;

DROP TABLE jp;
