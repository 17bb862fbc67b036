package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * CREATE / DROP / SHOW of views as GreptimeDB's frontend answers them on every line (the same code from
 * v0.14.4 to HEAD: {@code src/operator/src/statement/ddl.rs} create_view, create_view_by_expr, drop_view;
 * {@code src/operator/src/statement/show.rs} show_create_view; {@code src/query/src/sql.rs} show_views):
 * which check comes first, which status and text each failure has, and how a view's name is printed.
 */
class ViewStatementsTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private void setUp(ServerProfile profile) {
        f.ctx = f.ctx.withProfile(profile);
        f.update("CREATE TABLE t (host STRING, v DOUBLE, ts TIMESTAMP TIME INDEX, PRIMARY KEY (host))");
        f.update("INSERT INTO t VALUES ('a', 1.5, 1000), ('b', 2.5, 2000)");
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void aTableOfTheNameRefusesEveryCreateViewForm(ServerProfile profile) {
        setUp(profile);
        for (String head : List.of("CREATE VIEW", "CREATE VIEW IF NOT EXISTS", "CREATE OR REPLACE VIEW")) {
            f.fails(
                    head + " t AS SELECT 1",
                    StatusCode.TABLE_ALREADY_EXISTS,
                    "Table already exists: `greptime.public.t`");
        }
        // the table is untouched
        assertThat(f.query("SELECT host FROM t ORDER BY host").column(0)).containsExactly("a", "b");
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void anExistingViewIsKeptRefusedOrReplaced(ServerProfile profile) {
        setUp(profile);
        f.update("CREATE VIEW v AS SELECT host FROM t");
        assertThat(f.update("CREATE VIEW IF NOT EXISTS v AS SELECT v FROM t")).isZero();
        assertThat(f.query("SELECT * FROM v ORDER BY host").column(0)).containsExactly("a", "b");
        f.fails(
                "CREATE VIEW v AS SELECT v FROM t",
                StatusCode.TABLE_ALREADY_EXISTS,
                "View already exists: `greptime.public.v`");
        f.update("CREATE OR REPLACE VIEW v AS SELECT v FROM t");
        EngineFixture.Result r = f.query("SELECT * FROM v ORDER BY v");
        assertThat(r.schema().getFields().get(0).getName()).isEqualTo("v");
        assertThat(r.column(0)).containsExactly("1.5", "2.5");
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void theQueryIsPlannedAndCountedBeforeTheNameIsLookedAt(ServerProfile profile) {
        setUp(profile);
        f.update("CREATE VIEW v AS SELECT host FROM t");
        // IF NOT EXISTS does not hide a query that does not plan
        f.fails(
                "CREATE VIEW IF NOT EXISTS v AS SELECT * FROM missing",
                StatusCode.TABLE_NOT_FOUND,
                "Failed to plan SQL: Table not found: greptime.public.missing");
        // the column count is checked before OR REPLACE meets IF NOT EXISTS; the view is named as written
        f.fails(
                "CREATE OR REPLACE VIEW IF NOT EXISTS public.w (a, b) AS SELECT host FROM t",
                StatusCode.INVALID_ARGUMENTS,
                "Expect 1 columns for view public.w, but found 2");
        f.fails(
                "CREATE OR REPLACE VIEW IF NOT EXISTS w AS SELECT host FROM t",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid SQL, error: syntax error Create Or Replace and If Not Exist cannot be used together");
        f.fails(
                "CREATE VIEW nodb.w AS SELECT 1",
                StatusCode.INVALID_ARGUMENTS,
                "Failed to find schema, schema info: nodb");
        f.fails("CREATE VIEW \"a b\" AS SELECT 1", StatusCode.INVALID_ARGUMENTS, "Invalid view name: a b");
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void theBodyMustFollowAsAndBeAQuery(ServerProfile profile) {
        setUp(profile);
        f.fails(
                "CREATE VIEW w SELECT 1",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: Expected: AS, found: SELECT at Line: 1, Column: 15");
        // sqlparser takes a DML statement as a query body; DataFusion does not plan it
        f.fails(
                "CREATE VIEW w AS delete from t where host = 'a'",
                StatusCode.UNSUPPORTED,
                "Failed to plan SQL: This feature is not implemented: Query DELETE FROM t WHERE host = 'a' not"
                        + " implemented yet");
        assertThat(f.query("SELECT count(*) FROM t").column(0)).containsExactly("2");
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void dropViewTellsAMissingNameFromATable(ServerProfile profile) {
        setUp(profile);
        f.fails("DROP VIEW nope", StatusCode.TABLE_NOT_FOUND, "Table not found: greptime.public.nope");
        f.fails("DROP VIEW public.nope", StatusCode.TABLE_NOT_FOUND, "Table not found: greptime.public.nope");
        assertThat(f.update("DROP VIEW IF EXISTS nope")).isZero();
        // a table is refused, IF EXISTS or not
        f.fails("DROP VIEW t", StatusCode.INVALID_ARGUMENTS, "Invalid view \"greptime.public.t\": not a view");
        f.fails(
                "DROP VIEW IF EXISTS t",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid view \"greptime.public.t\": not a view");
        assertThat(f.query("SELECT count(*) FROM t").column(0)).containsExactly("2");

        f.update("CREATE VIEW v AS SELECT host FROM t");
        assertThat(f.update("DROP VIEW v")).isZero();
        assertThat(f.query("SHOW VIEWS").rows()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void showCreateViewPrintsTheNameTheShowStatementWrote(ServerProfile profile) {
        setUp(profile);
        f.update("CREATE VIEW public.v AS SELECT host, v * 2 AS twice FROM t WHERE v > 1");

        assertThat(f.query("SHOW CREATE VIEW v").rows())
                .containsExactly(List.of("v", "CREATE VIEW v AS SELECT host, v * 2 AS twice FROM t WHERE v > 1"));
        assertThat(f.query("SHOW CREATE VIEW public.v").rows())
                .containsExactly(
                        List.of("public.v", "CREATE VIEW public.v AS SELECT host, v * 2 AS twice FROM t WHERE v > 1"));
        // information_schema keeps the statement as CREATE wrote it
        assertThat(f.query("SELECT view_definition FROM information_schema.views WHERE table_name = 'v'")
                        .column(0))
                .containsExactly("CREATE VIEW public.v AS SELECT host, v * 2 AS twice FROM t WHERE v > 1");

        // a quoted name keeps its case and its quotes
        f.update("CREATE VIEW `Mixed` AS SELECT host FROM t");
        assertThat(f.query("SHOW CREATE VIEW public.`Mixed`").rows())
                .containsExactly(List.of("public.`Mixed`", "CREATE VIEW public.`Mixed` AS SELECT host FROM t"));

        f.fails("SHOW CREATE VIEW public.nope", StatusCode.TABLE_NOT_FOUND, "View not found: nope");
        f.fails("SHOW CREATE VIEW t", StatusCode.TABLE_NOT_FOUND, "View info not found: t");
        f.fails(
                "SHOW CREATE TABLE v",
                StatusCode.UNSUPPORTED,
                "Show create table only for base table. greptime.public.v is VIEW");
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void showViewsListsTheSchemasViewsSorted(ServerProfile profile) {
        setUp(profile);
        f.update("CREATE VIEW zeta AS SELECT host FROM t");
        f.update("CREATE VIEW alpha AS SELECT v FROM t");
        f.update("CREATE DATABASE other");
        f.update("CREATE VIEW other.beta AS SELECT 1");

        EngineFixture.Result all = f.query("SHOW VIEWS");
        assertThat(all.schema().getFields().get(0).getName()).isEqualTo("Views");
        assertThat(all.column(0)).containsExactly("alpha", "zeta");
        assertThat(f.query("SHOW VIEWS LIKE 'z%'").column(0)).containsExactly("zeta");
        assertThat(f.query("SHOW VIEWS FROM other").column(0)).containsExactly("beta");
        assertThat(f.query("SHOW VIEWS IN other WHERE Views = 'nope'").rows()).isEmpty();
        assertThat(f.query("SHOW VIEWS FROM nodb").rows()).isEmpty();
        // a view is a VIEW row of information_schema.tables with the empty engine of TableMeta::empty()
        assertThat(f.query("SELECT engine, table_type FROM information_schema.tables WHERE table_name = 'zeta'")
                        .rows())
                .containsExactly(List.of("", "VIEW"));
        // SHOW TABLES still lists views beside tables
        assertThat(f.query("SHOW FULL TABLES").rows()).contains(List.of("alpha", "VIEW"), List.of("t", "BASE TABLE"));
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void aViewKeepsTheColumnsItsQueryHadWhenCreated(ServerProfile profile) {
        setUp(profile);
        f.update("CREATE VIEW v AS SELECT * FROM t");
        f.update("ALTER TABLE t ADD COLUMN extra INT");
        f.update("INSERT INTO t (host, v, ts, extra) VALUES ('c', 3.5, 3000, 7)");

        EngineFixture.Result r = f.query("SELECT * FROM v ORDER BY host");
        assertThat(r.schema().getFields().stream().map(x -> x.getName())).containsExactly("host", "v", "ts");
        assertThat(r.column(0)).containsExactly("a", "b", "c");
    }
}
