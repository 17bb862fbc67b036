package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code SELECT *} over USING and NATURAL joins keeps every column where it stands and drops, of each
 * join column pair, the one whose qualified name sorts last (DataFusion's exclude_using_columns).
 */
class UsingJoinStarTest {
    private final EngineFixture f = new EngineFixture();

    @BeforeEach
    void data() {
        f.update("CREATE TABLE u (user_id INT, `name` STRING, ts TIMESTAMP TIME INDEX)");
        f.update("CREATE TABLE o (order_id INT, user_id INT, ts TIMESTAMP TIME INDEX)");
        f.update("INSERT INTO u VALUES (1, 'ann', 1000), (3, 'cy', 3000)");
        f.update("INSERT INTO o VALUES (10, 1, 2000)");
    }

    @AfterEach
    void close() {
        f.close();
    }

    private static List<String> columns(EngineFixture.Result r) {
        return r.schema().getFields().stream().map(Field::getName).toList();
    }

    @Test
    void using_keepsTheColumnOfTheFirstQualifier() {
        // "o" sorts before "u": o.user_id stays (after order_id), u.user_id goes
        EngineFixture.Result r = f.query("SELECT * FROM u JOIN o USING (user_id)");
        assertThat(columns(r)).containsExactly("name", "ts", "order_id", "user_id", "ts");
        assertThat(r.rows()).containsExactly(List.of("ann", "1970-01-01T00:00:01", "10", "1", "1970-01-01T00:00:02"));
        // aliases are the qualifiers: "a" (u) sorts before "b" (o)
        assertThat(columns(f.query("SELECT * FROM o AS b JOIN u AS a USING (user_id)")))
                .containsExactly("order_id", "ts", "user_id", "name", "ts");
    }

    @Test
    void leftJoin_readsTheKeptColumn_nullWhereTheRightSideHasNoRow() {
        EngineFixture.Result r = f.query("SELECT * FROM u LEFT JOIN o USING (user_id) ORDER BY name");
        assertThat(r.rows().get(1)).isEqualTo(Arrays.asList("cy", "1970-01-01T00:00:03", null, null, null));
    }

    @Test
    void natural_joinsOnEveryCommonColumn() {
        f.update("CREATE TABLE e (emp INT, dept INT, ts TIMESTAMP TIME INDEX)");
        f.update("CREATE TABLE d (dept INT, dname STRING, ts TIMESTAMP TIME INDEX)");
        f.update("INSERT INTO e VALUES (1, 7, 1000)");
        f.update("INSERT INTO d VALUES (7, 'eng', 1000)");
        EngineFixture.Result r = f.query("SELECT * FROM e NATURAL JOIN d");
        assertThat(columns(r)).containsExactly("emp", "dept", "dname", "ts");
        assertThat(r.rows()).containsExactly(List.of("1", "7", "eng", "1970-01-01T00:00:01"));
    }
}
