-- JSON columns: insert text into a JSON column, read it back through json_to_string and the json_get_* family
-- (GreptimeDB docs: "JSON type"; v1.0.0 src/common/function/src/scalars/json/json_to_string.rs, json_get.rs)
CREATE TABLE jprobe (ts TIMESTAMP TIME INDEX, n INT, j JSON);

INSERT INTO jprobe VALUES (1000, 1, '{"name": "ana", "age": 31, "tags": ["a", "b"]}'), (2000, 2, '{"name": "bö", "age": 7.5, "ok": true}'), (3000, 3, NULL), (4000, 4, '[1, 2, 3]'), (5000, 5, '"plain"');

SELECT n, json_to_string(j) FROM jprobe ORDER BY n;

SELECT n, json_get_string(j, 'name'), json_get_int(j, 'age'), json_get_float(j, 'age'), json_get_bool(j, 'ok') FROM jprobe ORDER BY n;

SELECT n, json_is_object(j), json_is_array(j), json_is_string(j) FROM jprobe ORDER BY n;

SELECT n FROM jprobe WHERE json_get_int(j, 'age') > 10 ORDER BY n;

SELECT n, json_get_string(j, 'tags[0]'), json_get_string(j, 'tags[1]') FROM jprobe ORDER BY n;

INSERT INTO jprobe VALUES (6000, 6, '{not json');

SELECT count(*) FROM jprobe;

DROP TABLE jprobe;
