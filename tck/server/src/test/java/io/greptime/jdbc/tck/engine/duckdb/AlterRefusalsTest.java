package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ALTER DATABASE / ALTER TABLE clauses GreptimeDB refuses, refused with its status codes and messages. */
class AlterRefusalsTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
        f.update("CREATE DATABASE d");
        f.update(
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, msg STRING, v BIGINT NOT NULL DEFAULT 1)"
                        + " WITH ('append_mode' = 'true')");
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private String showCreate(String what) {
        return f.query("SHOW CREATE " + what).rows().get(0).get(1);
    }

    @Test
    void databaseOptions_acceptGreptimeDbsKeysOnly() {
        f.update("ALTER DATABASE d SET 'ttl'='10s'");
        f.update("ALTER DATABASE d SET 'compaction.type'='twcs'");
        assertThat(showCreate("DATABASE d")).contains("'compaction.type' = 'twcs',\n  ttl = '10s'");
        f.update("ALTER DATABASE d SET 'ttl'=''");
        assertThat(showCreate("DATABASE d")).contains("ttl = 'forever'");
        f.fails(
                "ALTER DATABASE d SET 'ttl'='soon'",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid set database option, key: ttl, value: soon");
        f.fails(
                "ALTER DATABASE d SET 'ttl'='instant'",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid set database option, key: ttl, value: instant");
        f.fails(
                "ALTER DATABASE d SET 'bogus.key'='1'",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid set database option, key: bogus.key, value: 1");
        f.fails(
                "ALTER DATABASE d UNSET 'bogus'",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid unset database option, key: bogus");
    }

    @Test
    void columnIndexOptions_areValidatedAndFulltextKeepsItsAnalyzer() {
        f.update(
                "ALTER TABLE t MODIFY COLUMN msg SET FULLTEXT INDEX WITH(analyzer = 'Chinese', case_sensitive = 'true')");
        assertThat(showCreate("TABLE t"))
                .contains(
                        "\"msg\" STRING NULL FULLTEXT INDEX WITH(analyzer = 'Chinese',"
                                + " backend = 'bloom', case_sensitive = 'true', false_positive_rate = '0.01', granularity = '10240')");
        f.fails(
                "ALTER TABLE t MODIFY COLUMN msg SET FULLTEXT INDEX WITH(analyzer = 'English', case_sensitive = 'true')",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid column option, column name: msg, error: Cannot change analyzer or case_sensitive if FULLTEXT"
                        + " index is set before. Previous analyzer: Chinese, previous case_sensitive: true");
        f.fails(
                "ALTER TABLE t MODIFY COLUMN msg SET FULLTEXT INDEX WITH(analyzer = 'Klingon')",
                StatusCode.UNEXPECTED,
                "Invalid fulltext option: Klingon, expected: 'English' | 'Chinese'");
        f.fails(
                "ALTER TABLE t MODIFY COLUMN v SET FULLTEXT INDEX",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid column option, column name: v, error: FULLTEXT index only supports string type");
        f.fails(
                "ALTER TABLE t MODIFY COLUMN msg SET SKIPPING INDEX WITH(blabla = 1)",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid column option, column name: msg, error: invalid SKIPPING INDEX option: blabla");
        f.fails(
                "ALTER TABLE t MODIFY COLUMN msg SET SKIPPING INDEX WITH(false_positive_rate = 2)",
                StatusCode.UNEXPECTED,
                "Invalid skipping index option: Invalid false positive rate: 2, expected: 0.0 < rate <= 1.0");
        f.update("ALTER TABLE t MODIFY COLUMN msg UNSET FULLTEXT INDEX");
        assertThat(showCreate("TABLE t")).contains("\"msg\" STRING NULL,");
    }

    @Test
    void defaultsAndColumnChanges_thatGreptimeDbRefuses() {
        f.fails(
                "ALTER TABLE t MODIFY COLUMN v SET DEFAULT NULL",
                StatusCode.INVALID_ARGUMENTS,
                "Default value should not be null for non null column");
        f.fails(
                "ALTER TABLE t MODIFY COLUMN v SET DEFAULT \"x\"",
                StatusCode.UNSUPPORTED,
                "Unsupported default constraint for column: 'v', reason: expr '\"x\"' not supported");
        f.fails(
                "ALTER TABLE t MODIFY COLUMN v DROP DEFAULT",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid alter table(t) request: column v is not nullable and `default` cannot be dropped");
        f.fails(
                "ALTER TABLE t ADD COLUMN k STRING NOT NULL",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid alter table(t) request: no default value for column k");
        f.fails(
                "ALTER TABLE t ADD COLUMN i INTERVAL",
                StatusCode.UNSUPPORTED,
                "Not supported: Add column with interval type");
        f.update("ALTER TABLE t ADD COLUMN m TIMESTAMP DEFAULT '2024-01-30 00:00:00'");
        assertThat(showCreate("TABLE t")).contains("\"m\" TIMESTAMP(3) NULL DEFAULT '2024-01-30 00:00:00+0000'");
        TableMeta tm = f.engine.catalog.table("public", "t");
        f.fails(
                "ALTER TABLE t SET 'append_mode' = 'false'",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid region request, region_id: " + (tm.id() << 32) + "(" + tm.id()
                        + ", 0), err: Only allow changing append_mode from false to true");
    }

    @Test
    void tableOptions_onlyTheRegionsAlterableKeysAndValues() {
        f.update("ALTER TABLE t SET 'ttl' = '1d', 'compaction.twcs.time_window' = '2h', 'auto_flush_interval' = '5m'");
        f.update("ALTER TABLE t SET 'max_row_group_row_count' = '10000', 'skip_wal' = 'true'");
        f.update("ALTER TABLE t UNSET 'compaction.twcs.time_window', 'max_row_group_row_count'");
        String setPrefix = "Invalid set table option request: Invalid set region option request, key: ";
        f.fails(
                "ALTER TABLE t SET 'skip_wal' = 'false'",
                StatusCode.INVALID_ARGUMENTS,
                setPrefix + "skip_wal, value: false");
        f.fails(
                "ALTER TABLE t SET 'append_mode' = 'yes'",
                StatusCode.INVALID_ARGUMENTS,
                setPrefix + "append_mode, value: yes");
        f.fails(
                "ALTER TABLE t SET 'max_row_group_row_count' = '0'",
                StatusCode.INVALID_ARGUMENTS,
                setPrefix + "max_row_group_row_count, value: 0");
        f.fails(
                "ALTER TABLE t SET 'auto_flush_interval' = '0s'",
                StatusCode.INVALID_ARGUMENTS,
                setPrefix + "auto_flush_interval, value: 0s");
        f.fails(
                "ALTER TABLE t SET 'compaction.type' = 'twcs'",
                StatusCode.INVALID_ARGUMENTS,
                setPrefix + "compaction.type, value: twcs");
        f.fails(
                "ALTER TABLE t UNSET 'skip_wal'",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid unset table option request: Invalid set region option request, key: skip_wal");
        f.update("ALTER TABLE t SET 'repartition.column.hint' = 'host'");
        f.update("ALTER TABLE t UNSET 'repartition.column.hint'");
        f.fails(
                "ALTER TABLE t SET 'repartition.column.hint' = 'host', 'ttl' = '1h'",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid table option request: repartition.column.hint must be altered separately");
        assertThat(showCreate("TABLE t")).contains("ttl = '1day'").doesNotContain("time_window");
    }
}
