package io.greptime.jdbc.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CreateTableTextTest {

    @Test
    void readsKeyDefaultsEngineAndOptions_asGreptimeDbPrintsThem() {
        CreateTableText t = CreateTableText.parse("CREATE TABLE IF NOT EXISTS \"cpu\" (\n"
                + "  \"ts\" TIMESTAMP(3) NOT NULL,\n"
                + "  \"host\" STRING NULL,\n"
                + "  \"dc\" STRING NULL DEFAULT 'x,y' COMMENT 'has DEFAULT (in text)',\n"
                + "  \"usage\" DOUBLE NULL DEFAULT 0 FULLTEXT INDEX WITH(analyzer = 'English'),\n"
                + "  TIME INDEX (\"ts\"),\n"
                + "  PRIMARY KEY (\"host\", dc)\n"
                + ")\n"
                + "PARTITION ON COLUMNS (\"host\") (\n  host < 'm',\n  host >= 'm'\n)\n"
                + "ENGINE=mito\n"
                + "WITH(\n  append_mode = 'true',\n  'memtable.type' = 'partition_tree',\n  ttl = 'instant'\n)");
        assertThat(t.primaryKey()).containsExactly("host", "dc");
        assertThat(t.withDefault()).isEqualTo(Set.of("dc", "usage"));
        assertThat(t.engine()).isEqualTo("mito");
        assertThat(t.appendMode()).isTrue();
        assertThat(t.memtableType()).isEqualTo("partition_tree");
        assertThat(t.instantTtl()).isTrue();
    }

    @Test
    void metricEngine_unquotedDottedKeys_andNoOptions() {
        CreateTableText t = CreateTableText.parse("CREATE TABLE m (ts TIMESTAMP(3) NOT NULL, TIME INDEX (ts))\n"
                + "ENGINE=metric\nWITH(on_physical_table = 'phy', memtable.type = 'time_series')");
        assertThat(t.primaryKey()).isEmpty();
        assertThat(t.engine()).isEqualTo("metric");
        assertThat(t.memtableType()).isEqualTo("time_series");
        assertThat(t.appendMode()).isFalse();
        assertThat(CreateTableText.parse("CREATE TABLE x (ts TIMESTAMP TIME INDEX)\nENGINE=mito")
                        .options())
                .isEmpty();
    }

    @Test
    void textItCannotRead_givesEmptyParts() {
        CreateTableText t = CreateTableText.parse("not a create table");
        assertThat(t.primaryKey()).isEqualTo(List.of());
        assertThat(t.engine()).isEmpty();
        assertThat(t.appendMode()).isFalse();
    }
}
