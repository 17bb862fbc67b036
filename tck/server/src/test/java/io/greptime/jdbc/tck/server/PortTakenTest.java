package io.greptime.jdbc.tck.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.BindException;
import org.junit.jupiter.api.Test;

/**
 * Which bind failures make the embedded server try another (or the same, later) port: the JDK's
 * BindException, and the native transports' EADDRINUSE, which netty's epoll reports as a plain
 * IOException (the shape of the failure a CI run met when a chosen port was taken between two tests).
 */
class PortTakenTest {

    @Test
    void addressInUse_isRecognised_fromTheJdkAndFromNettysNativeTransports() {
        assertThat(PortBinding.portTaken(
                        new IOException("Failed to bind to address /127.0.0.1:31053", new BindException("in use"))))
                .isTrue();
        IOException nativeError = new IOException("bind(..) failed with error(-98): Address already in use");
        assertThat(PortBinding.portTaken(new IOException("Failed to bind to address /127.0.0.1:31053", nativeError)))
                .isTrue();
    }

    @Test
    void otherFailures_areNotRetried() {
        assertThat(PortBinding.portTaken(new IOException("Failed to bind", new IOException("Permission denied"))))
                .isFalse();
        assertThat(PortBinding.portTaken(new IOException("no cause"))).isFalse();
    }
}
