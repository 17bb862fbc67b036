package io.greptime.jdbc.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Starts the embedded GreptimeDB-compatible server for a test class: put it on the class, and take a
 * {@link GreptimeTestServer} parameter in a test, a {@code @BeforeEach} or a {@code @BeforeAll} method.
 *
 * <pre>{@code
 * @EmbeddedGreptime
 * class CpuRepositoryTest {
 *     @Test
 *     void stores(GreptimeTestServer server) throws SQLException {
 *         try (Connection c = DriverManager.getConnection(server.jdbcUrl())) { ... }
 *     }
 * }
 * }</pre>
 */
@Target({ElementType.TYPE, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(GreptimeServerExtension.class)
public @interface EmbeddedGreptime {
    /** One server for the whole class (its tables live across tests), or a fresh, empty one per test method. */
    enum Lifecycle {
        PER_CLASS,
        PER_METHOD
    }

    Lifecycle lifecycle() default Lifecycle.PER_CLASS;

    /** The GreptimeDB version the server answers as, as the embedded server's ServerProfile names it ({@code v1.2}). */
    String profile() default "v1.2";

    /** The database {@link GreptimeTestServer#jdbcUrl()} names. */
    String database() default "public";

    /** The {@code timezone} property of {@link GreptimeTestServer#jdbcUrl()} (empty: none, the JVM zone). */
    String timezone() default "UTC";
}
