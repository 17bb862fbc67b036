-- json_path_exists and json_path_match with SQL/JSON path expressions
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/json/json_path_exists.rs, json_path_match.rs unit tests)
SELECT json_path_exists(parse_json('{"a": 1, "b": 2}'), '$.a'), json_path_exists(parse_json('{"a": 1, "b": 2}'), '$.c');

SELECT json_path_exists(parse_json('[1, 2, 3]'), '$[2]'), json_path_exists(parse_json('[1, 2, 3]'), '$[3]'), json_path_exists(parse_json('{"é": {"ü": 0}}'), '$."é"."ü"');

SELECT json_path_exists(NULL, '$.a'), json_path_exists(parse_json('{"a": 1}'), NULL);

SELECT json_path_match(parse_json('{"a": {"b": 2}, "c": 3}'), '$.a.b == 2'), json_path_match(parse_json('{"a": 1, "b": [1, 2, 3]}'), '$.b[1 to last] >= 2'), json_path_match(parse_json('{"a": 1}'), '$.c > 0');

SELECT json_path_match(NULL, '$.a == 1');

SELECT json_path_match(parse_json('[5, 6]'), '$[0 to last] > 0'), json_path_match(parse_json('{"s": "x"}'), '$.s == "x"');

SELECT json_path_exists(parse_json('{"a": 1}'), 'not a path');

SELECT json_path_match(parse_json('{"a": 1}'), '$.a');
