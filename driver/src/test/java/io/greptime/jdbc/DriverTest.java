package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class DriverTest {

    @Test
    void serviceFile_registersTheDriverWithoutClassForName() throws Exception {
        assertThat(ServiceLoader.load(Driver.class).stream().map(p -> p.type().getName()))
                .contains(GreptimeDriver.class.getName());
        assertThat(DriverManager.getDriver("jdbc:greptime://localhost")).isInstanceOf(GreptimeDriver.class);
    }

    @Test
    void foreignUrls_getNull() throws Exception {
        assertThat(new GreptimeDriver().connect("jdbc:mysql://localhost/db", new Properties()))
                .isNull();
        assertThat(new GreptimeDriver().acceptsURL("jdbc:mysql://localhost/db")).isFalse();
    }

    @Test
    void propertyInfo_listsEveryRegisteredPropertyWithDescriptions() throws Exception {
        Properties info = new Properties();
        info.setProperty("password", "topsecret");
        DriverPropertyInfo[] props = new GreptimeDriver().getPropertyInfo("jdbc:greptime://h/metrics?tls=true", info);
        assertThat(props)
                .extracting(p -> p.name)
                .containsExactly(Arrays.stream(GreptimeProperty.values())
                        .map(GreptimeProperty::key)
                        .toArray(String[]::new));
        assertThat(props).allSatisfy(p -> assertThat(p.description).isNotBlank());
        DriverPropertyInfo tls = Arrays.stream(props)
                .filter(p -> p.name.equals("tls"))
                .findFirst()
                .orElseThrow();
        assertThat(tls.value).isEqualTo("true");
        assertThat(tls.choices).containsExactly("true", "false");
        DriverPropertyInfo db = Arrays.stream(props)
                .filter(p -> p.name.equals("database"))
                .findFirst()
                .orElseThrow();
        assertThat(db.value).isEqualTo("metrics");
        assertThat(props).extracting(p -> p.value).doesNotContain("topsecret");
    }

    @Test
    void versions_areConsistent() {
        GreptimeDriver d = new GreptimeDriver();
        assertThat(d.getMajorVersion() + "." + d.getMinorVersion() + ".0").isEqualTo(GreptimeDriver.VERSION);
        assertThat(d.jdbcCompliant()).isFalse();
        assertThat(d.getParentLogger().getName()).isEqualTo("io.greptime.jdbc");
    }

    @Test
    void badConfiguration_failsBeforeAnyNetwork() {
        assertThatThrownBy(() -> DriverManager.getConnection("jdbc:greptime://127.0.0.1:1?tls=yes&nope=1"))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("08001");
                    assertThat(e.getMessage()).contains("tls=yes").contains("unknown property 'nope'");
                });
    }

    @Test
    void unreachableServer_failsWith08001() throws Exception {
        int freePort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            freePort = s.getLocalPort();
        }
        assertThatThrownBy(() ->
                        DriverManager.getConnection("jdbc:greptime://127.0.0.1:" + freePort + "?connectTimeout=2000"))
                .isInstanceOfSatisfying(
                        SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08001"));
    }
}
