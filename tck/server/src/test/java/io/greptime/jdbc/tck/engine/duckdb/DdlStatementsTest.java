package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DdlStatementsTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void createDatabase_answersOneAndRejectsDuplicates() {
        assertThat(f.update("CREATE DATABASE IF NOT EXISTS d1 WITH (ttl = '1d')"))
                .isEqualTo(1);
        f.fails("CREATE DATABASE d1", StatusCode.INVALID_ARGUMENTS, "Schema d1 already exists");
        assertThat(f.query("SHOW DATABASES").column(0))
                .containsExactly("d1", "greptime_private", "information_schema", "public");
        assertThat(f.query("SHOW CREATE DATABASE d1").rows().get(0).get(1))
                .isEqualTo("CREATE DATABASE IF NOT EXISTS d1\nWITH(\n  ttl = '1day'\n)");
        assertThat(f.update("DROP DATABASE d1")).isZero();
        f.fails("DROP DATABASE d1", StatusCode.DATABASE_NOT_FOUND, "Database not found: d1");
        assertThat(f.update("DROP DATABASE IF EXISTS d1")).isZero();
    }

    @Test
    void use_unknownDatabase_isDatabaseNotFound() {
        f.fails("USE nope", StatusCode.INVALID_ARGUMENTS, "Failed to find schema, schema info: nope");
    }

    @Test
    void use_answersAnEmptyRecordBatchOutput_asEveryGreptimeDbDoes() {
        // HEAD:src/operator/src/statement.rs:510-523: Output::new_with_record_batches(RecordBatches::empty())
        EngineFixture.Result r = f.query("USE information_schema");
        assertThat(r.schema().getFields()).isEmpty();
        assertThat(r.rows()).isEmpty();
    }

    @Test
    void createTable_validatesTimeIndexAndKeys() {
        f.fails("CREATE TABLE t (i BIGINT)", StatusCode.INVALID_SYNTAX, "Missing time index constraint");
        f.fails(
                "CREATE TABLE t (i INT TIME INDEX)",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid column option, column name: i, error: time index column data type should be timestamp");
        f.fails(
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX, a STRING PRIMARY KEY, b STRING PRIMARY KEY)",
                StatusCode.INVALID_ARGUMENTS,
                "Illegal primary keys definition: not allowed to inline multiple primary keys in columns options");
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX)");
        f.fails(
                "CREATE TABLE t (ts TIMESTAMP TIME INDEX)",
                StatusCode.TABLE_ALREADY_EXISTS,
                "Table already exists: `greptime.public.t`");
        assertThat(f.update("CREATE TABLE IF NOT EXISTS t (ts TIMESTAMP TIME INDEX)"))
                .isZero();
    }

    @Test
    void describe_showsGreptimeTypesKeysAndSemantics() {
        f.update("CREATE TABLE m (host STRING, `Region` STRING, v DOUBLE DEFAULT 0 COMMENT 'value',"
                + " u INT UNSIGNED, d DECIMAL, ts TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,"
                + " TIME INDEX (ts), PRIMARY KEY (host, `Region`))");
        EngineFixture.Result r = f.query("DESC TABLE m");
        assertThat(r.schema().getFields())
                .extracting(fld -> fld.getName())
                .containsExactly("Column", "Type", "Key", "Null", "Default", "Semantic Type");
        assertThat(r.rows())
                .containsExactly(
                        List.of("host", "String", "PRI", "YES", "", "TAG"),
                        List.of("Region", "String", "PRI", "YES", "", "TAG"),
                        List.of("v", "Float64", "", "YES", "0", "FIELD"),
                        List.of("u", "UInt32", "", "YES", "", "FIELD"),
                        List.of("d", "Decimal(38, 10)", "", "YES", "", "FIELD"),
                        List.of("ts", "TimestampMicrosecond", "PRI", "NO", "current_timestamp()", "TIMESTAMP"));
    }

    @Test
    void showCreateTable_printsNormalizedDdl() {
        f.update("CREATE TABLE m (host STRING PRIMARY KEY, cpu FLOAT COMMENT 'c', ts TIMESTAMP TIME INDEX)"
                + " ENGINE=mito WITH (ttl = '7d', 'compaction.type' = 'twcs', append_mode = 'true')");
        String ddl = f.query("SHOW CREATE TABLE m").rows().get(0).get(1);
        assertThat(ddl)
                .isEqualTo("CREATE TABLE IF NOT EXISTS \"m\" (\n"
                        + "  \"host\" STRING NULL,\n"
                        + "  \"cpu\" FLOAT NULL COMMENT 'c',\n"
                        + "  \"ts\" TIMESTAMP(3) NOT NULL,\n"
                        + "  TIME INDEX (\"ts\"),\n"
                        + "  PRIMARY KEY (\"host\")\n"
                        + ")\n\nENGINE=mito\nWITH(\n"
                        + "  ttl = '7days',\n  'compaction.type' = 'twcs',\n  append_mode = 'true'\n)");
    }

    @Test
    void alterTable_addsDropsModifiesAndRenames() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, a INT)");
        f.update("INSERT INTO t VALUES (1, 10)");
        f.update("ALTER TABLE t ADD COLUMN b STRING DEFAULT 'x' FIRST");
        f.update("ALTER TABLE t ADD COLUMN c DOUBLE AFTER ts");
        assertThat(f.query("SELECT * FROM t").rows())
                .containsExactly(List.of("x", "1970-01-01T00:00:00.001", "", "10").stream()
                        .map(s -> s.isEmpty() ? null : s)
                        .toList());
        f.update("ALTER TABLE t MODIFY COLUMN a BIGINT");
        f.update("ALTER TABLE t DROP COLUMN c");
        f.fails(
                "ALTER TABLE t DROP COLUMN ts",
                StatusCode.INVALID_ARGUMENTS,
                "Not allowed to remove index column ts from table t");
        f.fails("ALTER TABLE t ADD COLUMN a INT", StatusCode.TABLE_COLUMN_EXISTS, "Column a already exists in table t");
        f.update("ALTER TABLE t RENAME t2");
        assertThat(f.query("DESC t2").column(1)).containsExactly("String", "TimestampMillisecond", "Int64");
        f.update("ALTER TABLE t2 SET 'ttl' = '1h'");
        assertThat(f.query("SHOW CREATE TABLE t2").rows().get(0).get(1)).contains("ttl = '1h'");
        f.update("ALTER TABLE t2 UNSET 'ttl'");
        assertThat(f.query("SHOW CREATE TABLE t2").rows().get(0).get(1)).doesNotContain("ttl");
    }

    @Test
    void dropTable_checksEveryNameBeforeDropping() {
        f.update("CREATE TABLE foo (ts TIMESTAMP TIME INDEX)");
        f.fails("DROP TABLE foo, bar", StatusCode.TABLE_NOT_FOUND, "Table not found: greptime.public.bar");
        assertThat(f.query("SHOW TABLES").column(0)).containsExactly("foo", "numbers");
        assertThat(f.update("DROP TABLE IF EXISTS foo, bar")).isZero();
        assertThat(f.query("SHOW TABLES").column(0)).containsExactly("numbers");
    }

    @Test
    void createTableLike_copiesColumnsAndOptions() {
        f.update("CREATE TABLE a (k STRING PRIMARY KEY, v INT DEFAULT 7, ts TIMESTAMP TIME INDEX) WITH (ttl='1d')");
        f.update("CREATE TABLE b LIKE a");
        assertThat(f.query("DESC b").rows()).isEqualTo(f.query("DESC a").rows());
        assertThat(f.query("SHOW CREATE TABLE b").rows().get(0).get(1)).contains("ttl = '1day'");
    }

    @Test
    void truncate_emptiesTable() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, v INT)");
        f.update("INSERT INTO t VALUES (1, 1), (2, 2)");
        assertThat(f.update("TRUNCATE TABLE t")).isZero();
        assertThat(f.query("SELECT count(*) FROM t").rows()).containsExactly(List.of("0"));
        f.fails("TRUNCATE nope", StatusCode.TABLE_NOT_FOUND, "Table not found: greptime.public.nope");
    }

    @Test
    void views_areQueryableListedAndDropped() {
        f.update("CREATE TABLE t (ts TIMESTAMP TIME INDEX, v INT)");
        f.update("INSERT INTO t VALUES (1, 1), (2, 10)");
        f.update("create view big as select * from t where v > 5");
        assertThat(f.query("SELECT v FROM big").column(0)).containsExactly("10");
        assertThat(f.query("SHOW FULL TABLES").rows()).contains(List.of("big", "VIEW"));
        assertThat(f.query("SELECT view_definition FROM information_schema.views")
                        .column(0))
                .containsExactly("CREATE VIEW big AS SELECT * FROM t WHERE v > 5");
        f.update("DROP VIEW big");
        assertThat(f.query("SHOW TABLES").column(0)).containsExactly("numbers", "t");
    }

    @Test
    void informationSchema_isReadOnly() {
        f.fails(
                "CREATE TABLE information_schema.t (ts TIMESTAMP TIME INDEX)",
                StatusCode.UNSUPPORTED,
                "Schema `information_schema` is read-only");
        f.fails("DROP DATABASE information_schema", StatusCode.UNSUPPORTED, "Schema `information_schema` is read-only");
    }
}
