package io.greptime.jdbc.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The JUnit 5 extension behind {@link EmbeddedGreptime} (also usable as {@code @ExtendWith}, with the defaults of
 * {@link EmbeddedGreptime}): starts a {@link GreptimeTestServer} before the class or before each test, stops it
 * after, and hands it to parameters of that type.
 */
public final class GreptimeServerExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(GreptimeServerExtension.class);
    private static final String KEY = "server";

    @Override
    public void beforeAll(ExtensionContext context) {
        if (settings(context).lifecycle() == EmbeddedGreptime.Lifecycle.PER_CLASS) {
            start(context);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (settings(context).lifecycle() == EmbeddedGreptime.Lifecycle.PER_METHOD) {
            start(context);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (settings(context).lifecycle() == EmbeddedGreptime.Lifecycle.PER_METHOD) {
            stop(context);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (settings(context).lifecycle() == EmbeddedGreptime.Lifecycle.PER_CLASS) {
            stop(context);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == GreptimeTestServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        for (ExtensionContext c = context; c != null; c = c.getParent().orElse(null)) {
            GreptimeTestServer server = c.getStore(NAMESPACE).get(KEY, GreptimeTestServer.class);
            if (server != null) {
                return server;
            }
        }
        // a @BeforeAll parameter of a PER_METHOD class: there is no server yet
        throw new ParameterResolutionException("no embedded GreptimeDB server is running here: with lifecycle "
                + "PER_METHOD a server exists only around each test, so take the parameter in the test or @BeforeEach");
    }

    private static void start(ExtensionContext context) {
        EmbeddedGreptime s = settings(context);
        context.getStore(NAMESPACE).put(KEY, new GreptimeTestServer(s.profile(), s.database(), s.timezone()));
    }

    private static void stop(ExtensionContext context) {
        GreptimeTestServer server = context.getStore(NAMESPACE).remove(KEY, GreptimeTestServer.class);
        if (server != null) {
            server.close();
        }
    }

    private static EmbeddedGreptime settings(ExtensionContext context) {
        return context.getTestClass()
                .flatMap(c -> AnnotationSupport.findAnnotation(c, EmbeddedGreptime.class))
                .orElse(Defaults.class.getAnnotation(EmbeddedGreptime.class));
    }

    /** Carries the annotation's defaults for classes that use {@code @ExtendWith} alone. */
    @EmbeddedGreptime
    private static final class Defaults {}
}
