-- json_get_int/float/string/bool on parsed literals: typed extraction, missing paths, wrong types, NULL
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/json/json_get.rs; docs: "JSON functions")
SELECT json_get_int(parse_json('{"a": 7, "b": {"c": -3}}'), 'a'), json_get_int(parse_json('{"a": 7, "b": {"c": -3}}'), 'b.c');

SELECT json_get_int(parse_json('{"a": 2.9}'), 'a'), json_get_int(parse_json('{"a": true}'), 'a'), json_get_int(parse_json('{"a": "5"}'), 'a');

SELECT json_get_float(parse_json('{"a": 1.5}'), 'a'), json_get_float(parse_json('{"a": 4}'), 'a'), json_get_float(parse_json('{"a": false}'), 'a');

SELECT json_get_bool(parse_json('{"a": true}'), 'a'), json_get_bool(parse_json('{"a": 1}'), 'a'), json_get_bool(parse_json('{"a": "true"}'), 'a');

SELECT json_get_string(parse_json('{"a": "héllo"}'), 'a'), json_get_string(parse_json('{"a": 12}'), 'a'), json_get_string(parse_json('{"a": [1, 2]}'), 'a');

SELECT json_get_int(parse_json('{"a": 1}'), 'missing'), json_get_string(parse_json('{"a": 1}'), 'a.b');

SELECT json_get_int(NULL, 'a');

SELECT json_get_int(parse_json('{"arr": [10, 20, 30]}'), 'arr[1]'), json_get_int(parse_json('{"arr": [10, 20, 30]}'), 'arr[5]');

SELECT json_get_string(parse_json('{"名前": "太郎", "ключ": "значение"}'), '名前'), json_get_string(parse_json('{"名前": "太郎", "ключ": "значение"}'), 'ключ');

SELECT json_get_int(parse_json('{"big": 9223372036854775807}'), 'big'), json_get_float(parse_json('{"x": 1e308}'), 'x');

SELECT json_get_int(parse_json('{"a": null}'), 'a'), json_get_string(parse_json('{"a": null}'), 'a');

SELECT json_get_int('{"a": 1}', 'a');
