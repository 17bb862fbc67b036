package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.server.ServerProfile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * CREATE TABLE and CREATE VIEW refuse a bare keyword as a column name, as GreptimeDB's parser does
 * ({@code v1.0.0:src/sql/src/parsers/create_parser.rs:653-666}); quoted, or in any other statement, it is a
 * name like another. Which words count depends on the line's sqlparser revision.
 */
class ColumnNameKeywordsTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private static String refusal(String word) {
        return "Invalid SQL syntax: sql parser error: Cannot use keyword '" + word
                + "' as column name. Hint: add quotes to the name.";
    }

    @ParameterizedTest
    @EnumSource(ServerProfile.class)
    void everyLineRefusesOldKeywordsBareAndTakesThemQuoted(ServerProfile p) {
        f.ctx = f.ctx.withProfile(p);
        f.fails("CREATE TABLE m (ts TIMESTAMP TIME INDEX, value DOUBLE)", StatusCode.INVALID_SYNTAX, refusal("value"));
        // the name as written, not lower-cased
        f.fails("CREATE TABLE m (ts TIMESTAMP TIME INDEX, User STRING)", StatusCode.INVALID_SYNTAX, refusal("User"));
        f.update("CREATE TABLE m (ts TIMESTAMP TIME INDEX, `value` DOUBLE, \"user\" STRING PRIMARY KEY)");
        // the constraint lists and ALTER's ADD COLUMN do not check (sqlparser's own column parser)
        f.update("ALTER TABLE m ADD COLUMN name STRING");
        f.update("INSERT INTO m (ts, value, user, name) VALUES (1, 2.5, 'u', 'n')");
        assertThat(f.query("SELECT value, user, name FROM m").rows())
                .containsExactly(java.util.List.of("2.5", "u", "n"));
        f.fails("CREATE VIEW w (h, time) AS SELECT ts, value FROM m", StatusCode.INVALID_SYNTAX, refusal("time"));
        f.update("CREATE VIEW w (h, `time`) AS SELECT ts, value FROM m");
        assertThat(f.query("SHOW CREATE VIEW w").rows().get(0).get(1))
                .isEqualTo("CREATE VIEW w (h, `time`) AS SELECT ts, value FROM m");
    }

    @Test
    void theListGrowsWithTheLine() {
        // METRIC joined sqlparser's list in v0.17's revision, SIZE and REGION in v1.0's
        f.ctx = f.ctx.withProfile(ServerProfile.V0_15);
        f.update("CREATE TABLE a (ts TIMESTAMP TIME INDEX, metric DOUBLE, size INT)");
        f.ctx = f.ctx.withProfile(ServerProfile.V0_17);
        f.fails(
                "CREATE TABLE b (ts TIMESTAMP TIME INDEX, metric DOUBLE)",
                StatusCode.INVALID_SYNTAX,
                refusal("metric"));
        f.update("CREATE TABLE b (ts TIMESTAMP TIME INDEX, size INT, region STRING)");
        f.ctx = f.ctx.withProfile(ServerProfile.V1_0);
        f.fails("CREATE TABLE c (ts TIMESTAMP TIME INDEX, size INT)", StatusCode.INVALID_SYNTAX, refusal("size"));
        f.ctx = f.ctx.withProfile(ServerProfile.V1_3);
        f.fails(
                "CREATE TABLE c (ts TIMESTAMP TIME INDEX, region STRING)",
                StatusCode.INVALID_SYNTAX,
                refusal("region"));
        // words that are no keyword in any line stay free
        f.update("CREATE TABLE c (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, v DOUBLE, qty INT, venue STRING)");
    }
}
