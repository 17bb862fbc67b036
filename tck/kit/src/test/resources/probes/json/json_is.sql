-- json_is_null/int/float/string/bool/array/object classify a JSON value
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/json/json_is.rs)
SELECT json_is_null(parse_json('null')), json_is_int(parse_json('1')), json_is_float(parse_json('1.5')), json_is_string(parse_json('"x"'));

SELECT json_is_bool(parse_json('true')), json_is_array(parse_json('[1, 2]')), json_is_object(parse_json('{"k": 1}'));

SELECT json_is_int(parse_json('1.5')), json_is_float(parse_json('1')), json_is_string(parse_json('1')), json_is_object(parse_json('[]'));

SELECT json_is_null(NULL);

SELECT json_is_array(parse_json('[]')), json_is_object(parse_json('{}'));

SELECT json_is_null(parse_json('{"a": null}')), json_is_bool(parse_json('"true"'));

SELECT json_is_int('1');
