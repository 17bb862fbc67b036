-- vector functions on table columns, mismatched dimensions, zero vectors, scalar forms and NULL
-- (GreptimeDB docs: "Vector functions"; GreptimeDB v1.0.0 src/common/function/src/scalars/vector/)
SELECT vec_cos_distance('[0, 0]', '[1, 1]'), vec_l2sq_distance('[1, 2, 3]', '[1, 2, 3]'), vec_dot_product('[-1, 2]', '[3, 0.5]');

SELECT vec_l2sq_distance('[1, 2]', '[1, 2, 3]');

SELECT vec_norm('[0, 0, 0]'), vec_to_string(vec_norm('[3, 4]')), vec_elem_sum('[]');

SELECT vec_to_string(vec_scalar_add(-1.5, '[1, 2]')), vec_to_string(vec_scalar_mul(0, '[7, -7]'));

SELECT vec_to_string(vec_div('[1, 2]', '[0, 4]'));

SELECT vec_kth_elem('[1, 2, 3]', 0), vec_kth_elem('[1, 2, 3]', 3);

SELECT vec_to_string(vec_subvector('[1, 2, 3, 4]', 1, 3)), vec_dim(vec_subvector('[1, 2, 3, 4]', 2, 2));

CREATE TABLE vt (ts TIMESTAMP TIME INDEX, v VECTOR(3));

INSERT INTO vt VALUES (1000, '[1, 0, 0]'), (2000, '[0, 2, 0]'), (3000, '[1, 1, 1]');

SELECT vec_to_string(v), vec_dot_product(v, '[1, 2, 3]'), vec_l2sq_distance(v, '[0, 0, 0]'), vec_elem_product(v) FROM vt ORDER BY ts;

SELECT vec_to_string(v) FROM vt ORDER BY vec_cos_distance(v, '[1, 1, 1]'), ts LIMIT 2;

SELECT vec_to_string(vec_sum(v)), vec_to_string(vec_product(v)) FROM vt;

INSERT INTO vt VALUES (4000, '[1, 2]');

DROP TABLE vt;
