package io.greptime.jdbc.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.internal.redact.Secrets;
import io.grpc.netty.NettyChannelBuilder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Properties of URL and property parsing over generated input (#17 items 1, 3; #20 "did you mean"):
 * whatever the text, parsing ends in a valid configuration or one ConfigException (08001); every
 * accepted host is one gRPC can build a channel for; no message ever shows a password. The generator
 * is seeded (the seed is in each case's name), so a failure repeats.
 */
class UrlPropertyTest {
    private static final String[] HOST_PIECES = {
        "@",
        "]",
        "[",
        ":",
        "::",
        "::g",
        "127.1",
        "127.0.0.1.",
        "[::1]",
        "[::g]",
        "ünïcødé",
        "例え",
        "host",
        "-bad-",
        "a_b",
        "%41",
        "%zz",
        "..",
        ".",
        "x".repeat(70),
        "\u0000",
        "\r\n",
        "\u202E",
        "\uD800",
        " ",
        ",",
        "/",
        "?",
        "#",
        "1.2.3.4",
        "256.1.1.1",
        "localhost",
        "LOCALHOST",
        "[fe80::1%25eth0]",
        "0x7f.1",
        "999999"
    };

    static Stream<Long> seeds() {
        List<Long> out = new ArrayList<>();
        for (long s = 0; s < 2000; s++) {
            out.add(s);
        }
        return out.stream();
    }

    /** A URL of random hosts (pieces, random code points and random bytes), port, path and query. */
    static String randomUrl(long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder(JdbcUrl.PREFIX);
        int hosts = 1 + r.nextInt(3);
        for (int h = 0; h < hosts; h++) {
            sb.append(h == 0 ? "" : ",");
            int parts = 1 + r.nextInt(3);
            for (int p = 0; p < parts; p++) {
                sb.append(r.nextInt(4) == 0 ? randomText(r) : HOST_PIECES[r.nextInt(HOST_PIECES.length)]);
            }
            if (r.nextBoolean()) {
                sb.append(':').append(r.nextInt(4) == 0 ? randomText(r) : Integer.toString(r.nextInt(70000) - 2));
            }
        }
        if (r.nextBoolean()) {
            sb.append('/').append(randomText(r));
        }
        if (r.nextBoolean()) {
            sb.append('?')
                    .append(randomText(r))
                    .append(r.nextBoolean() ? "=" : "")
                    .append(randomText(r));
        }
        return sb.toString();
    }

    private static String randomText(Random r) {
        int n = r.nextInt(6);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(3)) {
                case 0 -> sb.append((char) r.nextInt(128));
                case 1 -> sb.appendCodePoint(r.nextInt(0x30000));
                default -> {
                    byte[] b = new byte[1 + r.nextInt(3)];
                    r.nextBytes(b);
                    sb.append(new String(b, StandardCharsets.ISO_8859_1));
                }
            }
        }
        return sb.toString();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void anyUrl_parsesOrFailsWithOneConfigException_andAcceptedHostsMakeChannels(long seed) {
        String url = randomUrl(seed);
        ConnectionConfig config;
        try {
            config = ConnectionConfig.of(url, null);
        } catch (ConfigException e) {
            assertThat(e.getSQLState()).isEqualTo("08001");
            assertThat(e.problems()).isNotEmpty();
            return;
        } catch (RuntimeException e) {
            throw new AssertionError("seed " + seed + ": " + Secrets.redactUrl(url) + " threw " + e, e);
        }
        for (JdbcUrl.Endpoint ep : config.endpoints()) {
            // what gRPC does with the host when the driver opens the channel (no connection is made here)
            NettyChannelBuilder.forAddress(ep.host(), ep.port()).build().shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"@", "]", "127.1", "127.0.0.1.", "[::g]", "\u0000", "a b", "\uD800", "x\r\ny"})
    void hostsGrpcRejects_areConfigErrors(String host) {
        assertThatThrownBy(() -> ConnectionConfig.of(JdbcUrl.PREFIX + host + ":4001/db", null))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\r", "\n", "\u0000", "\uD800"));
    }

    @Test
    void internationalisedNames_reachTheChannelInTheirAsciiForm() throws Exception {
        ConnectionConfig c = ConnectionConfig.of(JdbcUrl.PREFIX + "bücher.example:4001", null);
        assertThat(c.primaryEndpoint().host()).isEqualTo("xn--bcher-kva.example");
    }

    static Stream<String> passwords() {
        Random r = new Random(42);
        List<String> out = new ArrayList<>(List.of("S3cr3t", "p@ss:w/rd?&=", "ünï-pässwørd", "a", "''\""));
        for (int i = 0; i < 50; i++) {
            out.add("pw" + randomText(r) + i);
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("passwords")
    void noMessage_showsThePassword_orItsBase64(String password) {
        String b64 = Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
        String[] urls = {
            JdbcUrl.PREFIX + "admin:" + password + "@host/db",
            JdbcUrl.PREFIX + "admin:" + password + "@host:99999/db",
            JdbcUrl.PREFIX + "host/db?password" + password,
            JdbcUrl.PREFIX + "host/db?pasword=" + password,
            JdbcUrl.PREFIX + "host:x/db?user=admin&password=" + password + "&bogus=1",
        };
        for (String url : urls) {
            assertThat(Secrets.redactUrl(url)).doesNotContain(password.length() < 3 ? "\u0000" : password);
            try {
                ConnectionConfig.of(url, null);
            } catch (ConfigException e) {
                if (password.length() >= 3) { // a one-letter password occurs anywhere by chance
                    assertThat(e.getMessage()).doesNotContain(password).doesNotContain(b64);
                }
            }
        }
    }

    @Test
    void passwordWithoutItsEquals_isNamedByItsKeyOnly() {
        assertThatThrownBy(() -> ConnectionConfig.of(JdbcUrl.PREFIX + "h/db?passwordS3cr3t", null))
                .hasMessageContaining("is not key=value (did you mean password=...?)")
                .hasMessageNotContaining("S3cr3t");
        assertThatThrownBy(() -> ConnectionConfig.of(JdbcUrl.PREFIX + "admin:S3cr3t@h:1/db", null))
                .hasMessageContaining("user info before '@'")
                .hasMessageNotContaining("S3cr3t");
    }

    @Test
    void unknownKey_suggestsTheNearestKnownOne() {
        assertThatThrownBy(() -> ConnectionConfig.of(JdbcUrl.PREFIX + "h/db?fetchsize=10", null))
                .hasMessageContaining("unknown property 'fetchsize' in URL (did you mean 'fetchSize'?)");
        assertThatThrownBy(() -> ConnectionConfig.of(JdbcUrl.PREFIX + "h/db?conectTimout=10", null))
                .hasMessageContaining("(did you mean 'connectTimeout'?)");
        assertThatThrownBy(() -> ConnectionConfig.of(JdbcUrl.PREFIX + "h/db?zzzzzzzz=1", null))
                .hasMessageContaining("unknown property 'zzzzzzzz'")
                .hasMessageNotContaining("did you mean");
        assertThat(KeySuggestion.distance("kitten", "sitting", Integer.MAX_VALUE))
                .isEqualTo(3);
        assertThat(KeySuggestion.distance("flaw", "lawn", Integer.MAX_VALUE)).isEqualTo(2);
    }

    @Test
    void redactedUrl_keepsHostsAndHarmlessValues_masksTheRest() {
        assertThat(Secrets.redactUrl("jdbc:greptime://u:p@h1:4001,h2/db?user=u&password=p&tls=true&x=y&noeq"))
                .isEqualTo("jdbc:greptime://***@h1:4001,h2/db?user=u&password=***&tls=true&x=***&***");
        assertThat(Secrets.redactUrl("jdbc:greptime://h/db")).isEqualTo("jdbc:greptime://h/db");
    }
}
