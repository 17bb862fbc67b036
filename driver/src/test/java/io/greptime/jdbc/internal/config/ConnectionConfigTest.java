package io.greptime.jdbc.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeProperty;
import java.time.ZoneId;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ConnectionConfigTest {

    private static Properties props(String... kv) {
        Properties p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }

    @Test
    void defaults_comeFromTheRegistry() throws Exception {
        ConnectionConfig c = ConnectionConfig.of("jdbc:greptime://h", null);
        assertThat(c.database()).isEqualTo("public");
        assertThat(c.timeZone()).isEqualTo(ZoneId.systemDefault());
        assertThat(c.connectTimeoutMillis())
                .isEqualTo(Integer.parseInt(GreptimeProperty.CONNECT_TIMEOUT.defaultValue()));
        assertThat(c.queryTimeoutSeconds()).isZero();
        assertThat(c.maxResultMemory()).isEqualTo(1L << 30);
        assertThat(c.tls()).isFalse();
        assertThat(c.compression()).isEqualTo("none");
        assertThat(c.hints()).isEmpty();
        assertThat(c.user()).isNull();
    }

    @Test
    void typedValues_areParsed() throws Exception {
        ConnectionConfig c = ConnectionConfig.of(
                "jdbc:greptime://h/greptime-metrics?tls=TRUE&maxResultMemory=256m"
                        + "&timezone=%2B08:00&hints=ttl%3D7d,append_mode%3Dtrue&compression=GZIP&queryTimeout=30",
                null);
        assertThat(c.database()).isEqualTo("greptime-metrics");
        assertThat(c.tls()).isTrue();
        assertThat(c.maxResultMemory()).isEqualTo(256L << 20);
        assertThat(c.timeZone()).isEqualTo(ZoneId.of("+08:00"));
        assertThat(c.hints()).containsExactly(Map.entry("ttl", "7d"), Map.entry("append_mode", "true"));
        assertThat(c.compression()).isEqualTo("gzip");
        assertThat(c.queryTimeoutSeconds()).isEqualTo(30);
    }

    @Test
    void properties_overrideTheUrl() throws Exception {
        ConnectionConfig c = ConnectionConfig.of(
                "jdbc:greptime://h/urldb?user=url&queryTimeout=5", props("user", "props", "database", "propsdb"));
        assertThat(c.user()).isEqualTo("props");
        assertThat(c.database()).isEqualTo("propsdb");
        assertThat(c.queryTimeoutSeconds()).isEqualTo(5);
    }

    @Test
    void databaseInPathAndQuery_mustAgree() {
        assertThatThrownBy(() -> ConnectionConfig.of("jdbc:greptime://h/a?database=b", null))
                .hasMessageContaining("database given twice");
    }

    @Test
    void strictParsing_namesKeyAndValue() {
        assertThatThrownBy(() -> ConnectionConfig.of("jdbc:greptime://h?tls=yes", null))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("tls=yes")
                .hasMessageContaining("true or false");
    }

    @Test
    void everyBadKeyAndValue_isReportedInOneException() {
        assertThatThrownBy(() -> ConnectionConfig.of(
                        "jdbc:greptime://h?tls=yes&queryTimeout=-1&timezone=Mars/Base&bogus=1&compression=lz4&hints=novalue",
                        props("fetchSize", "many", "maxResultMemory", "0", "alsoBogus", "x", "connectTimeout", "1.5")))
                .isInstanceOfSatisfying(ConfigException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("08001");
                    assertThat(e.problems()).hasSize(10);
                    assertThat(e.getMessage())
                            .contains(
                                    "tls=yes",
                                    "queryTimeout=-1",
                                    "timezone=Mars/Base",
                                    "unknown property 'bogus' in URL",
                                    "compression=lz4",
                                    "hints=novalue",
                                    "fetchSize=many",
                                    "maxResultMemory=0",
                                    "unknown property 'alsoBogus' in Properties",
                                    "connectTimeout=1.5");
                });
    }

    @Test
    void emptyDatabase_isRejected() {
        assertThatThrownBy(() -> ConnectionConfig.of("jdbc:greptime://h", props("database", " ")))
                .hasMessageContaining("database must not be empty");
    }

    @Test
    void password_neverAppearsInMessagesOrToString() throws Exception {
        ConnectionConfig c = ConnectionConfig.of("jdbc:greptime://h?user=u&password=s3cr3t", null);
        assertThat(c.password()).isEqualTo("s3cr3t");
        assertThat(c.toString()).doesNotContain("s3cr3t").contains("password=***");
        assertThatThrownBy(() -> ConnectionConfig.of("jdbc:greptime://h?password=s3cr3t&tls=maybe", null))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("s3cr3t"));
    }

    @Test
    void hintsFormat_roundTrips() {
        Map<String, String> hints = HintsFormat.parse(" ttl = 7d , append_mode=true,merge_mode=last_non_null ");
        assertThat(hints)
                .containsExactly(
                        Map.entry("ttl", "7d"),
                        Map.entry("append_mode", "true"),
                        Map.entry("merge_mode", "last_non_null"));
        assertThat(HintsFormat.format(hints)).isEqualTo("ttl=7d,append_mode=true,merge_mode=last_non_null");
        assertThatThrownBy(() -> HintsFormat.parse("=x")).hasMessageContaining("empty key");
    }
}
