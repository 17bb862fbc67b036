-- element-wise vec_add/vec_sub/vec_mul/vec_div, scalar add/mul, norm, kth element, subvector; dimension mismatch and NULL
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/vector/vector_add.rs ... vector_subvector.rs)
SELECT vec_to_string(vec_add('[1, 2]', '[3, 4]')), vec_to_string(vec_sub('[1, 2]', '[3, 5]')), vec_to_string(vec_mul('[1, 2]', '[3, 4]')), vec_to_string(vec_div('[1, 2]', '[4, 8]'));

SELECT vec_to_string(vec_scalar_add(1.5, '[1, 2]')), vec_to_string(vec_scalar_mul(2, '[1, -2]')), vec_to_string(vec_norm('[3, 4]'));

SELECT vec_kth_elem('[7, 8, 9]', 0), vec_kth_elem('[7, 8, 9]', 2), vec_to_string(vec_subvector('[1, 2, 3, 4, 5]', 1, 3));

SELECT vec_elem_sum('[1, 2, 3.5]'), vec_elem_product('[2, 3, 4]'), vec_elem_avg('[1, 2, 6]');

SELECT vec_to_string(vec_div('[1, 2]', '[0, 1]'));

SELECT vec_add('[1, 2]', '[1, 2, 3]');

SELECT vec_kth_elem('[7, 8, 9]', 3);

SELECT vec_subvector('[1, 2, 3]', 2, 5);

SELECT vec_add(NULL, '[1]'), vec_norm(NULL), vec_elem_sum(NULL);

SELECT vec_to_string(vec_norm('[0, 0]'));
