-- Embeddings in a VECTOR(4) column with a tag: nearest-neighbour searches (ORDER BY a distance, LIMIT), per-tag
-- filters, element functions on columns, aggregates per tag, dimension errors on insert. Source: GreptimeDB docs
-- "Vector Functions" and "Vector data type" (reference/sql/functions/vector) and src/common/function/src/scalars/vector.
CREATE TABLE held_docs (ts TIMESTAMP TIME INDEX, lang STRING PRIMARY KEY, title STRING, emb VECTOR(4));

INSERT INTO held_docs VALUES (1000, 'en', 'intro', '[0.1, 0.2, 0.3, 0.4]'), (2000, 'en', 'setup', '[1, 0, 0, 0]'), (3000, 'fr', 'été', '[0.5, 0.5, 0.5, 0.5]'), (4000, 'fr', 'hiver', '[-1, 0, 0, 1]'), (5000, 'ja', '日本', '[0, 0, 0, 0]'), (6000, 'ja', 'none', NULL);

SELECT title, vec_to_string(emb) FROM held_docs ORDER BY ts;

SELECT title, round(vec_l2sq_distance(emb, '[1, 0, 0, 0]'), 4) AS d FROM held_docs WHERE emb IS NOT NULL ORDER BY d, ts LIMIT 3;

SELECT title, round(vec_cos_distance(emb, '[1, 1, 1, 1]'), 4) FROM held_docs WHERE lang = 'fr' ORDER BY ts;

SELECT title, vec_dot_product(emb, parse_vec('[2, 2, 2, 2]')), vec_dim(emb), vec_elem_sum(emb) FROM held_docs ORDER BY ts;

SELECT lang, vec_to_string(vec_sum(emb)), count(emb) FROM held_docs GROUP BY lang ORDER BY lang;

SELECT title, vec_to_string(vec_norm(emb)) FROM held_docs WHERE lang = 'en' ORDER BY ts;

SELECT title, vec_to_string(vec_scalar_mul(10, emb)) FROM held_docs WHERE lang = 'en' ORDER BY ts;

SELECT title, vec_kth_elem(emb, 3), vec_to_string(vec_subvector(emb, 0, 2)) FROM held_docs WHERE emb IS NOT NULL ORDER BY ts;

SELECT vec_to_string(parse_vec('[-0.0, 1.5e1, 3.4e38]')), vec_to_string(parse_vec('[0.1]')), vec_elem_product(parse_vec('[]'));

SELECT vec_cos_distance(emb, '[1, 1, 1]') FROM held_docs WHERE lang = 'en';

INSERT INTO held_docs VALUES (7000, 'en', 'short', '[1, 2, 3]');

INSERT INTO held_docs VALUES (8000, 'en', 'bad', 'not a vector');

SELECT count(*) FROM held_docs;

DROP TABLE held_docs;
