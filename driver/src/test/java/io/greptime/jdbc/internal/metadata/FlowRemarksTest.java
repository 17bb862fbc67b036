package io.greptime.jdbc.internal.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FlowRemarksTest {
    @Test
    void query_isTheTextFromTheLineStartingWithAs() {
        // the shape of information_schema.flows.flow_definition in GreptimeDB (sqlness flow/show_create_flow)
        String definition = "CREATE FLOW IF NOT EXISTS f\nSINK TO public.out\nEXPIRE AFTER '1h'\n"
                + "COMMENT 'counts AS of now'\nAS SELECT a,\n  count(*) AS n FROM t GROUP BY a";
        assertThat(FlowRemarks.query(definition)).isEqualTo("SELECT a,   count(*) AS n FROM t GROUP BY a");
    }

    @Test
    void query_withoutAnAsLineIsTheWholeDefinitionOnOneLine() {
        assertThat(FlowRemarks.query("SELECT a\nFROM t")).isEqualTo("SELECT a FROM t");
        assertThat(FlowRemarks.query(null)).isEmpty();
    }
}
