package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.StatusCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** CREATE VIEW with a column list, and the statement text SHOW CREATE VIEW gives back. */
class ViewColumnListTest {
    private final EngineFixture f = new EngineFixture();

    @BeforeEach
    void table() {
        f.update("CREATE TABLE m (host STRING, v DOUBLE, ts TIMESTAMP TIME INDEX)");
        f.update("INSERT INTO m VALUES ('a', 1.5, 1), ('b', 2.5, 2)");
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void columnList_renamesTheQuerysColumnsAndMustNameEveryOne() {
        f.fails(
                "CREATE VIEW w (x) AS SELECT host, v FROM m",
                StatusCode.INVALID_ARGUMENTS,
                "Expect 2 columns for view w, but found 1");
        f.update("CREATE VIEW IF NOT EXISTS w (h, \"value\") AS SELECT host, v * 2 FROM m");
        EngineFixture.Result r = f.query("SELECT * FROM w WHERE value > 3 ORDER BY h");
        assertThat(r.schema().getFields().stream().map(x -> x.getName())).containsExactly("h", "value");
        assertThat(r.rows()).containsExactly(java.util.List.of("b", "5.0"));
        assertThat(f.query("SHOW CREATE VIEW w").rows().get(0))
                .containsExactly("w", "CREATE VIEW IF NOT EXISTS w (h, \"value\") AS SELECT host, v * 2 FROM m");
    }

    @Test
    void orReplace_isKeptInTheDefinitionAndExcludesIfNotExists() {
        f.update("CREATE OR REPLACE VIEW w AS SELECT host FROM m");
        assertThat(f.query("SHOW CREATE VIEW w").rows().get(0).get(1))
                .isEqualTo("CREATE OR REPLACE VIEW w AS SELECT host FROM m");
        f.fails(
                "CREATE OR REPLACE VIEW IF NOT EXISTS w AS SELECT v FROM m",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid SQL, error: syntax error Create Or Replace and If Not Exist cannot be used together");
        f.update("DROP VIEW w");
        f.fails("SHOW CREATE VIEW w", StatusCode.TABLE_NOT_FOUND, "View not found: w");
    }
}
