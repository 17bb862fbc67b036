package io.greptime.jdbc.bulk;

import static io.greptime.jdbc.GreptimeStreamInserter.Column.decimal;
import static io.greptime.jdbc.GreptimeStreamInserter.Column.field;
import static io.greptime.jdbc.GreptimeStreamInserter.Column.json;
import static io.greptime.jdbc.GreptimeStreamInserter.Column.tag;
import static io.greptime.jdbc.GreptimeStreamInserter.Column.timestamp;
import static io.greptime.jdbc.bulk.BulkFixture.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeStreamInserter;
import io.greptime.jdbc.GreptimeStreamInserter.Column;
import io.greptime.jdbc.GreptimeStreamInserter.DataType;
import io.greptime.jdbc.GreptimeStreamInserter.Semantic;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** streamInserter with DECIMAL(p, s) and JSON columns, stored by the embedded server and read back. */
class StreamInserterTypesTest {
    private static final Instant T0 = Instant.parse("2024-06-01T00:00:00Z");
    private BulkFixture fixture;

    @BeforeEach
    void start() {
        fixture = new BulkFixture(ServerProfile.V1_2);
    }

    @AfterEach
    void stop() {
        BulkFixture.closeChecked(fixture);
    }

    private static GreptimeStreamInserter orders(Connection c) throws SQLException {
        GreptimeStreamInserter in = c.unwrap(GreptimeConnection.class).streamInserter();
        in.declare(
                "orders",
                tag("host", DataType.STRING),
                timestamp("ts", DataType.TIMESTAMP_MILLISECOND),
                decimal("price", 10, 2),
                field("big", DataType.DECIMAL),
                json("doc"));
        return in;
    }

