-- An access-log table with client addresses as strings (IPv4 and IPv6 mixed) queried with GreptimeDB's IP functions:
-- grouping by subnet, range filters, numeric round trips on columns, IPv6 to hex. Source: GreptimeDB docs
-- "IP Functions" (reference/sql/functions/ip) and src/common/function/src/scalars/ip/*.rs (v1.0.0).
CREATE TABLE held_access (ts TIMESTAMP TIME INDEX, site STRING PRIMARY KEY, client STRING, client6 STRING, sent BIGINT);

INSERT INTO held_access VALUES (1000, 'fr', '192.168.10.4', '2001:db8:85a3::8a2e:370:7334', 512), (2000, 'fr', '192.168.10.200', 'fe80::1', 128), (3000, 'de', '10.0.5.9', '::ffff:10.0.5.9', 2048), (4000, 'de', '192.168.11.1', '2001:db8:85a3:1::1', 64), (5000, 'jp', '172.31.255.255', '::', 0), (6000, 'jp', NULL, NULL, NULL);

SELECT ipv4_to_cidr(client, CAST(24 AS TINYINT UNSIGNED)) AS net, count(*), sum(sent) FROM held_access WHERE client IS NOT NULL GROUP BY net ORDER BY net;

SELECT site, client FROM held_access WHERE ipv4_in_range(client, '192.168.0.0/16') ORDER BY ts;

SELECT ts, ipv4_string_to_num(client), ipv4_num_to_string(CAST(ipv4_string_to_num(client) + 1 AS INT UNSIGNED)) FROM held_access ORDER BY ts;

SELECT ts, client6, ipv6_in_range(client6, '2001:db8:85a3::/48'), ipv6_to_cidr(client6, CAST(64 AS TINYINT UNSIGNED)) FROM held_access ORDER BY ts;

SELECT ts, encode(ipv6_string_to_num(client6), 'hex') FROM held_access ORDER BY ts;

SELECT client FROM held_access ORDER BY ipv4_string_to_num(client) DESC NULLS LAST, ts;

SELECT ipv4_num_to_string(CAST(16909060 AS INT UNSIGNED)), ipv4_num_to_string(CAST(ipv4_string_to_num('1.2.3.4') AS INT UNSIGNED));

SELECT ipv4_string_to_num('01.02.03.04');

SELECT ipv4_num_to_string(CAST(16909060 AS BIGINT UNSIGNED));

SELECT ipv4_in_range('172.16.0.1', '172.16.0.0/12'), ipv4_in_range('172.32.0.1', '172.16.0.0/12'), ipv4_in_range('8.8.8.8', '8.8.8.8/0');

SELECT ipv6_in_range('fe80::abcd', 'fe80::/10'), ipv6_in_range('fec0::1', 'fe80::/10'), ipv6_to_cidr('2001:0DB8:0000:0000:0000:0000:0000:0001', CAST(16 AS TINYINT UNSIGNED));

SELECT ipv6_in_range('2001:db8::1', '2001:db8::/129');

SELECT ipv4_to_cidr(client, 8) FROM held_access ORDER BY ts;

SELECT ipv6_string_to_num('1.2.3.256');

DROP TABLE held_access;
