package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * COMMENT ON TABLE, COLUMN and FLOW (GreptimeDB v1.0+): the comment lands where GreptimeDB keeps it (the
 * table's {@code comment} option, the column's COMMENT, the flow's COMMENT clause), every statement that
 * shows it shows it, {@code IS NULL} takes it away, and what cannot be commented is refused with
 * GreptimeDB's status.
 */
class CommentOnTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private String showCreate(String table) {
        return f.query("SHOW CREATE TABLE " + table).rows().get(0).get(1);
    }

    @Test
    void tableComment_isTheCommentOption_andIsNullRemovesIt() {
        f.update("CREATE TABLE m (pk INT, val DOUBLE, ts TIMESTAMP TIME INDEX, PRIMARY KEY (pk))");

        assertThat(f.update("COMMENT ON TABLE m IS 'table level description'")).isZero();

        assertThat(showCreate("m")).endsWith("ENGINE=mito\nWITH(\n  comment = 'table level description'\n)");
        assertThat(f.query("SELECT table_comment FROM information_schema.tables WHERE table_name = 'm'")
                        .rows())
                .containsExactly(List.of("table level description"));

        f.update("COMMENT ON TABLE public.m IS 'it''s qualified'");
        assertThat(f.query("SELECT table_comment FROM information_schema.tables WHERE table_name = 'm'")
                        .rows())
                .containsExactly(List.of("it's qualified"));

        f.update("COMMENT ON TABLE m IS NULL");
        assertThat(showCreate("m")).doesNotContain("comment").endsWith("ENGINE=mito\n");
        assertThat(f.query("SELECT table_comment FROM information_schema.tables WHERE table_name = 'm'")
                        .column(0))
                .allSatisfy(c -> assertThat(c).isNullOrEmpty());
        // the table itself is untouched
        f.update("INSERT INTO m VALUES (1, 2.5, 1000)");
        assertThat(f.query("SELECT pk, val FROM m").rows()).containsExactly(List.of("1", "2.5"));
    }

    @Test
    void columnComment_showsInShowCreateAndInformationSchema() {
        f.update("CREATE TABLE m (pk INT, val DOUBLE, \"Mixed\" STRING, ts TIMESTAMP TIME INDEX, PRIMARY KEY (pk))");

        // a bare name is lower-cased as everywhere; a quoted one keeps its case
        f.update("COMMENT ON COLUMN m.VAL IS 'value column description'");
        f.update("COMMENT ON COLUMN public.m.\"Mixed\" IS 'mixed case'");

        assertThat(showCreate("m"))
                .contains("  \"val\" DOUBLE NULL COMMENT 'value column description',\n")
                .contains("  \"Mixed\" STRING NULL COMMENT 'mixed case',\n");
        assertThat(f.query("SELECT column_name, column_comment FROM information_schema.columns"
                                + " WHERE table_name = 'm' AND column_comment IS NOT NULL AND column_comment <> ''"
                                + " ORDER BY column_name")
                        .rows())
                .containsExactly(List.of("Mixed", "mixed case"), List.of("val", "value column description"));

        f.update("COMMENT ON COLUMN m.val IS NULL");
        assertThat(showCreate("m")).contains("  \"val\" DOUBLE NULL,\n").contains("COMMENT 'mixed case'");
    }

    @Test
    void flowComment_showsInShowCreateFlowAndInformationSchema() {
        f.update("CREATE TABLE src (desc_str STRING, ts TIMESTAMP TIME INDEX)");
        f.update("CREATE TABLE snk (desc_str STRING, ts TIMESTAMP TIME INDEX)");
        f.update("CREATE FLOW fl SINK TO snk AS SELECT desc_str, ts FROM src");

        f.update("COMMENT ON FLOW fl IS 'flow level description'");

        assertThat(f.query("SHOW CREATE FLOW fl").rows().get(0).get(1))
                .isEqualTo("CREATE FLOW IF NOT EXISTS fl\nSINK TO public.snk\nCOMMENT 'flow level description'\n"
                        + "AS SELECT desc_str, ts FROM src");
        assertThat(f.query("SELECT comment FROM information_schema.flows WHERE flow_name = 'fl'")
                        .rows())
                .containsExactly(List.of("flow level description"));

        f.update("COMMENT ON FLOW fl IS NULL");
        assertThat(f.query("SHOW CREATE FLOW fl").rows().get(0).get(1))
                .isEqualTo("CREATE FLOW IF NOT EXISTS fl\nSINK TO public.snk\nAS SELECT desc_str, ts FROM src");
        // the flow still runs
        f.update("INSERT INTO src VALUES ('a', 1000)");
        f.query("ADMIN flush_flow('fl')");
        assertThat(f.query("SELECT desc_str FROM snk").rows()).containsExactly(List.of("a"));
    }

    @Test
    void refusals_haveGreptimeDbsStatus() {
        f.update("CREATE TABLE m (ts TIMESTAMP TIME INDEX, val DOUBLE)");
        f.fails("COMMENT ON TABLE nope IS 'x'", StatusCode.TABLE_NOT_FOUND, "Table not found: 'greptime.public.nope'");
        f.fails(
                "COMMENT ON COLUMN m.nope IS 'x'",
                StatusCode.UNEXPECTED,
                "Column not found in column metadata, column_name: nope, column_id: 0");
        f.fails("COMMENT ON FLOW nope IS 'x'", StatusCode.FLOW_NOT_FOUND, "Flow not found: 'nope'");
        f.fails(
                "COMMENT ON COLUMN val IS 'x'",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL, error: COMMENT ON COLUMN expects <table>.<column>");
        f.fails(
                "COMMENT ON INDEX m IS 'x'",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: Expected TABLE, COLUMN or FLOW, found: INDEX");
        f.fails(
                "COMMENT ON TABLE m 'x'",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: Expected IS, found: 'x'");
        f.fails(
                "COMMENT ON TABLE m IS 42",
                StatusCode.INVALID_SYNTAX,
                "Invalid SQL syntax: sql parser error: Expected literal string, found: 42");
        f.update("CREATE VIEW v AS SELECT ts FROM m");
        f.fails(
                "COMMENT ON TABLE v IS 'x'",
                StatusCode.UNSUPPORTED,
                "COMMENT ON a view is not supported by the embedded server");
        // nothing of the refused statements stuck
        assertThat(showCreate("m")).doesNotContain("COMMENT").doesNotContain("comment");
    }

    @Test
    void linesBeforeOneDotZeroDoNotKnowTheStatement() {
        f.update("CREATE TABLE m (ts TIMESTAMP TIME INDEX, val DOUBLE)");
        for (ServerProfile p : new ServerProfile[] {ServerProfile.V0_14, ServerProfile.V0_17}) {
            f.ctx = f.ctx.withProfile(p);
            f.fails(
                    "COMMENT ON TABLE m IS 'x'",
                    StatusCode.UNSUPPORTED,
                    "SQL statement is not supported, keyword: COMMENT");
        }
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        f.update("COMMENT ON TABLE m IS 'x'");
        assertThat(showCreate("m")).contains("comment = 'x'");
    }

    @Test
    void commentsOutliveARestart(@TempDir Path dir) {
        try (EngineFixture disk = new EngineFixture(DuckDbEngine.open(dir))) {
            disk.update("CREATE TABLE m (val DOUBLE, ts TIMESTAMP TIME INDEX)");
            disk.update("CREATE TABLE snk (val DOUBLE, ts TIMESTAMP TIME INDEX)");
            disk.update("CREATE FLOW fl SINK TO snk AS SELECT val, ts FROM m");
            disk.update("COMMENT ON TABLE m IS 'kept'");
            disk.update("COMMENT ON COLUMN m.val IS 'kept too'");
            disk.update("COMMENT ON FLOW fl IS 'and this'");
        }
        try (EngineFixture disk = new EngineFixture(DuckDbEngine.open(dir))) {
            String create = disk.query("SHOW CREATE TABLE m").rows().get(0).get(1);
            assertThat(create)
                    .contains("\"val\" DOUBLE NULL COMMENT 'kept too'")
                    .contains("comment = 'kept'");
            assertThat(disk.query("SHOW CREATE FLOW fl").rows().get(0).get(1)).contains("COMMENT 'and this'");
        }
    }
}
