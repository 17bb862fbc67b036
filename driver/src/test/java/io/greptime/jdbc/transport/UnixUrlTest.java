package io.greptime.jdbc.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.config.ConfigException;
import io.greptime.jdbc.internal.config.ConnectionConfig;
import io.greptime.jdbc.internal.config.JdbcUrl;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The unix socket URL form and the unixSocket property, parsed without a server. */
class UnixUrlTest {

    @Test
    void socketPathEndsAtTheFirstSegmentEndingInSock() throws Exception {
        JdbcUrl url = JdbcUrl.parse("jdbc:greptime:unix:///var/run/greptime.d/grpc.v2.sock/metrics?timezone=UTC");
        assertThat(url.endpoints())
                .containsExactly(new JdbcUrl.Endpoint("localhost", 4001, "/var/run/greptime.d/grpc.v2.sock"));
        assertThat(url.database()).isEqualTo("metrics");
        assertThat(url.parameters()).containsEntry("timezone", "UTC");
        assertThat(url.endpoints().get(0)).hasToString("unix:/var/run/greptime.d/grpc.v2.sock");
    }

    @Test
    void socketWithoutSockSuffix_isTheWholePath() throws Exception {
        JdbcUrl url = JdbcUrl.parse("jdbc:greptime:unix:///tmp/greptime/socket?database=db1");
        assertThat(url.endpoints().get(0).unixSocket()).isEqualTo("/tmp/greptime/socket");
        assertThat(url.database()).isNull();
        assertThat(ConnectionConfig.of("jdbc:greptime:unix:///tmp/greptime/socket?database=db1", null)
                        .database())
                .isEqualTo("db1");
    }

    @Test
    void aDirectoryNamedDotSockIsNotTheEnd_onlyAFileNameWithAStem() throws Exception {
        assertThat(JdbcUrl.parse("jdbc:greptime:unix:///run/.sock/g.sock")
                        .endpoints()
                        .get(0)
                        .unixSocket())
                .isEqualTo("/run/.sock/g.sock");
        assertThat(JdbcUrl.parse("jdbc:greptime:unix:///run/g.sock/").database())
                .isNull();
    }

    @Test
    void percentEncodedPathIsDecoded() throws Exception {
        assertThat(JdbcUrl.parse("jdbc:greptime:unix:///tmp/my%20dir/g.sock/db")
                        .endpoints()
                        .get(0)
                        .unixSocket())
                .isEqualTo("/tmp/my dir/g.sock");
    }

    @Test
    void relativePathOrExtraSegments_areErrors() {
        assertThatThrownBy(() -> JdbcUrl.parse("jdbc:greptime:unix://relative/g.sock"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("must be absolute");
        assertThatThrownBy(() -> JdbcUrl.parse("jdbc:greptime:unix:///run/g.sock/db/extra"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("not one database name");
    }

    @Test
    void unixSocketProperty_routesTheSingleHost() throws Exception {
        Properties p = new Properties();
        p.setProperty("unixSocket", "/run/gt/grpc");
        ConnectionConfig c = ConnectionConfig.of("jdbc:greptime://db.internal/mydb", p);
        assertThat(c.endpoints()).containsExactly(new JdbcUrl.Endpoint("db.internal", 4001, "/run/gt/grpc"));
        assertThat(c.database()).isEqualTo("mydb");
        assertThatThrownBy(() -> ConnectionConfig.of("jdbc:greptime://a,b", p))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unixSocket needs exactly one host");
    }

    @Test
    void driverAcceptsTheUnixForm() {
        assertThat(JdbcUrl.accepts("jdbc:greptime:unix:///run/g.sock")).isTrue();
        assertThat(JdbcUrl.accepts("jdbc:greptime:tcp://h")).isFalse();
    }
}
