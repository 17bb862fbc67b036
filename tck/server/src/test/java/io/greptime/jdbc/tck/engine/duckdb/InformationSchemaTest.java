package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** information_schema tables have GreptimeDB's columns, order and types (protocol.md §9.2). */
class InformationSchemaTest {
    private final EngineFixture f = new EngineFixture();

    @BeforeEach
    void table() {
        f.update("CREATE TABLE m (host STRING, idc STRING, cpu DOUBLE DEFAULT 0, ts TIMESTAMP TIME INDEX,"
                + " PRIMARY KEY (host, idc))");
    }

    @AfterEach
    void close() {
        f.close();
    }

    private List<String> names(String table) {
        return f.query("SELECT * FROM information_schema." + table + " LIMIT 0").schema().getFields().stream()
                .map(Field::getName)
                .toList();
    }

    @Test
    void tables_shape() {
        EngineFixture.Result r = f.query("SELECT * FROM information_schema.tables WHERE table_name = 'm'");
        assertThat(r.schema().getFields()).hasSize(24);
        assertThat(r.schema().findField("table_id").getType()).isEqualTo(new ArrowType.Int(32, false));
        assertThat(r.schema().findField("data_length").getType()).isEqualTo(new ArrowType.Int(64, false));
        assertThat(r.schema().findField("create_time").getType())
                .isEqualTo(new ArrowType.Timestamp(TimeUnit.SECOND, null));
        assertThat(r.rows().get(0).subList(0, 5)).containsExactly("greptime", "public", "m", "BASE TABLE", "1024");
    }

    @Test
    void columns_describeEachColumn() {
        assertThat(names("columns"))
                .containsExactly(
                        "table_catalog",
                        "table_schema",
                        "table_name",
                        "column_name",
                        "ordinal_position",
                        "character_maximum_length",
                        "character_octet_length",
                        "numeric_precision",
                        "numeric_scale",
                        "datetime_precision",
                        "character_set_name",
                        "collation_name",
                        "column_key",
                        "extra",
                        "privileges",
                        "generation_expression",
                        "greptime_data_type",
                        "data_type",
                        "semantic_type",
                        "column_default",
                        "is_nullable",
                        "column_type",
                        "column_comment",
                        "srs_id");
        EngineFixture.Result r = f.query("SELECT column_name, column_key, greptime_data_type, data_type, semantic_type,"
                + " column_default, is_nullable FROM information_schema.columns WHERE table_name = 'm'"
                + " ORDER BY ordinal_position");
        assertThat(r.rows())
                .containsExactly(
                        Arrays.asList("host", "PRI", "String", "string", "TAG", null, "YES"),
                        Arrays.asList("idc", "PRI", "String", "string", "TAG", null, "YES"),
                        Arrays.asList("cpu", "", "Float64", "double", "FIELD", "0", "YES"),
                        Arrays.asList(
                                "ts", "TIME INDEX", "TimestampMillisecond", "timestamp(3)", "TIMESTAMP", null, "NO"));
    }

    @Test
    void columns_listInformationSchemasOwnTables() {
        assertThat(f.query("SELECT count(DISTINCT table_name), count(*) FROM information_schema.columns"
                                + " WHERE table_schema = 'information_schema'")
                        .rows())
                .containsExactly(List.of("39", "468"));
        assertThat(f.query("SELECT column_name, ordinal_position, greptime_data_type, data_type, semantic_type,"
                                + " is_nullable FROM information_schema.columns WHERE table_schema = 'information_schema'"
                                + " AND table_name IN ('process_list', 'tables') AND column_name IN ('elapsed_time',"
                                + " 'table_id', 'table_name') ORDER BY table_name, ordinal_position")
                        .rows())
                .containsExactly(
                        List.of("elapsed_time", "8", "DurationMillisecond", "DurationMillisecond", "FIELD", "NO"),
                        List.of("table_name", "3", "String", "string", "FIELD", "NO"),
                        List.of("table_id", "5", "UInt32", "int unsigned", "FIELD", "YES"));
        // the memory tables that hold no rows still have their columns
        assertThat(names("column_privileges")).hasSize(7).startsWith("grantee");
        assertThat(f.query("SELECT * FROM information_schema.collation_character_set_applicability")
                        .rows())
                .containsExactly(List.of("utf8_bin", "utf8"));
    }

    @Test
    void keysAndConstraints_listTimeIndexAndPrimaryKey() {
        assertThat(names("key_column_usage"))
                .hasSize(14)
                .startsWith("constraint_catalog", "constraint_schema", "constraint_name");
        assertThat(f.query(
                                "SELECT constraint_name, column_name, ordinal_position FROM information_schema.key_column_usage"
                                        + " WHERE table_name = 'm' ORDER BY constraint_name, ordinal_position")
                        .rows())
                .containsExactly(
                        List.of("PRIMARY", "host", "1"),
                        List.of("PRIMARY", "idc", "2"),
                        List.of("TIME INDEX", "ts", "1"));
        assertThat(f.query("SELECT DISTINCT greptime_index_type FROM information_schema.key_column_usage"
                                + " WHERE table_name = 'm' ORDER BY 1")
                        .column(0))
                .containsExactly("", "dense");
        assertThat(f.query("SELECT constraint_type FROM information_schema.table_constraints WHERE table_name = 'm'"
                                + " ORDER BY 1")
                        .column(0))
                .containsExactly("PRIMARY KEY", "TIME INDEX");
    }

    @Test
    void otherTables_haveTheirColumns() {
        assertThat(names("schemata"))
                .containsExactly(
                        "catalog_name",
                        "schema_name",
                        "default_character_set_name",
                        "default_collation_name",
                        "sql_path",
                        "options");
        assertThat(names("views")).hasSize(10);
        assertThat(names("flows")).hasSize(16);
        assertThat(names("partitions")).hasSize(26);
        assertThat(f.query("SELECT engine FROM information_schema.engines").column(0))
                .containsExactly("mito", "metric");
        assertThat(f.query("SELECT count(*) FROM information_schema.cluster_info")
                        .column(0))
                .containsExactly("1");
    }

    @Test
    void showColumnsAndIndex_comeFromInformationSchema() {
        assertThat(f.query("SHOW COLUMNS FROM m LIKE 'c%'").rows())
                .containsExactly(List.of("cpu", "double", "YES", "", "0", "", "Float64"));
        assertThat(f.query("SHOW INDEX FROM m").column(2)).containsExactly("PRIMARY", "PRIMARY", "TIME INDEX");
    }
}
