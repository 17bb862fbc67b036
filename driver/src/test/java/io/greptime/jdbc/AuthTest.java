package io.greptime.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.testing.ServerFixture;
import java.sql.Connection;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AuthTest {
    private static final String PASSWORD = "Pa55-w0rd!secret";
    private static ServerFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new ServerFixture(b -> b.user("alice", PASSWORD));
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    private static Properties creds(String user, String password) {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        return p;
    }

    @Test
    void rightCredentials_connectAndRun() throws Exception {
        try (Connection c = fixture.connect("", creds("alice", PASSWORD));
                Statement st = c.createStatement()) {
            assertThat(st.executeUpdate("INSERT 2")).isEqualTo(2);
            assertThat(fixture.engine().lastContext().user()).isEqualTo("alice");
        }
    }

    @Test
    void wrongPassword_fails28000WithoutThePassword() {
        String wrong = "not-" + PASSWORD;
        assertThatThrownBy(() -> fixture.connect("", creds("alice", wrong)))
                .isInstanceOfSatisfying(SQLInvalidAuthorizationSpecException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("28000");
                    assertThat(e.getErrorCode()).isBetween(7000, 7006);
                    assertThat(e.getMessage()).doesNotContain(wrong).doesNotContain(PASSWORD);
                    for (Throwable t = e; t != null; t = t.getCause()) {
                        assertThat(String.valueOf(t.getMessage())).doesNotContain(wrong);
                    }
                });
    }

    @Test
    void passwordInTheUrl_isNeverEchoed() {
        String url = "?user=alice&password=url-secret-1";
        assertThatThrownBy(() -> fixture.connect(url, new Properties()))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("url-secret-1"))
                .isInstanceOfSatisfying(
                        SQLInvalidAuthorizationSpecException.class,
                        e -> assertThat(e.getSQLState()).isEqualTo("28000"));
    }

    @Test
    void unknownUser_fails28000() {
        assertThatThrownBy(() -> fixture.connect("", creds("mallory", PASSWORD)))
                .isInstanceOfSatisfying(
                        SQLInvalidAuthorizationSpecException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo(7000));
    }

    @Test
    void noCredentials_failOnFirstStatementWith28000() throws Exception {
        try (Connection c = fixture.connect();
                Statement st = c.createStatement()) {
            assertThatThrownBy(() -> st.executeUpdate("INSERT 1"))
                    .isInstanceOfSatisfying(
                            SQLInvalidAuthorizationSpecException.class,
                            e -> assertThat(e.getErrorCode()).isEqualTo(7003));
        }
    }
}
