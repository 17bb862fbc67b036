-- ipv6_string_to_num / ipv6_num_to_string: compression, IPv4-mapped, case, bad input, NULL
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/ip/ipv6.rs)
SELECT ipv6_num_to_string('20010db8000000000000000000000001'), ipv6_num_to_string('00000000000000000000ffffc0a80001'), ipv6_num_to_string('00000000000000000000000000000000');

SELECT ipv6_num_to_string('20010DB8AAAABBBBCCCCDDDDEEEEFFFF'), ipv6_num_to_string(NULL);

SELECT ipv6_num_to_string('2001');

SELECT ipv6_num_to_string('zz010db8000000000000000000000001');

SELECT ipv6_num_to_string(encode(ipv6_string_to_num('2001:db8::1'), 'hex')), ipv6_num_to_string(encode(ipv6_string_to_num('192.168.0.1'), 'hex')), ipv6_num_to_string(encode(ipv6_string_to_num('::FFFF:10.0.0.1'), 'hex'));

SELECT encode(ipv6_string_to_num('::1'), 'hex'), encode(ipv6_string_to_num(NULL), 'hex');

SELECT ipv6_string_to_num('2001:db8::g');

SELECT ipv6_string_to_num('');
