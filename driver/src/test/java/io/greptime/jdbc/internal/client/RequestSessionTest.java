package io.greptime.jdbc.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.proto.v1.RequestHeader;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestSessionTest {

    @Test
    void header_carriesDbnameZoneAndBasicAuth() {
        RequestHeader h =
                new RequestSession("mycat-Metrics", ZoneId.of("Asia/Shanghai"), "alice", "pw", Map.of()).toHeader();
        assertThat(h.getDbname()).isEqualTo("mycat-Metrics");
        assertThat(h.getCatalog()).isEmpty();
        assertThat(h.getTimezone()).isEqualTo("Asia/Shanghai");
        assertThat(h.getAuthorization().getBasic().getUsername()).isEqualTo("alice");
        assertThat(h.getAuthorization().getBasic().getPassword()).isEqualTo("pw");
    }

    @Test
    void header_withoutUser_hasNoAuthorization() {
        assertThat(new RequestSession("public", ZoneId.of("UTC"), null, null, Map.of())
                        .toHeader()
                        .hasAuthorization())
                .isFalse();
    }

    @Test
    void zones_areSpelledAsGreptimeDbReadsThem() {
        assertThat(RequestSession.zoneHeader(ZoneId.of("Z"))).isEqualTo("UTC");
        assertThat(RequestSession.zoneHeader(ZoneId.of("GMT+08:00"))).isEqualTo("+08:00");
        assertThat(RequestSession.zoneHeader(ZoneId.of("UTC-05:30"))).isEqualTo("-05:30");
        assertThat(RequestSession.zoneHeader(ZoneId.of("Europe/Berlin"))).isEqualTo("Europe/Berlin");
    }

    @Test
    void toString_masksPassword() {
        assertThat(new RequestSession("public", ZoneId.of("UTC"), "u", "s3cret", Map.of()).toString())
                .doesNotContain("s3cret");
    }
}
