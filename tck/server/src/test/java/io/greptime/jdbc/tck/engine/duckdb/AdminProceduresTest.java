package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.duckdb.functions.ProcedureIds;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ADMIN migrate_region / procedure_state / add_region_follower / remove_region_follower / purge_table /
 * discard_unflushed as a standalone GreptimeDB answers them. The v1.0 texts were replayed on a real
 * GreptimeDB v1.0.0 standalone; the other lines' shapes follow their src/operator/src/error.rs (v0.14-v0.15:
 * the inner error alone; v1.2+: "Failed to execute admin function F: ...").
 */
class AdminProceduresTest {
    private EngineFixture f;

    @BeforeEach
    void setUp() {
        f = new EngineFixture();
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
    }

    @AfterEach
    void tearDown() {
        f.close();
    }

    private static String v10(String fn, String inner) {
        String df = "Execution error: Function execution error: " + inner;
        return "Failed to execute admin function: Failed to execute admin function " + fn + ", error: " + df + ": "
                + df;
    }

    @Test
    void migrateRegion_isUnsupportedInStandalone_onEveryLine() {
        String sql = "ADMIN migrate_region(4398046511104, 1, 2)";
        f.fails(sql, StatusCode.UNEXPECTED, v10("migrate_region", "Unsupported operation migrate_region"));
        f.fails(
                "ADMIN migrate_region(1.5, 2, 3, 4)",
                StatusCode.UNEXPECTED,
                v10("migrate_region", "Unsupported operation migrate_region"));
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        f.fails(sql, StatusCode.UNEXPECTED, v10("migrate_region", "Unsupported operation migrate_region"));
        f.ctx = f.ctx.withProfile(ServerProfile.V0_15);
        f.fails(sql, StatusCode.UNSUPPORTED, "Unsupported operation migrate_region");
        f.ctx = f.ctx.withProfile(ServerProfile.V1_2);
        f.fails(
                sql,
                StatusCode.UNEXPECTED,
                "Failed to execute admin function migrate_region: Execution error: Unsupported operation migrate_region");
    }

    @Test
    void migrateRegion_argumentsCheckedAgainstItsSignature() {
        String mismatch = "Failed to build admin function args: function signature not match";
        f.fails("ADMIN migrate_region(1, 2)", StatusCode.INVALID_ARGUMENTS, mismatch);
        f.fails("ADMIN migrate_region(1, 2, 3, 4, 5)", StatusCode.INVALID_ARGUMENTS, mismatch);
        f.fails("ADMIN migrate_region()", StatusCode.INVALID_ARGUMENTS, mismatch);
        f.fails("ADMIN migrate_region('a', 2, 3)", StatusCode.INVALID_ARGUMENTS, mismatch);
        f.fails(
                "ADMIN migrate_region(NULL, 1, 2)",
                StatusCode.INVALID_ARGUMENTS,
                "Fail to create datafusion record batch: Invalid argument error: Column 'ADMIN migrate_region(NULL, 1,"
                        + " 2)' is declared as non-nullable but contains null values");
    }

    @Test
    void procedureState_knowsNoProcedure_andParsesIdsAsTheUuidCrate() {
        String[][] cases = {
            {"00000000-0000-0000-0000-000000000000", "Procedure not found: 00000000-0000-0000-0000-000000000000"},
            {"0123456789ABCDEF0123456789ABCDEF", "Procedure not found: 01234567-89ab-cdef-0123-456789abcdef"},
            {
                "urn:uuid:01234567-89ab-cdef-0123-456789abcdef",
                "Procedure not found: 01234567-89ab-cdef-0123-456789abcdef"
            },
            {"{01234567-89ab-cdef-0123-456789abcdef}", "Procedure not found: 01234567-89ab-cdef-0123-456789abcdef"},
            {"abc", "Failed to parse procedure id: abc: invalid length: expected length 32 for simple format, found 3"},
            {"", "Failed to parse procedure id: : invalid length: expected length 32 for simple format, found 0"},
            {
                "abcg",
                "Failed to parse procedure id: abcg: invalid character: expected an optional prefix of `urn:uuid:`"
                        + " followed by [0-9a-fA-F-], found `g` at 4"
            },
            {
                "ü",
                "Failed to parse procedure id: ü: invalid character: expected an optional prefix of `urn:uuid:`"
                        + " followed by [0-9a-fA-F-], found `ü` at 1"
            },
            {"a-b", "Failed to parse procedure id: a-b: invalid group count: expected 5, found 2"},
            {
                "0123456-89ab-cdef-0123-456789abcdef",
                "Failed to parse procedure id: 0123456-89ab-cdef-0123-456789abcdef:"
                        + " invalid group length in group 0: expected 8, found 7"
            },
        };
        for (String[] c : cases) {
            f.fails("ADMIN procedure_state('" + c[0] + "')", StatusCode.UNEXPECTED, v10("procedure_state", c[1]));
        }
    }

