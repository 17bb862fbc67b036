-- IP functions on table columns, boundary addresses, CIDR with explicit prefix lengths, wrong types
-- (GreptimeDB docs: "IP functions"; GreptimeDB v1.0.0 src/common/function/src/scalars/ip/)
SELECT ipv4_num_to_string(CAST(0 AS INT UNSIGNED)), ipv4_num_to_string(CAST(4294967295 AS INT UNSIGNED)), ipv4_string_to_num('255.255.255.255'), ipv4_string_to_num('0.0.0.0');

SELECT ipv4_string_to_num('256.0.0.1');

SELECT ipv4_string_to_num('1.2.3');

SELECT ipv4_to_cidr('10.20.30.40', CAST(8 AS TINYINT UNSIGNED)), ipv4_to_cidr('10.20.30.40', CAST(32 AS TINYINT UNSIGNED)), ipv4_to_cidr('10.20.30.40/24');

SELECT ipv4_to_cidr('10.20.30.40', CAST(33 AS TINYINT UNSIGNED));

SELECT ipv6_to_cidr('2001:db8:abcd:1234::1', CAST(48 AS TINYINT UNSIGNED)), ipv6_to_cidr('::1', CAST(128 AS TINYINT UNSIGNED)), ipv6_to_cidr('fe80::1', CAST(10 AS TINYINT UNSIGNED));

SELECT ipv4_in_range('192.168.1.1', '192.168.1.1/32'), ipv4_in_range('10.0.0.1', '0.0.0.0/0'), ipv6_in_range('::ffff:1.2.3.4', '::ffff:0:0/96');

SELECT ipv4_in_range('10.0.0.1', 'garbage');

SELECT ipv4_num_to_string(-1);

CREATE TABLE ipt (ts TIMESTAMP TIME INDEX, addr STRING, n INT UNSIGNED);

INSERT INTO ipt VALUES (1000, '10.1.2.3', 167837955), (2000, '172.16.5.4', 2886731012), (3000, NULL, NULL);

SELECT addr, ipv4_string_to_num(addr), ipv4_num_to_string(n), ipv4_in_range(addr, '10.0.0.0/8'), ipv4_to_cidr(addr, CAST(16 AS TINYINT UNSIGNED)) FROM ipt ORDER BY ts;

SELECT count(*) FROM ipt WHERE ipv4_in_range(addr, '172.16.0.0/12');

DROP TABLE ipt;
