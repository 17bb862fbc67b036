-- vec_cos_distance / vec_l2sq_distance / vec_dot_product on literals and on a VECTOR(3) column; sum/product aggregates
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/vector/distance.rs, aggrs/vector/sum.rs, product.rs; docs: "Vector functions")
SELECT vec_l2sq_distance('[1, 2, 3]', '[4, 5, 6]'), vec_dot_product('[1, 2, 3]', '[4, 5, 6]'), vec_cos_distance('[1, 0]', '[0, 1]');

SELECT vec_cos_distance('[1, 2]', '[2, 4]'), vec_l2sq_distance('[1]', '[1]'), vec_dot_product('[]', '[]');

SELECT vec_l2sq_distance('[1, 2]', '[1, 2, 3]');

SELECT vec_cos_distance(NULL, '[1, 2]');

CREATE TABLE vprobe (ts TIMESTAMP TIME INDEX, k STRING, v VECTOR(3));

INSERT INTO vprobe VALUES (1000, 'a', '[1, 0, 0]'), (2000, 'a', '[0, 2, 0]'), (3000, 'b', '[1, 1, 1]'), (4000, 'b', NULL);

SELECT k, vec_to_string(v), vec_dot_product(v, '[1, 2, 3]'), vec_l2sq_distance(v, '[0, 0, 0]') FROM vprobe ORDER BY ts;

SELECT k, vec_to_string(vec_sum(v)), vec_to_string(vec_product(v)) FROM vprobe GROUP BY k ORDER BY k;

SELECT vec_to_string(vec_sum(v)), vec_to_string(vec_product(v)) FROM vprobe WHERE v IS NOT NULL;

SELECT k FROM vprobe ORDER BY vec_l2sq_distance(v, '[1, 1, 1]'), ts LIMIT 2;

INSERT INTO vprobe VALUES (5000, 'c', '[1, 2]');

DROP TABLE vprobe;
