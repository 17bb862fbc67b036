package io.greptime.jdbc.internal.redact;

import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * Keeps the gRPC and netty logs from showing credentials, installed once before the first channel.
 *
 * <p>In the all-in-one jar gRPC and netty are relocated under {@value #SHADED_ROOT}, so they sat under the
 * driver's root logger: {@code io.greptime.jdbc.level = FINE} switched on gRPC's HTTP/2 frame logger,
 * which prints every header (the DoPut auth header among them) and hex dumps of request bodies (which
 * carry the password). So that subtree gets level INFO of its own, unless the logging configuration names
 * it; a logger below it that is asked for by its full name (the frame logger is
 * {@code io.greptime.jdbc.shaded.io.grpc.netty.NettyClientHandler}) still logs at its level.
 *
 * <p>Whether shaded or not, netty's logger factory is wrapped so that the HTTP/2 frame loggers (and
 * netty's LoggingHandler) redact what they print ({@link RedactingNettyLogger}); every other netty logger
 * is the one the factory made, untouched.
 */
public final class GrpcLogging {
    /** Where the all-in-one jar relocates its dependencies. */
    public static final String SHADED_ROOT = "io.greptime.jdbc.shaded";

    private static final AtomicBoolean INSTALLED = new AtomicBoolean();
    /** Held strongly: JUL forgets the level of a logger nobody references. */
    private static volatile Logger shadedRoot;

    private GrpcLogging() {}

    /** Installs both rules once per class loader; cheap after the first call. */
    public static void install() {
        if (!INSTALLED.compareAndSet(false, true)) {
            return;
        }
        if (InternalLoggerFactory.class.getName().startsWith(SHADED_ROOT + ".")) {
            quietShadedLoggers();
        }
        InternalLoggerFactory current = InternalLoggerFactory.getDefaultFactory();
        if (!(current instanceof Redacting)) {
            Redacting wrapped = Redacting.around(current);
            if (wrapped != null) {
                InternalLoggerFactory.setDefaultFactory(wrapped);
            }
        }
    }

    private static void quietShadedLoggers() {
        if (LogManager.getLogManager().getProperty(SHADED_ROOT + ".level") != null) {
            return; // configured by its own name: the user asked for it
        }
        Logger root = Logger.getLogger(SHADED_ROOT);
        if (root.getLevel() == null) {
            root.setLevel(Level.INFO);
        }
        shadedRoot = root;
    }

    /** Whether netty loggers of this name print frames or bytes. */
    static boolean printsFrames(String name) {
        return name.endsWith(".NettyClientHandler")
                || name.endsWith(".NettyServerHandler")
                || name.endsWith(".Http2FrameLogger")
                || name.endsWith(".LoggingHandler");
    }

    /**
     * netty's factory, with the frame loggers wrapped. {@code newInstance} is protected and the delegate
     * is another class, so it is reached once by reflection; if that is refused, nothing is wrapped.
     */
    private static final class Redacting extends InternalLoggerFactory {
        private final InternalLoggerFactory delegate;
        private final Method newInstance;

        private Redacting(InternalLoggerFactory delegate, Method newInstance) {
            this.delegate = delegate;
            this.newInstance = newInstance;
        }

        static Redacting around(InternalLoggerFactory delegate) {
            try {
                Method m = InternalLoggerFactory.class.getDeclaredMethod("newInstance", String.class);
                m.setAccessible(true);
                return new Redacting(delegate, m);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }

        @Override
        protected InternalLogger newInstance(String name) {
            InternalLogger made;
            try {
                made = (InternalLogger) newInstance.invoke(delegate, name);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("netty logger factory failed for " + name, e);
            }
            return printsFrames(name) ? new RedactingNettyLogger(made) : made;
        }
    }
}
