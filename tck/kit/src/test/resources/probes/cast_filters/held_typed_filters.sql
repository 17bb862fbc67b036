-- Filters that cast a column to compare it with a literal, for each column type (small and unsigned integers, FLOAT,
-- DECIMAL, BOOLEAN, DATE, STRING) and for timestamp fields of each precision, with =, IN, NOT IN, BETWEEN and
-- NOT BETWEEN. Source: GreptimeDB docs "Data Types" (type conversion) and DataFusion docs "SQL Reference: Data Types /
-- Operators" (CAST, TRY_CAST and literal coercion).
CREATE TABLE held_meter (ts TIMESTAMP TIME INDEX, meter STRING PRIMARY KEY, phase TINYINT UNSIGNED, volts SMALLINT, kwh FLOAT, price DECIMAL(8, 3), on_peak BOOLEAN, read_day DATE, r0 TIMESTAMP(0), r3 TIMESTAMP(3), r6 TIMESTAMP(6), r9 TIMESTAMP(9), serial STRING);

INSERT INTO held_meter VALUES (1000, 'm1', 1, 230, 0.1, 0.125, true, '2024-05-01', '2024-05-01 10:00:00', '2024-05-01 10:00:00.250', '2024-05-01 10:00:00.000250', '2024-05-01 10:00:00.000000250', '0042'), (2000, 'm2', 3, -5, 12.5, 1.000, false, '2024-05-02', '2024-05-02 00:00:00', '2024-05-02 00:00:00.000', '2024-05-02 00:00:00.000001', '2024-05-02 00:00:00.000000001', '42.0'), (3000, 'm3', 255, 32767, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (4000, 'm4', 0, 0, -0.0, 99999.999, true, '1970-01-01', '1970-01-01 00:00:00', '1969-12-31 23:59:59.999', '1970-01-01 00:00:00', '1970-01-01 00:00:00', 'abc');

SELECT meter FROM held_meter WHERE CAST(phase AS INT) IN (1, 3) ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(volts AS STRING) = '-5' OR CAST(phase AS STRING) = '255' ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(kwh AS DOUBLE) = 0.1 ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(kwh AS DECIMAL(5, 1)) = 0.1 ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(price AS DOUBLE) BETWEEN 0.1 AND 1 ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(price AS BIGINT) = 100000 ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(on_peak AS INT) = 1 ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(on_peak AS STRING) = 'false' ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(read_day AS STRING) LIKE '2024-05-%' ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(read_day AS TIMESTAMP) >= '2024-05-02 00:00:00' ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(r0 AS DATE) NOT BETWEEN '2024-05-01' AND '2024-05-01' ORDER BY meter;

SELECT meter, CAST(r3 AS TIMESTAMP(0)) FROM held_meter WHERE CAST(r3 AS TIMESTAMP(0)) IN ('2024-05-01 10:00:00', '1969-12-31 23:59:59') ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(r6 AS TIMESTAMP(3)) = '2024-05-02 00:00:00' ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(r9 AS TIMESTAMP(6)) > '2024-05-01 10:00:00' ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(r9 AS BIGINT) IN (250, 1714608000000000001) ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(r0 AS BIGINT) BETWEEN 0 AND 1714521600 ORDER BY meter;

SELECT meter FROM held_meter WHERE TRY_CAST(serial AS INT) = 42 ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(serial AS DOUBLE) = 42 ORDER BY meter;

SELECT meter FROM held_meter WHERE CAST(ts AS DATE) = '1970-01-01' AND CAST(volts AS DOUBLE) NOT IN (0.0) ORDER BY meter;

DROP TABLE held_meter;
