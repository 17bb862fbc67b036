package io.greptime.jdbc.tck.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.grpc.Metadata;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestContextsTest {
    @Test
    void database_defaultsToGreptimePublic() {
        assertThat(RequestContexts.database(RequestHeader.getDefaultInstance())).containsExactly("greptime", "public");
    }

    @Test
    void database_dbnameWithoutDashIsSchemaInDefaultCatalog() {
        RequestHeader header =
                RequestHeader.newBuilder().setCatalog("X").setDbname("MySchema").build();

        assertThat(RequestContexts.database(header)).containsExactly("greptime", "MySchema");
    }

    @Test
    void database_dbnameSplitsAtFirstDash() {
        RequestHeader header = RequestHeader.newBuilder().setDbname("a-b-c").build();

        assertThat(RequestContexts.database(header)).containsExactly("a", "b-c");
    }

    @Test
    void forPut_readsDbNameHeader() {
        Metadata metadata = new Metadata();
        metadata.put(RequestContexts.DB_NAME, "cat-Sch");

        var ctx = RequestContexts.forPut(metadata, "u", ServerProfile.V1_3);

        assertThat(ctx.catalog()).isEqualTo("cat");
        assertThat(ctx.schema()).isEqualTo("Sch");
        assertThat(ctx.user()).isEqualTo("u");
    }

    @Test
    void timeZone_acceptsIanaNamesOffsetsAndSystem() {
        assertThat(RequestContexts.timeZone("AMERICA/NEW_YORK")).isEqualTo(ZoneId.of("America/New_York"));
        assertThat(RequestContexts.timeZone("+08:00")).isEqualTo(ZoneOffset.ofHours(8));
        assertThat(RequestContexts.timeZone("-05:30")).isEqualTo(ZoneOffset.ofHoursMinutes(-5, -30));
        assertThat(RequestContexts.timeZone("+8:00")).isEqualTo(ZoneOffset.ofHours(8));
        assertThat(RequestContexts.timeZone("system")).isEqualTo(ZoneId.systemDefault());
    }

    @Test
    void timeZone_emptyOrInvalidIsUtc() {
        assertThat(RequestContexts.timeZone("")).isEqualTo(ZoneOffset.UTC);
        assertThat(RequestContexts.timeZone("Mars/Olympus")).isEqualTo(ZoneOffset.UTC);
        assertThat(RequestContexts.timeZone("+25:00")).isEqualTo(ZoneOffset.UTC);
    }

    @Test
    void hints_combinedHeaderWinsOverLegacyHeaders() {
        Metadata metadata = new Metadata();
        metadata.put(RequestContexts.HINTS, " TTL = 1d ,merge_mode=last_non_null,broken");
        metadata.put(Metadata.Key.of("x-greptime-hint-append_mode", Metadata.ASCII_STRING_MARSHALLER), "true");

        assertThat(RequestContexts.hints(metadata))
                .containsExactlyInAnyOrderEntriesOf(Map.of("ttl", "1d", "merge_mode", "last_non_null"));
    }

    @Test
    void hints_legacyHeadersWhenCombinedIsAbsent() {
        Metadata metadata = new Metadata();
        metadata.put(Metadata.Key.of("x-greptime-hint-append_mode", Metadata.ASCII_STRING_MARSHALLER), "true");
        metadata.put(Metadata.Key.of("x-greptime-hint-auto_create_table", Metadata.ASCII_STRING_MARSHALLER), "false");

        assertThat(RequestContexts.hints(metadata))
                .containsExactlyInAnyOrderEntriesOf(Map.of("append_mode", "true", "auto_create_table", "false"));
    }

    @Test
    void hints_unknownReadPreferenceIsInvalidArguments() {
        Metadata metadata = new Metadata();
        metadata.put(RequestContexts.HINTS, "read_preference=follower");

        GreptimeError e = catchThrowableOfType(GreptimeError.class, () -> RequestContexts.hints(metadata));

        assertThat(e.status()).isEqualTo(StatusCode.INVALID_ARGUMENTS);
    }
}
