package io.greptime.jdbc.internal.put;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The DoPut answers of every server line: with and without elapsed_secs, spaces after the colons. */
class PutAckTest {
    @Test
    void putAnswers_areReadWithAndWithoutElapsedSecs() {
        PutAck v12 = PutAck.parse("{\"request_id\":12,\"affected_rows\":300,\"elapsed_secs\":0.01}".getBytes());
        assertThat(v12).isEqualTo(new PutAck(12, 300));
        assertThat(PutAck.parse("{\"request_id\": 0, \"affected_rows\": 0}".getBytes()))
                .isEqualTo(new PutAck(0, 0));
        assertThatThrownBy(() -> PutAck.parse("{\"affected_rows\":1}".getBytes()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