    @Test
    void procedureState_arguments() {
        f.fails(
                "ADMIN procedure_state(1)",
                StatusCode.INVALID_ARGUMENTS,
                "Failed to build admin function args: failed to cast 1");
        f.fails(
                "ADMIN procedure_state(1.5)",
                StatusCode.INVALID_ARGUMENTS,
                "Failed to build admin function args: failed to cast 1.5");
        f.fails("ADMIN procedure_state('a', 'b')", StatusCode.INVALID_ARGUMENTS, "Expected 1 args, but actual 2");
        f.fails("ADMIN procedure_state()", StatusCode.INVALID_ARGUMENTS, "Expected 1 args, but actual 0");
        f.fails(
                "ADMIN procedure_state(NULL)",
                StatusCode.UNEXPECTED,
                v10("procedure_state", "Unsupported input datatypes [Null(NullType)] in function procedure_state"));
    }

    @Test
    void regionFollowers_untilOneDotZero() {
        f.fails(
                "ADMIN add_region_follower(1, 2)",
                StatusCode.INVALID_ARGUMENTS,
                "Admin function not found: add_region_follower");
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        f.fails(
                "ADMIN remove_region_follower(1, 2)",
                StatusCode.UNEXPECTED,
                v10("remove_region_follower", "Unsupported operation remove_region_follower"));
        f.fails(
                "ADMIN add_region_follower(1)",
                StatusCode.INVALID_ARGUMENTS,
                "Failed to build admin function args: function signature not match");
    }

    @Test
    void purgeTable_findsNoDroppedTable_andDiscardUnflushed_namesAMissingTable() {
        f.ctx = f.ctx.withProfile(ServerProfile.V1_2);
        f.update("CREATE TABLE kept (ts TIMESTAMP TIME INDEX, v DOUBLE)");
        f.fails(
                "ADMIN purge_table('kept')",
                StatusCode.UNEXPECTED,
                "Failed to execute admin function purge_table: Execution error: Table not found: greptime.public.kept");
        f.fails(
                "ADMIN discard_unflushed('gone')",
                StatusCode.UNEXPECTED,
                "Failed to execute admin function discard_unflushed: Execution error: Table not found:"
                        + " greptime.public.gone");
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        f.fails("ADMIN purge_table('kept')", StatusCode.INVALID_ARGUMENTS, "Admin function not found: purge_table");
    }

    @Test
    void procedureIds_unitCases() {
        assertThat(ProcedureIds.invalid("01234567-89ab-cdef-0123-456789abcdef")).isNull();
        assertThat(ProcedureIds.invalid("01234567-89ab-cdef-0123-456789abcde"))
                .isEqualTo("invalid group length in group 4: expected 12, found 11");
        assertThat(ProcedureIds.invalid("ab cd")).endsWith("found ` ` at 3");
    }

    @Test
    void flushTable_readsItsArgumentAsAnObjectName() {
        // session/src/table_name.rs: bare parts lower-cased, quoted parts kept, catalog.schema.table accepted
        f.update("CREATE TABLE \"Mixed\" (ts TIMESTAMP TIME INDEX, v DOUBLE)");
        assertThat(f.query("ADMIN flush_table('\"Mixed\"')").rows()).containsExactly(java.util.List.of("0"));
        assertThat(f.query("ADMIN flush_table('greptime.public.\"Mixed\"')").rows())
                .containsExactly(java.util.List.of("0"));
        f.fails(
                "ADMIN flush_table('Mixed')",
                StatusCode.UNEXPECTED,
                v10("flush_table", "Table not found: greptime.public.mixed"));
        f.fails(
                "ADMIN compact_table('other.public.\"Mixed\"')",
                StatusCode.UNEXPECTED,
                v10("compact_table", "Permission denied while operating catalog other from current catalog greptime"));
        assertThat(f.query("SELECT flush_table('public.\"Mixed\"')").rows()).containsExactly(java.util.List.of("0"));
    }
}
