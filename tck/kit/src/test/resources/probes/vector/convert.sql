-- parse_vec / vec_to_string: text form, spacing, empty vectors, bad text, NULL
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/vector/convert/parse_vector.rs, vector_to_string.rs)
SELECT vec_to_string(parse_vec('[1.0, 2.5, -3]')), vec_to_string(parse_vec('[ 0 ,0.125 ]')), vec_to_string(parse_vec('[]'));

SELECT vec_to_string(parse_vec('[1e3, 1.5e-2]')), vec_to_string(parse_vec(NULL));

SELECT vec_dim(parse_vec('[1, 2, 3]')), vec_dim('[4, 5]'), vec_dim(parse_vec('[]'));

SELECT parse_vec('1, 2');

SELECT parse_vec('[1, abc]');

SELECT parse_vec('');
