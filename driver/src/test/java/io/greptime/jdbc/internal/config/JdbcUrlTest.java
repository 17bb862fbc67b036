package io.greptime.jdbc.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class JdbcUrlTest {

    @Test
    void parse_defaultsPortAndLeavesDatabaseUnset() throws Exception {
        JdbcUrl url = JdbcUrl.parse("jdbc:greptime://db.example");
        assertThat(url.endpoints()).containsExactly(new JdbcUrl.Endpoint("db.example", 4001));
        assertThat(url.database()).isNull();
        assertThat(url.parameters()).isEmpty();
    }

    @Test
    void parse_readsHostsDatabaseAndParameters() throws Exception {
        JdbcUrl url =
                JdbcUrl.parse("jdbc:greptime://h1:5001,h2,[::1]:4100/mycat-metrics?user=alice&timezone=Asia/Shanghai");
        assertThat(url.endpoints())
                .containsExactly(
                        new JdbcUrl.Endpoint("h1", 5001),
                        new JdbcUrl.Endpoint("h2", 4001),
                        new JdbcUrl.Endpoint("::1", 4100));
        assertThat(url.database()).isEqualTo("mycat-metrics");
        assertThat(url.parameters())
                .containsExactly(Map.entry("user", "alice"), Map.entry("timezone", "Asia/Shanghai"));
    }

    @Test
    void parse_ipv6WithoutPortGetsDefault() throws Exception {
        assertThat(JdbcUrl.parse("jdbc:greptime://[fe80::1]").endpoints())
                .containsExactly(new JdbcUrl.Endpoint("fe80::1", 4001));
        assertThat(new JdbcUrl.Endpoint("fe80::1", 4001)).hasToString("[fe80::1]:4001");
    }

    @Test
    void parse_percentDecodesValuesButKeepsPlus() throws Exception {
        JdbcUrl url = JdbcUrl.parse("jdbc:greptime://h?password=p%40ss%26word&timezone=+08:00&hints=ttl%3D7d");
        assertThat(url.parameters())
                .containsEntry("password", "p@ss&word")
                .containsEntry("timezone", "+08:00")
                .containsEntry("hints", "ttl=7d");
    }

    @Test
    void parse_emptyPathMeansNoDatabase() throws Exception {
        assertThat(JdbcUrl.parse("jdbc:greptime://h/?user=a").database()).isNull();
    }

    @Test
    void parse_reportsEveryProblemAtOnce() {
        assertThatThrownBy(() -> JdbcUrl.parse("jdbc:greptime://h:99999,:80,[::1/db?novalue&a=1&a=2&x=%zz"))
                .isInstanceOfSatisfying(ConfigException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("08001");
                    assertThat(e.problems()).hasSize(6);
                    assertThat(e.getMessage())
                            .contains("invalid port '99999'")
                            .contains("empty host")
                            .contains("unclosed IPv6")
                            .contains("URL parameter 1 of the query string is not key=value")
                            .contains("'a' is given more than once")
                            .contains("bad percent-encoding in x");
                });
    }

    @Test
    void parse_rejectsMissingHostAndForeignPrefix() {
        assertThatThrownBy(() -> JdbcUrl.parse("jdbc:greptime:///db")).hasMessageContaining("URL names no host");
        assertThatThrownBy(() -> JdbcUrl.parse("jdbc:mysql://h/db")).hasMessageContaining("must start with");
    }

    @Test
    void accepts_onlyGreptimeUrls() {
        assertThat(JdbcUrl.accepts("jdbc:greptime://h")).isTrue();
        assertThat(JdbcUrl.accepts("JDBC:GREPTIME://h")).isTrue();
        assertThat(JdbcUrl.accepts("jdbc:postgresql://h")).isFalse();
        assertThat(JdbcUrl.accepts(null)).isFalse();
    }
}
