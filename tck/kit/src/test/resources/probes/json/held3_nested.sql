-- JSON functions over nested documents kept in a JSON column: dotted paths with array indexes, missing keys, a value
-- whose type differs from the getter's, JSON-path predicates, filters and aggregates on extracted values.
-- Source: GreptimeDB docs "JSON functions" (reference/sql/functions/json) and
-- src/common/function/src/scalars/json/json_get.rs unit tests (v1.0.0).
CREATE TABLE held3_orders (ts TIMESTAMP TIME INDEX, shop STRING PRIMARY KEY, doc JSON);

INSERT INTO held3_orders VALUES (1000, 'berlin', '{"id": 7, "total": 19.5, "paid": true, "buyer": {"name": "Jörg", "tags": ["vip", "eu"]}, "items": [{"sku": "a1", "qty": 2}, {"sku": "b2", "qty": 1}]}'), (2000, 'tokyo', '{"id": 8, "total": 3, "paid": false, "buyer": {"name": "山田", "tags": []}, "items": []}'), (3000, 'paris', '{"id": "9", "total": null, "buyer": null}'), (4000, 'nyc', NULL);

SELECT shop, json_get_int(doc, 'id'), json_get_float(doc, 'total'), json_get_bool(doc, 'paid') FROM held3_orders ORDER BY ts;

SELECT shop, json_get_string(doc, 'buyer.name'), json_get_string(doc, 'buyer.tags[0]'), json_get_int(doc, 'items[1].qty') FROM held3_orders ORDER BY ts;

SELECT shop, json_get_string(doc, 'id'), json_get_int(doc, 'total'), json_get_float(doc, 'id') FROM held3_orders ORDER BY ts;

SELECT shop, json_path_exists(doc, '$.buyer.tags[1]'), json_path_exists(doc, '$.items[*].sku') FROM held3_orders ORDER BY ts;

SELECT shop, json_path_match(doc, '$.total > 10'), json_path_match(doc, '$.buyer.name == "山田"') FROM held3_orders ORDER BY ts;

SELECT shop FROM held3_orders WHERE json_get_bool(doc, 'paid') ORDER BY shop;

SELECT count(*), sum(json_get_float(doc, 'total')), max(json_get_int(doc, 'items[0].qty')) FROM held3_orders WHERE json_get_string(doc, 'buyer.name') IS NOT NULL;

SELECT json_get_string(parse_json('{"k": "ünïcödé ☃"}'), 'k'), json_get_int(parse_json('{"n": 9223372036854775807}'), 'n'), json_get_float(parse_json('{"n": 1e308}'), 'n');

SELECT json_get_int(parse_json('[10, 20, 30]'), '[2]'), json_get_int(parse_json('[10, 20, 30]'), '[3]'), json_get_int(parse_json('[10, 20, 30]'), '$[0]');

SELECT json_get_string(parse_json('{"a.b": 1, "a": {"b": "nested"}}'), 'a.b');

SELECT json_to_string(parse_json('{"z": 1, "a": [true, null, 2.50]}'));

SELECT parse_json('{"a": 1,}');

SELECT json_get_int(doc) FROM held3_orders;

SELECT json_get_int('{"a":1}', 'a');

DROP TABLE held3_orders;
