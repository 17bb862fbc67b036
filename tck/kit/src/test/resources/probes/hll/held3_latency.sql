-- HyperLogLog and UDDSketch states per service and per minute, merged across groups: distinct visitors and latency
-- quantiles; NULL inputs, an empty group, an out-of-range quantile and a non-sketch argument.
-- Source: GreptimeDB docs "Approximate functions" (hll, hll_merge, hll_count, uddsketch_state, uddsketch_merge,
-- uddsketch_calc) and src/common/function/src/aggrs/approximate/{hll,uddsketch}.rs (v1.0.0).
CREATE TABLE held3_req (ts TIMESTAMP TIME INDEX, svc STRING, visitor STRING, latency DOUBLE, PRIMARY KEY (svc, visitor));

INSERT INTO held3_req VALUES (1000, 'api', 'u1', 12.0), (2000, 'api', 'u2', 15.0), (3000, 'api', 'u1', 100.0), (61000, 'api', 'u3', 8.0), (62000, 'web', 'u1', 250.0), (63000, 'web', 'ü4', NULL), (64000, 'web', NULL, 30.0);

SELECT svc, hll_count(hll(visitor)) FROM held3_req GROUP BY svc ORDER BY svc;

SELECT hll_count(hll_merge(s)) FROM (SELECT svc, hll(visitor) AS s FROM held3_req GROUP BY svc);

SELECT svc, round(uddsketch_calc(0.5, uddsketch_state(128, 0.01, latency)), 1) AS p50, round(uddsketch_calc(0.99, uddsketch_state(128, 0.01, latency)), 1) AS p99 FROM held3_req GROUP BY svc ORDER BY svc;

SELECT round(uddsketch_calc(0.9, uddsketch_merge(128, 0.01, s)), 1) FROM (SELECT svc, uddsketch_state(128, 0.01, latency) AS s FROM held3_req GROUP BY svc);

SELECT date_bin(INTERVAL '1 minute', ts) AS m, hll_count(hll(visitor)) FROM held3_req GROUP BY m ORDER BY m;

SELECT hll_count(hll(visitor)) FROM held3_req WHERE svc = 'none';

SELECT uddsketch_calc(0.5, uddsketch_state(128, 0.01, latency)) FROM held3_req WHERE svc = 'none';

SELECT uddsketch_calc(1.5, uddsketch_state(128, 0.01, latency)) FROM held3_req;

SELECT hll_count(hll(latency)) FROM held3_req;

SELECT hll_count('not a sketch');

DROP TABLE held3_req;
