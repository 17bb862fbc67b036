-- IP functions over a table of client addresses: grouping by subnet, range filters, round trips through numbers,
-- mapped and link-local IPv6, limits (0 and 2^32-1, /0 and /32), invalid input, NULLs and wrong argument types.
-- Source: GreptimeDB docs "IP functions" and src/common/function/src/scalars/ip/{ipv4,ipv6,cidr,range}.rs (v1.0.0).
CREATE TABLE held3_clients (ts TIMESTAMP TIME INDEX, addr STRING PRIMARY KEY, addr6 STRING, hits BIGINT);

INSERT INTO held3_clients VALUES (1000, '10.0.0.1', '2001:db8::1', 5), (2000, '10.0.1.200', '2001:db8:0:1::ff', 7), (3000, '192.168.7.9', '::ffff:192.168.7.9', 1), (4000, '172.16.0.255', 'fe80::1', 3);

SELECT ipv4_to_cidr(addr, 16) AS net, sum(hits) FROM held3_clients GROUP BY net ORDER BY net;

SELECT addr FROM held3_clients WHERE ipv4_in_range(addr, '10.0.0.0/23') ORDER BY addr;

SELECT addr, ipv4_string_to_num(addr), ipv4_num_to_string(CAST(ipv4_string_to_num(addr) + 1 AS INT UNSIGNED)) FROM held3_clients ORDER BY addr;

SELECT addr6, ipv6_to_cidr(addr6, CAST(48 AS TINYINT UNSIGNED)), ipv6_in_range(addr6, '2001:db8::/32') FROM held3_clients ORDER BY addr6;

SELECT ipv6_num_to_string('20010db8000000000000000000000001'), ipv6_num_to_string('00000000000000000000ffffc0a80709');

SELECT ipv4_num_to_string(CAST(0 AS INT UNSIGNED)), ipv4_num_to_string(CAST(4294967295 AS INT UNSIGNED)), ipv4_to_cidr('255.255.255.255', 0), ipv4_to_cidr('1.2.3.4', 32);

SELECT ipv4_string_to_num('010.000.000.001');

SELECT ipv4_string_to_num('1.2.3');

SELECT ipv4_in_range('10.0.0.1', '10.0.0.0/33');

SELECT ipv6_to_cidr('2001:db8::1', CAST(129 AS TINYINT UNSIGNED));

SELECT ipv4_num_to_string(NULL), ipv4_string_to_num(NULL), ipv4_in_range(NULL, '10.0.0.0/8');

SELECT ipv4_num_to_string('abc');

DROP TABLE held3_clients;
