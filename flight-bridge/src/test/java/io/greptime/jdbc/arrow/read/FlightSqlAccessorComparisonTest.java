package io.greptime.jdbc.arrow.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Calendar;
import java.util.Map;
import java.util.TimeZone;
import org.apache.arrow.driver.jdbc.accessor.ArrowFlightJdbcAccessor;
import org.apache.arrow.driver.jdbc.accessor.ArrowFlightJdbcAccessorFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Why the bridge has its own readers instead of arrow-flight-sql-jdbc-core's accessor layer
 * (18.3.0, test scope only): for each GreptimeDB type where the two disagree, the accessor's answer
 * next to ours on the same Arrow vector. The JVM zone is America/Sao_Paulo (-03:00), the session
 * zone Asia/Kolkata (+05:30).
 */
class FlightSqlAccessorComparisonTest {
    private static final Instant STORED = Instant.parse("2023-01-01T00:00:00.123Z");
    private final ColumnReaderFactory ours = new ColumnReaderFactory(ZoneId.of("Asia/Kolkata"));
    private TimeZone savedDefault;
    private BufferAllocator allocator;

    @BeforeEach
    void setUp() {
        savedDefault = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("America/Sao_Paulo"));
        allocator = new RootAllocator();
    }

    @AfterEach
    void tearDown() {
        TimeZone.setDefault(savedDefault);
        assertThat(allocator.getAllocatedMemory()).isZero();
        allocator.close();
    }

    private static ArrowFlightJdbcAccessor accessor(FieldVector vector) {
        return ArrowFlightJdbcAccessorFactory.createAccessor(vector, () -> 0, wasNull -> {});
    }

    @Test
    void uint64Max_accessorGoesNegative_oursStaysExact() throws SQLException {
        try (UInt8Vector vector = new UInt8Vector("u", allocator)) {
            vector.allocateNew(1);
            vector.set(0, -1L); // the bits of 2^64-1
            vector.setValueCount(1);

            ArrowFlightJdbcAccessor theirs = accessor(vector);
            assertThat(theirs.getObject()).isEqualTo(-1L);
            assertThat(theirs.getBigDecimal()).isEqualByComparingTo("-1");
            assertThat(theirs.getLong()).isEqualTo(-1L);

            ColumnReader reader = ours.create(vector, null);
            assertThat(reader.getObject(0)).isEqualTo(new BigInteger("18446744073709551615"));
            assertThat(reader.getBigDecimal(0)).isEqualTo(new BigDecimal("18446744073709551615"));
            assertThatThrownBy(() -> reader.getLong(0))
                    .isInstanceOfSatisfying(
                            SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("22003"));
        }
    }

    @Test
    void zonelessTimestamp_accessorShiftsTheInstantByTheJvmZone_oursKeepsIt() throws SQLException {
        try (TimeStampMilliVector vector = new TimeStampMilliVector("ts", allocator)) {
            vector.allocateNew(1);
            vector.set(0, STORED.toEpochMilli());
            vector.setValueCount(1);

            ArrowFlightJdbcAccessor theirs = accessor(vector);
            // reads the UTC wall clock 00:00:00.123 as a JVM-zone (-03:00) wall clock: 3 hours later
            assertThat(theirs.getTimestamp(null).toInstant()).isEqualTo(Instant.parse("2023-01-01T03:00:00.123Z"));
            Calendar tokyo = Calendar.getInstance(TimeZone.getTimeZone("Asia/Tokyo"));
            // with a calendar it shifts again, by the difference of the calendar and JVM offsets
            assertThat(theirs.getTimestamp(tokyo).toInstant())
                    .isNotEqualTo(STORED)
                    .isEqualTo(Instant.parse("2022-12-31T18:00:00.123Z"));
            assertThat(theirs.getString()).isEqualTo("2023-01-01 00:00:00.123"); // UTC, not session
            assertThatThrownBy(() -> theirs.getObject(Instant.class)).isInstanceOf(SQLException.class);

            ColumnReader reader = ours.create(vector, null);
            assertThat(reader.getTimestamp(0, null).toInstant()).isEqualTo(STORED);
            assertThat(reader.getTimestamp(0, tokyo).toInstant()).isEqualTo(STORED);
            assertThat(reader.getObject(0, Instant.class)).isEqualTo(STORED);
            assertThat(reader.getString(0)).isEqualTo("2023-01-01T05:30:00.123");
        }
    }

    @Test
    void jsonAndVector_accessorSeesOpaqueBytes_oursDecodesThem() throws SQLException {
        byte[] vectorBytes = ByteBuffer.allocate(8)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putFloat(1f)
                .putFloat(2.5f)
                .array();
        Field field = new Field(
                "embedding",
                new FieldType(true, ArrowType.Binary.INSTANCE, null, Map.of("greptime:type", "Vector(2)")),
                null);
        try (VarBinaryVector vector = (VarBinaryVector) field.createVector(allocator)) {
            vector.allocateNew();
            vector.setSafe(0, vectorBytes);
            vector.setValueCount(1);

            ArrowFlightJdbcAccessor theirs = accessor(vector);
            assertThat(theirs.getObject()).isEqualTo(vectorBytes);
            assertThat(theirs.getString()).isNotEqualTo("[1,2.5]");

            ColumnReader reader = ours.create(vector, null);
            assertThat(reader.getObject(0)).isEqualTo(new float[] {1f, 2.5f});
            assertThat(reader.getString(0)).isEqualTo("[1,2.5]");
        }
    }

    @Test
    void jsonColumn_accessorReturnsJsonbBytesAsText_oursPicksTheJsonReader() throws SQLException {
        byte[] jsonbTrue = {0x20, 0, 0, 0, 0x40, 0, 0, 0};
        Field field = new Field(
                "doc", new FieldType(true, ArrowType.Binary.INSTANCE, null, Map.of("greptime:type", "Json")), null);
        try (VarBinaryVector vector = (VarBinaryVector) field.createVector(allocator)) {
            vector.allocateNew();
            vector.setSafe(0, jsonbTrue);
            vector.setValueCount(1);

            ArrowFlightJdbcAccessor theirs = accessor(vector);
            assertThat(theirs.getString()).isEqualTo(new String(jsonbTrue, java.nio.charset.StandardCharsets.UTF_8));
            assertThat(theirs.getObject()).isInstanceOf(byte[].class);

            assertThat(ours.create(vector, null)).isInstanceOf(JsonReader.class);
            assertThat(ours.create(vector, null).getString(0)).isEqualTo("true");
        }
    }
}
