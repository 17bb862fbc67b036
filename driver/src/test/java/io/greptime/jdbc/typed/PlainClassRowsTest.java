package io.greptime.jdbc.typed;

import static io.greptime.jdbc.typed.TypedFixture.greptime;
import static io.greptime.jdbc.typed.TypedFixture.stats;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.Field;
import io.greptime.jdbc.GreptimeBulkWriter;
import io.greptime.jdbc.GreptimeRows;
import io.greptime.jdbc.GreptimeTable;
import io.greptime.jdbc.Tag;
import io.greptime.jdbc.TimeIndex;
import io.greptime.jdbc.internal.jdbc.ArrowMemoryProbe;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Plain classes map through their fields: written over DoPut, read back through a no-argument constructor. */
class PlainClassRowsTest {
    static final Instant T0 = Instant.parse("2024-06-01T12:00:00Z");

    static class Base {
        @Tag
        String host;

        @TimeIndex
        Instant ts;
    }

    @GreptimeTable("mem")
    static final class Mem extends Base {
        static final String IGNORED_CONSTANT = "static fields are not columns";
        transient int ignoredCache;
        long used;

        @Field(name = "free_bytes")
        Double free;

        Mem() {}

        Mem(String host, Instant ts, long used, Double free) {
            this.host = host;
            this.ts = ts;
            this.used = used;
            this.free = free;
        }
    }

    @GreptimeTable("mem")
    static final class WriteOnly {
        @Tag
        final String host;

        @TimeIndex
        final Instant ts;

        WriteOnly(String host, Instant ts) {
            this.host = host;
            this.ts = ts;
        }
    }

    @Test
    void plainClass_writtenOverDoPut_andReadBack() throws Exception {
        try (TypedFixture fixture = new TypedFixture();
                Connection c = fixture.connect("")) {
            List<Mem> written = List.of(
                    new Mem("a", T0, 1L << 40, null),
                    new Mem("b", T0, 7, 0.5),
                    new Mem("a", T0.plusSeconds(10), 8, 1.5));
            try (GreptimeBulkWriter<Mem> w = greptime(c).bulkWriter(Mem.class)) {
                w.writeAll(written);
                assertThat(w.flush()).isEqualTo(3);
            }
            assertThat(stats(c).doPutRows()).isEqualTo(3);
            List<Mem> read;
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT * FROM mem ORDER BY host, ts")) {
                assertThat(rs.getMetaData().getColumnCount())
                        .as("host, ts, used, free_bytes")
                        .isEqualTo(4);
                read = GreptimeRows.read(rs, Mem.class);
            }
            assertThat(read)
                    .usingRecursiveFieldByFieldElementComparator()
                    .containsExactly(written.get(0), written.get(2), written.get(1));

            try (GreptimeBulkWriter<WriteOnly> w = greptime(c).bulkWriter(WriteOnly.class)) {
                w.write(new WriteOnly("c", T0));
            }
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT host, ts FROM mem")) {
                assertThatThrownBy(() -> GreptimeRows.read(rs, WriteOnly.class))
                        .isInstanceOf(SQLSyntaxErrorException.class)
                        .hasMessageContaining("has no no-argument constructor, so rows cannot be read into it")
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("42000");
            }
        }
        assertThat(ArrowMemoryProbe.driverAllocatedBytes()).isZero();
    }
}
