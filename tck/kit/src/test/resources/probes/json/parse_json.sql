-- parse_json validates and normalises JSON text; json_to_string prints it back
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/json/parse_json.rs, json_to_string.rs)
SELECT json_to_string(parse_json('{"b":1,   "a" : [true, null, 2.50]}'));

SELECT json_to_string(parse_json('  "日本語 ✓"  ')), json_to_string(parse_json('-0')), json_to_string(parse_json('1e3'));

SELECT json_to_string(parse_json('{"z": 1, "a": 2, "m": {"y": 0, "b": 1}}'));

SELECT parse_json(NULL);

SELECT json_to_string(NULL);

SELECT json_to_string(parse_json('{"esc": "line\nbreak \"q\" \\ tab\t"}'));

SELECT parse_json('{bad json');

SELECT parse_json('');

SELECT json_to_string('{"a": 1}');

SELECT parse_json(12);
