package io.greptime.jdbc.tck.server;

import io.grpc.Server;
import java.io.IOException;
import java.net.BindException;
import java.util.concurrent.ThreadLocalRandom;

/** How the embedded server binds its ports so that a restart can always bind them again. */
final class PortBinding {
    private PortBinding() {}

    /**
     * Port 0 would get an ephemeral port, which an outgoing connection of any process may take while
     * the server is down during {@link EmbeddedGreptimeServer#restart()}. So a free port below the ephemeral ranges of Linux
     * (32768+), macOS and Windows (49152+) is chosen instead; the OS's choice is the last resort.
     */
    private static Server bindOutsideEphemeralRange(ServerFactory factory) throws IOException {
        for (int attempt = 0; attempt < 64; attempt++) {
            int candidate = 20000 + ThreadLocalRandom.current().nextInt(12000);
            try {
                return startOrRelease(factory.build(candidate));
            } catch (IOException e) {
                if (!portTaken(e)) {
                    throw e;
                }
            }
        }
        return startOrRelease(factory.build(0));
    }

    /** Builds an unstarted server on a port. */
    interface ServerFactory {
        Server build(int port) throws IOException;
    }

    /** Port 0: one outside the ephemeral ranges; else that port, retried while it is still being released. */
    static Server bind(int port, ServerFactory factory) throws IOException {
        return port == 0 ? bindOutsideEphemeralRange(factory) : bindWithRetry(port, factory);
    }

    /**
     * The port is in use: a {@link BindException} from the JDK transport, or the native transports'
     * error (netty's epoll and io_uring report EADDRINUSE as a plain IOException, which CI met once when
     * a chosen port was taken between two tests).
     */
    static boolean portTaken(IOException e) {
        for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
            if (t instanceof BindException
                    || (t.getMessage() != null && t.getMessage().contains("Address already in use"))) {
                return true;
            }
        }
        return false;
    }

    /** A server that failed to bind still holds event-loop references until it is shut down. */
    private static Server startOrRelease(Server candidate) throws IOException {
        try {
            return candidate.start();
        } catch (IOException | RuntimeException e) {
            candidate.shutdownNow();
            throw e;
        }
    }

    /** Rebinding a just-closed port can briefly fail while the old socket lets go; try for ~3 s. */
    private static Server bindWithRetry(int port, ServerFactory factory) throws IOException {
        for (int attempt = 0; ; attempt++) {
            try {
                return startOrRelease(factory.build(port));
            } catch (IOException e) {
                if (!portTaken(e) || attempt >= 30) {
                    throw e;
                }
                sleepBeforeRebind();
            }
        }
    }

    private static void sleepBeforeRebind() throws IOException {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while rebinding", e);
        }
    }
}
