package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLTransientException;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

/**
 * The driver's own failures in a call's transport become SQLExceptions (#29), whatever throwable the
 * transport raised, raw or wrapped: a direct-memory shortage 53200 (for that call), a task an ended event
 * loop refused 08006 and transient (the next call opens a new loop group), any other {@link Error} 08006.
 */
class TransportErrorTranslationTest {
    private final ErrorTranslator translator = new ErrorTranslator("admin", "hunter2");

    @Test
    void directMemoryShortage_is53200_transient_forThisCallOnly() {
        OutOfMemoryError oom = new OutOfMemoryError("Cannot reserve 1073741328 bytes of direct buffer memory");
        SQLException e = translator.translate(oom);
        assertThat((Throwable) e).isInstanceOf(SQLTransientException.class);
        assertThat(e.getSQLState()).isEqualTo("53200");
        assertThat(e.getMessage()).contains("1073741328").contains("connection stays usable");
        assertThat(e.getCause()).isSameAs(oom);
    }

    @Test
    void directMemoryShortage_wrappedInARuntimeException_isStill53200() {
        RuntimeException wrapped = new IllegalStateException(
                "read failed", new OutOfMemoryError("Cannot reserve 16777216 bytes of direct buffer memory"));
        assertThat(translator.translate(wrapped).getSQLState()).isEqualTo("53200");
    }

    @Test
    void taskRefusedByAnEndedLoop_isATransientConnectionFailure() {
        SQLException e = translator.translate(new RejectedExecutionException("event executor terminated"));
        assertThat((Throwable) e).isInstanceOf(SQLTransientConnectionException.class);
        assertThat(e.getSQLState()).isEqualTo("08006");
        assertThat(e.getMessage()).contains("event executor terminated");
    }

    @Test
    void anyOtherError_isACommunicationFailure_namingIt() {
        SQLException e = translator.translate(new AssertionError("hunter2 broke a frame"));
        assertThat(e.getSQLState()).isEqualTo("08006");
        assertThat(e.getMessage()).contains("AssertionError").doesNotContain("hunter2");
        assertThat(e.getCause())
                .as("a cause whose text holds the password is left out")
                .isNull();
    }
}
