-- ipv4_to_cidr/ipv6_to_cidr (explicit and inferred masks) and ipv4_in_range/ipv6_in_range, on literals and a table
-- (GreptimeDB v1.0.0 src/common/function/src/scalars/ip/cidr.rs, range.rs)
SELECT ipv4_to_cidr('192.168.1.77', 24), ipv4_to_cidr('192.168.1.77', 32), ipv4_to_cidr('192.168.1.77', 0), ipv4_to_cidr('10.1.2.3', 8);

SELECT ipv4_to_cidr('192.168.0.0'), ipv4_to_cidr('192.168'), ipv4_to_cidr('10'), ipv4_to_cidr('172.16.1.0');

SELECT ipv6_to_cidr('2001:db8::'), ipv6_to_cidr('2001:db8:abcd:1234::'), ipv6_to_cidr('::1'), ipv6_to_cidr('::');

SELECT ipv6_to_cidr('2001:db8:abcd:1234::1', CAST(48 AS TINYINT UNSIGNED)), ipv6_to_cidr('2001:db8::1', CAST(128 AS TINYINT UNSIGNED));

SELECT ipv6_to_cidr('2001:db8::', 32);

SELECT ipv4_in_range('192.168.1.5', '192.168.1.0/24'), ipv4_in_range('192.168.2.5', '192.168.1.0/24'), ipv4_in_range('10.0.0.1', '0.0.0.0/0'), ipv4_in_range('10.0.0.1', '10.0.0.1/32');

SELECT ipv6_in_range('2001:db8::1', '2001:db8::/32'), ipv6_in_range('2001:db9::1', '2001:db8::/32'), ipv6_in_range('::ffff:192.168.1.1', '::ffff:192.168.1.0/120');

SELECT ipv4_in_range(NULL, '10.0.0.0/8'), ipv4_to_cidr(NULL, 8), ipv6_in_range('::1', NULL);

SELECT ipv4_in_range('10.0.0.1', '10.0.0.0');

SELECT ipv4_in_range('10.0.0.1', '10.0.0.0/33');

SELECT ipv4_to_cidr('', 8);

CREATE TABLE ipprobe (ts TIMESTAMP TIME INDEX, addr STRING);

INSERT INTO ipprobe VALUES (1000, '10.0.0.1'), (2000, '10.0.1.1'), (3000, '192.168.0.1'), (4000, NULL);

SELECT addr, ipv4_in_range(addr, '10.0.0.0/16'), ipv4_to_cidr(addr, 16), ipv4_string_to_num(addr) FROM ipprobe ORDER BY ts;

DROP TABLE ipprobe;
