package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The metric engine's refusals: string tags and one Float64 field per table, a logical table on its
 * physical table's time unit and field, and no drop of a physical table logical tables still use. Each is
 * status 1004 with the region engine's message (types in Rust's debug form, which changed for strings in
 * v1.0); nothing of a refused statement is left behind.
 */
class MetricTablesTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private void physical() {
        f.update("CREATE TABLE phy (ts TIMESTAMP TIME INDEX, val DOUBLE) ENGINE = metric"
                + " WITH (\"physical_metric_table\" = \"\")");
    }

    private static String logical(String name, String columns) {
        return "CREATE TABLE " + name + " (" + columns + ") ENGINE = metric WITH (\"on_physical_table\" = \"phy\")";
    }

    private List<String> tables() {
        return f.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                        + " AND engine = 'metric' ORDER BY table_name")
                .column(0);
    }

    @Test
    void tagsAreStringsAndTheOneFieldIsFloat64() {
        physical();
        f.fails(
                logical("t3", "ts TIMESTAMP TIME INDEX, val STRING, host STRING, PRIMARY KEY (host)"),
                StatusCode.INVALID_ARGUMENTS,
                "Column type mismatch. Expect Float64(Float64Type), got String(StringType { size_type: Utf8 })");
        f.fails(
                logical("t4", "ts TIMESTAMP TIME INDEX, val DOUBLE, host DOUBLE, PRIMARY KEY (host)"),
                StatusCode.INVALID_ARGUMENTS,
                "Column type mismatch. Expect String(StringType { size_type: Utf8 }), got Float64(Float64Type)");
        f.fails(
                logical("t5", "ts TIMESTAMP TIME INDEX, val DOUBLE, v2 DOUBLE"),
                StatusCode.INVALID_ARGUMENTS,
                "Multiple field column found: val and v2");
        f.fails(
                logical("t6", "ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY"),
                StatusCode.INVALID_ARGUMENTS,
                "No field column found");
        f.fails(
                logical("t7", "ts TIMESTAMP TIME INDEX, val BIGINT"),
                StatusCode.INVALID_ARGUMENTS,
                "Column type mismatch. Expect Float64(Float64Type), got Int64(Int64Type)");
        f.fails(
                logical("t8", "ts TIMESTAMP TIME INDEX, val DECIMAL(10, 2)"),
                StatusCode.INVALID_ARGUMENTS,
                "Column type mismatch. Expect Float64(Float64Type), got"
                        + " Decimal128(Decimal128Type { precision: 10, scale: 2 })");
        // the checks hold for the physical table too
        f.fails(
                "CREATE TABLE phy2 (ts TIMESTAMP TIME INDEX, val STRING) ENGINE = metric"
                        + " WITH (\"physical_metric_table\" = \"\")",
                StatusCode.INVALID_ARGUMENTS,
                "Column type mismatch. Expect Float64(Float64Type), got String(StringType { size_type: Utf8 })");
        assertThat(tables()).containsExactly("phy");
    }

    @Test
    void beforeOneDotZeroTheStringTypePrintsWithoutItsSizeType() {
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        physical();
        f.fails(
                logical("t3", "ts TIMESTAMP TIME INDEX, val STRING"),
                StatusCode.INVALID_ARGUMENTS,
                "Column type mismatch. Expect Float64(Float64Type), got String(StringType)");
    }

    @Test
    void aLogicalTableTakesItsPhysicalTablesUnitAndField() {
        physical();
        f.fails(
                logical("t5", "ts TIMESTAMP TIME INDEX, valval DOUBLE, host STRING PRIMARY KEY"),
                StatusCode.INVALID_ARGUMENTS,
                "Adding field column valval to physical table");
        f.fails(
                logical("t6", "ts TIMESTAMP(6) TIME INDEX, job STRING PRIMARY KEY, val DOUBLE"),
                StatusCode.INVALID_ARGUMENTS,
                "Unexpected request: Metric has differenttime unit (Microsecond) than the physical region"
                        + " (Millisecond)");
        // new tags are fine: they become columns of the physical table
        f.update(logical("t1", "ts TIMESTAMP TIME INDEX, val DOUBLE, host STRING PRIMARY KEY"));
        assertThat(tables()).containsExactly("phy", "t1");
        assertThat(f.query("DESC TABLE phy").column(0)).contains("host");
    }

    @Test
    void vZeroFourteenDidNotCheckTheUnit() {
        f.ctx = f.ctx.withProfile(ServerProfile.V0_14);
        physical();
        f.update(logical("t6", "ts TIMESTAMP(6) TIME INDEX, job STRING PRIMARY KEY, val DOUBLE"));
        assertThat(tables()).containsExactly("phy", "t6");
    }

    @Test
    void aPhysicalTableInUseCannotBeDropped() {
        physical();
        f.update(logical("t1", "ts TIMESTAMP TIME INDEX, val DOUBLE, host STRING PRIMARY KEY"));
        f.fails(
                "DROP TABLE phy",
                StatusCode.INVALID_ARGUMENTS,
                "Physical region is busy, there are still some logical regions using it");
        assertThat(tables()).containsExactly("phy", "t1");
        f.update("DROP TABLE t1");
        f.update("DROP TABLE phy");
        assertThat(tables()).isEmpty();
    }
}