    /** Each row's price, big and doc as read back, ordered by ts. */
    private static List<Object[]> readBack(Connection c) throws SQLException {
        List<Object[]> out = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT price, big, doc FROM orders ORDER BY ts")) {
            while (rs.next()) {
                out.add(new Object[] {rs.getBigDecimal(1), rs.getBigDecimal(2), rs.getString(3)});
            }
        }
        return out;
    }

    @Test
    void decimalAndJson_autoCreated_storedAndReadBack() throws Exception {
        try (Connection c = fixture.connect("bulkFlushRows=3");
                GreptimeStreamInserter in = orders(c)) {
            in.insert(
                    "orders",
                    "h0",
                    T0,
                    new BigDecimal("12345678.91"),
                    null,
                    "{ \"b\": \"x\", \"a\": [1, true, null] }");
            in.insert(
                    "orders",
                    "h0",
                    T0.plusSeconds(1),
                    new BigDecimal("-0.05"),
                    new BigDecimal("1234567890123456789012345678.1234567890"),
                    "[1,2.5,\"z\"]");
            in.insert(
                    "orders",
                    "h0",
                    T0.plusSeconds(2),
                    new BigDecimal("1.005"),
                    new BigDecimal("-9876543210987654321098765432.0000000001"),
                    "42");
            in.insert("orders", "h0", T0.plusSeconds(3), 7, 3, null);
            in.insert("orders", "h0", T0.plusSeconds(4), null, "-2.5", "\"text\"");
            assertThat(in.finish()).isEqualTo(5);
        }
        try (Connection c = fixture.connect("")) {
            List<Object[]> rows = readBack(c);
            assertThat(rows).hasSize(5);
            assertThat(rows.get(0))
                    .containsExactly(new BigDecimal("12345678.91"), null, "{\"a\":[1,true,null],\"b\":\"x\"}");
            assertThat(rows.get(1))
                    .containsExactly(
                            new BigDecimal("-0.05"),
                            new BigDecimal("1234567890123456789012345678.1234567890"),
                            "[1,2.5,\"z\"]");
            assertThat(rows.get(2))
                    .as("rounded half-up to the scale, as GreptimeDB casts")
                    .containsExactly(
                            new BigDecimal("1.01"), new BigDecimal("-9876543210987654321098765432.0000000001"), "42");
            assertThat(rows.get(3)).containsExactly(new BigDecimal("7.00"), new BigDecimal("3.0000000000"), null);
            assertThat(rows.get(4)).containsExactly(null, new BigDecimal("-2.5000000000"), "\"text\"");
            try (Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT price, big, doc FROM orders LIMIT 0")) {
                ResultSetMetaData md = rs.getMetaData();
                assertThat(md.getPrecision(1)).isEqualTo(10);
                assertThat(md.getScale(1)).isEqualTo(2);
                assertThat(md.getPrecision(2))
                        .as("DECIMAL without precision is GreptimeDB's default")
                        .isEqualTo(38);
                assertThat(md.getScale(2)).isEqualTo(10);
                assertThat(md.getColumnTypeName(3)).isEqualTo("JSON");
            }
        }
    }

    @Test
    void decimalAndJson_intoAnExistingTable() throws Exception {
        try (Connection c = fixture.connect("")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE TABLE orders (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, "
                        + "price DECIMAL(10, 2), big DECIMAL, doc JSON)");
            }
            try (GreptimeStreamInserter in = orders(c)) {
                in.insert(
                        "orders", "h1", T0, new BigDecimal("99999999.99"), new BigDecimal("0.5"), "{\"k\":{\"n\":1}}");
                assertThat(in.finish()).isEqualTo(1);
            }
            assertThat(readBack(c))
                    .singleElement()
                    .satisfies(r -> assertThat(r)
                            .containsExactly(
                                    new BigDecimal("99999999.99"),
                                    new BigDecimal("0.5000000000"),
                                    "{\"k\":{\"n\":1}}"));
        }
    }

    @Test
    void badValues_nameTableRowAndColumn_andTheInserterStaysUsable() throws Exception {
        try (Connection c = fixture.connect("");
                GreptimeStreamInserter in = orders(c)) {
            in.insert("orders", "h0", T0, new BigDecimal("1.00"), null, "{}");
            assertThatThrownBy(() ->
                            in.insert("orders", "h0", T0.plusSeconds(1), new BigDecimal("123456789.5"), null, "{}"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("orders")
                    .hasMessageContaining("Row 2")
                    .hasMessageContaining("'price'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22003");
            assertThatThrownBy(() -> in.insert("orders", "h0", T0.plusSeconds(1), null, null, "{\"a\": 1"))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("orders")
                    .hasMessageContaining("Row 2")
                    .hasMessageContaining("'doc'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22032");
            assertThatThrownBy(() -> in.insert("orders", "h0", T0.plusSeconds(1), null, null, "hello"))
                    .as("a bare word is not JSON")
                    .isInstanceOf(SQLException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22032");
            assertThatThrownBy(() -> in.insert("orders", "h0", T0.plusSeconds(1), null, null, 42))
                    .as("JSON columns take JSON text")
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("'doc'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22018");
            assertThatThrownBy(() -> in.insert("orders", "h0", T0.plusSeconds(1), "abc", null, null))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("'price'")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22018");
            in.insert("orders", "h0", T0.plusSeconds(2), new BigDecimal("-99999999.99"), null, "[]");
            assertThat(in.finish()).isEqualTo(2);
            assertThat(count(c, "orders")).isEqualTo(2);
            assertThat(readBack(c).get(1)).containsExactly(new BigDecimal("-99999999.99"), null, "[]");
        }
    }

    @Test
    void declaredDecimalUnlikeTheTables_isRefusedByTheServer() throws Exception {
        try (Connection c = fixture.connect("")) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate(
                        "CREATE TABLE prices (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, price DECIMAL(10, 2))");
            }
            try (GreptimeStreamInserter in = c.unwrap(GreptimeConnection.class).streamInserter()) {
                in.declare(
                        "prices",
                        tag("host", DataType.STRING),
                        timestamp("ts", DataType.TIMESTAMP_MILLISECOND),
                        decimal("price", 12, 4));
                in.insert("prices", "h0", T0, new BigDecimal("1.2345"));
                assertThatThrownBy(in::finish).isInstanceOf(SQLException.class).hasMessageContaining("price");
            }
            assertThat(count(c, "prices")).isZero();
        }
    }

    @Test
    void decimalPrecisionAndScale_areCheckedWhenDeclared() {
        assertThatThrownBy(() -> decimal("p", 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> decimal("p", 39, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> decimal("p", 5, 6)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> decimal("p", 5, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Column("p", Semantic.FIELD, DataType.INT64, 10, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only DECIMAL");
        assertThat(field("p", DataType.DECIMAL)).isEqualTo(new Column("p", Semantic.FIELD, DataType.DECIMAL, 38, 10));
        assertThat(decimal("p", 38, 38).scale()).isEqualTo(38);
    }
}
