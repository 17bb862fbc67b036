package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnswerTest {

    @Test
    void affected_printsTheRunnerLine() {
        assertThat(new Answer.Affected(3).render()).isEqualTo("Affected Rows: 3");
    }

    @Test
    void failure_namesTheStatusInCamelCase() {
        assertThat(new Answer.Failure(4001, "Table not found: greptime.public.x").render())
                .isEqualTo("Error: 4001(TableNotFound), Table not found: greptime.public.x");
        assertThat(new Answer.Failure(1004, "Invalid request parameter: x").render())
                .isEqualTo("Error: 1004(InvalidArguments), Invalid request parameter: x");
        assertThat(new Answer.Failure(3001, "m").render()).isEqualTo("Error: 3001(EngineExecuteQuery), m");
    }

    @Test
    void failure_masksInternalAndUnknown() {
        assertThat(new Answer.Failure(1003, "secret detail").render())
                .isEqualTo("Error: 1003(Internal), Internal error: 1003");
        assertThat(new Answer.Failure(1000, "secret detail").render())
                .isEqualTo("Error: 1000(Unknown), Internal error: 1000");
    }

    @Test
    void failure_dropsTheMetaClientTransportDetailOnlyWhenTheCodeMatches() {
        assertThat(new Answer.Failure(
                                1004,
                                "Invalid options, code: InvalidArguments, tonic code: Client specified an invalid argument")
                        .render())
                .isEqualTo("Error: 1004(InvalidArguments), Invalid options");
        assertThat(new Answer.Failure(1004, "Invalid options, code: Unsupported, tonic code: x").render())
                .isEqualTo("Error: 1004(InvalidArguments), Invalid options, code: Unsupported, tonic code: x");
    }
}
