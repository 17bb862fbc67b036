-- Vector search over a VECTOR(3) column: nearest neighbours by distance with LIMIT, vector aggregates per tag,
-- element access, dimension mismatches at insert and in functions, NULL and zero vectors, the column's Arrow type.
-- Source: GreptimeDB docs "Vector functions" / "Vector data type" and src/common/function/src/scalars/vector/*.rs (v1.0.0).
CREATE TABLE held3_emb (ts TIMESTAMP TIME INDEX, doc STRING PRIMARY KEY, topic STRING, v VECTOR(3));

INSERT INTO held3_emb VALUES (1000, 'd1', 'cats', '[1.0, 0.0, 0.0]'), (2000, 'd2', 'cats', '[0.9, 0.1, 0.0]'), (3000, 'd3', 'dogs', '[0.0, 1.0, 0.5]'), (4000, 'd4', 'dogs', '[0, 0, 0]'), (5000, 'd5', 'misc', NULL);

INSERT INTO held3_emb VALUES (6000, 'bad', 'x', '[1.0, 2.0]');

SELECT doc, round(vec_l2sq_distance(v, '[1.0, 0.0, 0.0]'), 4) AS d FROM held3_emb ORDER BY d, doc LIMIT 3;

SELECT doc, round(vec_cos_distance(v, '[0.0, 1.0, 0.0]'), 4) AS d FROM held3_emb ORDER BY doc;

SELECT doc, vec_dot_product(v, parse_vec('[2, 3, 4]')), vec_to_string(vec_norm(v)) FROM held3_emb ORDER BY doc;

SELECT topic, vec_to_string(vec_sum(v)), vec_to_string(vec_product(v)) FROM held3_emb GROUP BY topic ORDER BY topic;

SELECT vec_to_string(vec_sum(v)), vec_to_string(vec_product(v)) FROM held3_emb WHERE topic = 'cats';

SELECT doc, vec_kth_elem(v, 0), vec_kth_elem(v, 2) FROM held3_emb ORDER BY doc;

SELECT vec_kth_elem('[1, 2, 3]', 3);

SELECT doc, vec_to_string(vec_sub(v, '[1, 1, 1]')), vec_dim(v) FROM held3_emb ORDER BY doc;

SELECT vec_l2sq_distance('[1, 2]', '[1, 2, 3]');

SELECT vec_to_string(parse_vec('[1e3, -0.5, 3]')), vec_dim('[7]');

SELECT parse_vec('[1, two]');

SELECT doc, arrow_typeof(v) FROM held3_emb ORDER BY doc LIMIT 1;

DROP TABLE held3_emb;
