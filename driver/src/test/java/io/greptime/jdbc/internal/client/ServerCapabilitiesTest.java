package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServerCapabilitiesTest {

    @Test
    void parse_readsGreptimeDbVersionForms() {
        assertThat(ServerVersion.parse("0.14.4"))
                .hasValueSatisfying(v -> assertThat(v.toString()).isEqualTo("0.14.4"));
        assertThat(ServerVersion.parse("v1.2.0-beta.2").orElseThrow().isPreRelease())
                .isTrue();
        assertThat(ServerVersion.parse("1.2.0-nightly-20260706")).isPresent();
        assertThat(ServerVersion.parse("GreptimeDB 1.1.4")).isEmpty();
        assertThat(ServerVersion.parse("")).isEmpty();
        assertThat(ServerVersion.parse(null)).isEmpty();
        assertThat(ServerVersion.parse("99999999.1.1")).isEmpty();
    }

    @Test
    void compare_ordersPreReleasesBeforeTheirRelease() {
        ServerVersion beta2 = ServerVersion.parse("1.0.0-beta.2").orElseThrow();
        ServerVersion beta3 = ServerVersion.parse("1.0.0-beta.3").orElseThrow();
        ServerVersion release = ServerVersion.parse("1.0.0").orElseThrow();
        assertThat(beta2).isLessThan(beta3);
        assertThat(beta3).isLessThan(release);
        assertThat(ServerVersion.parse("0.17.2").orElseThrow()).isLessThan(beta2);
        assertThat(release.atLeast(1, 0, 0)).isTrue();
        assertThat(beta3.atLeast(1, 0, 0)).isFalse();
    }

    @Test
    void capabilities_followTheAuditsVersionGates() {
        ServerCapabilities v014 = ServerCapabilities.ofVersionText("0.14.4");
        ServerCapabilities v016 = ServerCapabilities.ofVersionText("0.16.0");
        ServerCapabilities v017 = ServerCapabilities.ofVersionText("0.17.2");
        ServerCapabilities v100 = ServerCapabilities.ofVersionText("1.0.0");
        ServerCapabilities v114 = ServerCapabilities.ofVersionText("1.1.4");
        ServerCapabilities v12b2 = ServerCapabilities.ofVersionText("1.2.0-beta.2");
        ServerCapabilities v130 = ServerCapabilities.ofVersionText("1.3.0");

        assertThat(v014.writesDoPut()).isFalse();
        assertThat(v016.writesDoPut()).isTrue();
        assertThat(v016.acceptsBasicPutAuth()).isFalse();
        assertThat(v017.acceptsBasicPutAuth()).isTrue();
        assertThat(v017.acksPutImmediately()).isFalse();
        assertThat(v100.acksPutImmediately()).isTrue();
        assertThat(v100.fillsMissingPutColumns()).isFalse();
        assertThat(v114.fillsMissingPutColumns()).isTrue();
        assertThat(v100.splitsKeyColumnUsage()).isFalse();
        assertThat(v114.splitsKeyColumnUsage()).isTrue();
        assertThat(v114.sendsRetryHint()).isFalse();
        assertThat(v12b2.sendsRetryHint()).isTrue();
        assertThat(v12b2.hasJson2()).isFalse();
        assertThat(v130.hasJson2()).isTrue();
    }

    @Test
    void unknownVersion_getsTheOldestLinesLimits() {
        ServerCapabilities unknown = ServerCapabilities.ofVersionText("not a version");
        assertThat(unknown).isSameAs(ServerCapabilities.CONSERVATIVE);
        assertThat(unknown.version()).isEmpty();
        assertThat(unknown.writesDoPut()).isFalse();
        assertThat(unknown.acceptsBasicPutAuth()).isFalse();
        assertThat(unknown.fillsMissingPutColumns()).isFalse();
        assertThat(unknown.sendsRetryHint()).isFalse();
        assertThat(unknown.splitsKeyColumnUsage()).isFalse();
    }

    /** A line after 1.3 is one whose rules nobody read: the oldest line's limits, not 1.3's. */
    @Test
    void lineNewerThanTheDriverKnows_getsTheOldestLinesLimits() {
        for (String text : new String[] {"1.4.0", "1.4.0-nightly-20270101", "2.0.0", "10.0.1"}) {
            assertThat(ServerCapabilities.ofVersionText(text)).as(text).isSameAs(ServerCapabilities.CONSERVATIVE);
        }
        for (String text : new String[] {"1.3.0", "1.3.9", "1.3.0-nightly-20260821", "0.14.0"}) {
            assertThat(ServerCapabilities.ofVersionText(text).version())
                    .as(text)
                    .isPresent();
        }
        assertThat(ServerCapabilities.ofVersionText("1.3.2").hasJson2()).isTrue();
    }
}
