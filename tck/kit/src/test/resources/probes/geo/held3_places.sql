-- Geo functions over a table of points: geohash at several precisions, H3 cells and their resolution/parents,
-- S2 cells, WKT points and distances; out-of-range coordinates, NULLs and bad resolutions.
-- Source: GreptimeDB docs "Geospatial functions" (reference/sql/functions/geo) and
-- src/common/function/src/scalars/geo/*.rs (v1.0.0).
CREATE TABLE held3_poi (ts TIMESTAMP TIME INDEX, place STRING PRIMARY KEY, lat DOUBLE, lon DOUBLE);

INSERT INTO held3_poi VALUES (1000, 'Zürich HB', 47.3779, 8.5403), (2000, '東京駅', 35.6812, 139.7671), (3000, 'Null Island', 0.0, 0.0), (4000, 'nowhere', NULL, NULL);

SELECT place, geohash(lat, lon, 5), geohash(lat, lon, 12) FROM held3_poi ORDER BY ts;

SELECT place, h3_latlng_to_cell(lat, lon, 7), h3_latlng_to_cell_string(lat, lon, 7) FROM held3_poi ORDER BY ts;

SELECT place, h3_cell_resolution(h3_latlng_to_cell(lat, lon, 9)), h3_cell_to_string(h3_cell_parent(h3_latlng_to_cell(lat, lon, 9), 5)) FROM held3_poi ORDER BY ts;

SELECT place, s2_cell_level(s2_latlng_to_cell(lat, lon)), s2_cell_to_token(s2_cell_parent(s2_latlng_to_cell(lat, lon), 10)) FROM held3_poi ORDER BY ts;

SELECT place, wkt_point_from_latlng(lat, lon) FROM held3_poi ORDER BY ts;

SELECT round(st_distance_sphere_m(wkt_point_from_latlng(47.3779, 8.5403), wkt_point_from_latlng(35.6812, 139.7671)) / 1000, 0);

SELECT geohash(91.0, 0.0, 5);

SELECT h3_latlng_to_cell(10.0, 10.0, 16);

SELECT geohash(10.0, 10.0, 0);

DROP TABLE held3_poi;
