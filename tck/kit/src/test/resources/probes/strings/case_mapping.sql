-- upper/lower/initcap follow Unicode case mapping (DataFusion's string functions; GreptimeDB docs: SQL functions)
SELECT upper('straße'), lower('ÀÉÎÕÜ'), initcap('élan vital');

SELECT upper(NULL), lower(''), length('日本語'), character_length('日本語'), octet_length('日本語');

SELECT upper(1);
