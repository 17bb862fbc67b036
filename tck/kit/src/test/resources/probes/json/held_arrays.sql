-- JSON documents stored in a JSON column of an event table and read back with json_get_* on nested arrays and
-- objects, json_get_object, json_is_* per row, filters and grouping on extracted fields. Source: GreptimeDB docs
-- "JSON Functions" (reference/sql/functions/json) and src/common/function/src/scalars/json/*.rs (v1.0.0).
CREATE TABLE held_events (ts TIMESTAMP TIME INDEX, svc STRING PRIMARY KEY, payload JSON);

INSERT INTO held_events VALUES (1000, 'auth', '{"user": "Łukasz", "roles": ["admin", "dev"], "latency": 12.5, "ok": true, "meta": {"region": "eu", "retries": 0}}'), (2000, 'auth', '{"user": "mei", "roles": [], "latency": 7, "ok": false, "meta": {"region": "ap", "retries": 3}}'), (3000, 'billing', '{"user": null, "roles": ["ops"], "latency": -1.25e2, "ok": null, "meta": {}}'), (4000, 'billing', '[{"user": "x"}, {"user": "y"}]'), (5000, 'search', '42'), (6000, 'search', NULL);

SELECT svc, json_get_string(payload, 'user'), json_get_string(payload, 'roles[1]'), json_get_float(payload, 'latency'), json_get_bool(payload, 'ok') FROM held_events ORDER BY ts;

SELECT ts, json_get_int(payload, 'meta.retries'), json_get_string(payload, 'meta.region'), json_get_int(payload, 'latency') FROM held_events ORDER BY ts;

SELECT ts, json_is_array(payload), json_is_object(payload), json_is_int(payload), json_is_null(payload) FROM held_events ORDER BY ts;

SELECT ts, json_get_string(payload, '[0].user'), json_get_string(payload, '[1].user'), json_get_string(payload, '[2].user') FROM held_events ORDER BY ts;

SELECT ts, json_to_string(json_get_object(payload, 'meta')) FROM held_events ORDER BY ts;

SELECT json_get_string(payload, 'meta.region') AS region, count(*), avg(json_get_float(payload, 'latency')) FROM held_events GROUP BY region ORDER BY region NULLS LAST;

SELECT svc, ts FROM held_events WHERE json_get_bool(payload, 'ok') = false OR json_get_int(payload, 'meta.retries') > 2 ORDER BY ts;

SELECT ts FROM held_events WHERE json_path_exists(payload, '$.roles[0]') ORDER BY ts;

SELECT json_to_string(parse_json('[1, [2, [3, [4]]], {"k": [true, false, null]}]')), json_to_string(parse_json('{"a": 1.0, "b": 1e2, "c": -0.0}'));

SELECT json_get_int(parse_json('[[1, 2], [3, 4]]'), '[1][1]'), json_get_int(parse_json('[[1, 2], [3, 4]]'), '[-1][0]'), json_get_string(parse_json('{"a": ["x"]}'), 'a[0][0]');

SELECT json_to_string(json_get_object(parse_json('{"a": {"b": [1, 2]}}'), 'a')), json_get_object(parse_json('{"a": 1}'), 'a'), json_to_string(json_get_object(parse_json('{"a": {}}'), 'a'));

SELECT json_get_object(parse_json('{"a": 1}'));

SELECT json_get_string(payload, 'user') FROM held_events WHERE svc = 'nobody';

DROP TABLE held_events;
