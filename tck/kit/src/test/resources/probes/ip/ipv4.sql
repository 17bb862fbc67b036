-- ipv4_num_to_string / ipv4_string_to_num round trips, limits, bad addresses, NULL
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/ip/ipv4.rs)
SELECT ipv4_num_to_string(CAST(3232235521 AS INT UNSIGNED)), ipv4_num_to_string(CAST(0 AS INT UNSIGNED)), ipv4_num_to_string(CAST(4294967295 AS INT UNSIGNED));

SELECT ipv4_string_to_num('192.168.0.1'), ipv4_string_to_num('0.0.0.0'), ipv4_string_to_num('255.255.255.255');

SELECT ipv4_string_to_num(NULL), ipv4_num_to_string(NULL);

SELECT ipv4_string_to_num('256.1.1.1');

SELECT ipv4_string_to_num('1.2.3');

SELECT ipv4_string_to_num('');

SELECT ipv4_num_to_string(3232235521);

SELECT ipv4_num_to_string(ipv4_string_to_num('10.20.30.40'));
