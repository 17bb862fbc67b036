package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** SHOW COLLATION and SHOW CHARSET read information_schema with MySQL's column names, filtered by LIKE or WHERE. */
class ShowCharsetsTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void showCollation_listsUtf8BinAndFilters() {
        EngineFixture.Result all = f.query("SHOW COLLATION");
        assertThat(all.schema().getFields())
                .extracting(Field::getName)
                .containsExactly("Collation", "Charset", "Id", "Default", "Compiled", "Sortlen");
        assertThat(all.rows()).containsExactly(List.of("utf8_bin", "utf8", "1", "Yes", "Yes", "1"));
        assertThat(f.query("SHOW COLLATION WHERE Charset = 'utf8'").rows()).hasSize(1);
        assertThat(f.query("SHOW COLLATION WHERE Charset = 'latin1'").rows()).isEmpty();
        // LIKE matches the collation name, and 'utf8' is not 'utf8_bin'
        assertThat(f.query("SHOW COLLATION LIKE 'utf8'").rows()).isEmpty();
        assertThat(f.query("SHOW COLLATION LIKE 'utf8%'").rows()).hasSize(1);
    }

    @Test
    void showCharset_listsUtf8() {
        EngineFixture.Result all = f.query("SHOW CHARACTER SET");
        assertThat(all.schema().getFields())
                .extracting(Field::getName)
                .containsExactly("Charset", "Description", "Default collation", "Maxlen");
        assertThat(all.rows()).containsExactly(List.of("utf8", "UTF-8 Unicode", "utf8_bin", "4"));
        assertThat(f.query("SHOW CHARSET LIKE 'latin%'").rows()).isEmpty();
    }
}
