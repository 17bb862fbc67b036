package io.greptime.jdbc.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every GreptimeDB type through a Spark DataFrame and back, and the time-zone rules. */
class SparkTypesTest {
    /** GreptimeDB column, its type, the literal inserted, and the Spark type it must read as. */
    private static final Object[][] COLUMNS = {
        {"i8", "TINYINT", "-128", DataTypes.ByteType},
        {"i16", "SMALLINT", "-32768", DataTypes.ShortType},
        {"i32", "INT", "-2147483648", DataTypes.IntegerType},
        {"i64", "BIGINT", "-9223372036854775808", DataTypes.LongType},
        {"u8", "UINT8", "255", DataTypes.ShortType},
        {"u16", "UINT16", "65535", DataTypes.IntegerType},
        {"u32", "UINT32", "4294967295", DataTypes.LongType},
        {"u64", "UINT64", "18446744073709551615", DataTypes.createDecimalType(20, 0)},
        {"f32", "FLOAT", "1.5", DataTypes.FloatType},
        {"f64", "DOUBLE", "-2.25", DataTypes.DoubleType},
        {"b", "BOOLEAN", "true", DataTypes.BooleanType},
        {"s", "STRING", "'héllo, 世界'", DataTypes.StringType},
        {"bin", "VARBINARY", "X'00FF10'", DataTypes.BinaryType},
        {"amt", "DECIMAL(10, 3)", "1234567.891", DataTypes.createDecimalType(10, 3)},
        {"d", "DATE", "'2024-02-29'", DataTypes.DateType},
        {"t0", "TIMESTAMP(0)", "'2024-03-01 10:11:12'", DataTypes.TimestampType},
        {"t6", "TIMESTAMP(6)", "'2024-03-01 10:11:12.123456'", DataTypes.TimestampType},
        {"t9", "TIMESTAMP(9)", "'2024-03-01 10:11:12.123456789'", DataTypes.TimestampType},
        {"j", "JSON", "'{\"a\":1,\"b\":[true,null]}'", DataTypes.StringType},
        {"v", "VECTOR(3)", "'[1.5,2,3]'", DataTypes.StringType},
    };

    private static Frontend frontend;
    private static SparkSession spark;

    @BeforeAll
    static void start() throws SQLException {
        frontend = new Frontend(1);
        spark = SparkSessions.local("local[2]");
        GreptimeSpark.register();
        try (Connection c = frontend.connect();
                Statement st = c.createStatement()) {
            for (String table : List.of("types_src", "types_dst")) {
                StringBuilder ddl = new StringBuilder("CREATE TABLE " + table + " (ts TIMESTAMP(3) TIME INDEX");
                for (Object[] col : COLUMNS) {
                    ddl.append(", ").append(col[0]).append(' ').append(col[1]);
                }
                st.execute(ddl.append(")").toString());
            }
            StringBuilder insert = new StringBuilder("INSERT INTO types_src (ts");
            StringBuilder values = new StringBuilder(") VALUES (1709287872000");
            for (Object[] col : COLUMNS) {
                insert.append(", ").append(col[0]);
                values.append(", ").append(col[2]);
            }
            st.execute(insert.append(values).append(")").toString());
            // a row of NULLs in every column but the time index
            st.execute("INSERT INTO types_src (ts) VALUES (1709287873000)");
        }
    }

    @AfterAll
    static void stop() {
        spark.stop();
        frontend.close();
    }

    private static Dataset<Row> read(String table) {
        return spark.read()
                .format("greptime")
                .option("url", frontend.url(""))
                .option("dbtable", table)
                .load();
    }

    /** Each column's value as the driver reads it with getString, by column name, for both rows in time order. */
    private static List<Map<String, String>> jdbcRows(String table) throws SQLException {
        List<Map<String, String>> rows = new ArrayList<>();
        try (Connection c = frontend.connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM " + table + " ORDER BY ts")) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    row.put(md.getColumnLabel(i), rs.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    void everyType_readsAsItsSparkType_andWritesBackUnchanged() throws SQLException {
        Dataset<Row> df = read("types_src");
        for (Object[] col : COLUMNS) {
            assertThat(df.schema().apply((String) col[0]).dataType())
                    .as("Spark type of %s %s", col[0], col[1])
                    .isEqualTo((DataType) col[3]);
        }
        Row first = df.orderBy("ts").first();
        assertThat(first.<java.math.BigDecimal>getAs("u64")).isEqualByComparingTo("18446744073709551615");
        assertThat(first.<Byte>getAs("i8")).isEqualTo((byte) -128);
        assertThat(first.<byte[]>getAs("bin")).containsExactly(0x00, 0xFF, 0x10);
        assertThat(first.<java.sql.Date>getAs("d")).hasToString("2024-02-29");
        assertThat(first.<java.sql.Timestamp>getAs("t6").toInstant())
                .isEqualTo(Instant.parse("2024-03-01T10:11:12.123456Z"));
        // Spark keeps microseconds: the nanoseconds of a TIMESTAMP(9) are cut on read (documented)
        assertThat(first.<java.sql.Timestamp>getAs("t9").toInstant())
                .isEqualTo(Instant.parse("2024-03-01T10:11:12.123456Z"));
        assertThat(first.<String>getAs("j")).contains("\"a\"").contains("1");
        assertThat(first.<String>getAs("s")).isEqualTo("héllo, 世界");

        df.write()
                .format("greptime")
                .option("url", frontend.url(""))
                .option("dbtable", "types_dst")
                .mode(SaveMode.Append)
                .save();
        List<Map<String, String>> src = jdbcRows("types_src");
        List<Map<String, String>> dst = jdbcRows("types_dst");
        assertThat(dst).hasSize(2);
        for (int r = 0; r < 2; r++) {
            for (Object[] col : COLUMNS) {
                String name = (String) col[0];
                String expected = src.get(r).get(name);
                if (name.equals("t9") && expected != null) {
                    expected = expected.replace(".123456789", ".123456000");
                }
                assertThat(dst.get(r).get(name)).as("%s of row %d", name, r).isEqualTo(expected);
            }
        }
    }

    @Test
    void timeZones_sparkSessionZoneRulesBoundsAndFilters_whateverTheDriverZone() throws SQLException {
        try (Connection c = frontend.connect();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE zoned (ts TIMESTAMP(3) TIME INDEX, v INT)");
            StringBuilder values = new StringBuilder("INSERT INTO zoned VALUES ");
            long t0 = Instant.parse("2024-06-30T22:00:00Z").toEpochMilli();
            for (int i = 0; i < 240; i++) {
                values.append(i == 0 ? "" : ", ")
                        .append('(')
                        .append(t0 + i * 60_000L)
                        .append(", ")
                        .append(i)
                        .append(')');
            }
            st.execute(values.toString());
        }
        String before = spark.conf().get("spark.sql.session.timeZone");
        spark.conf().set("spark.sql.session.timeZone", "America/New_York");
        try {
            // the driver's own session zone is Asia/Tokyo: the dialect puts each fetch into New York time
            Dataset<Row> df = spark.read()
                    .format("greptime")
                    .option("url", frontend.url("").replace("timezone=UTC", "timezone=Asia/Tokyo"))
                    .option("dbtable", "zoned")
                    .option("numPartitions", "3")
                    .load();
            assertThat(df.count()).isEqualTo(240);
            // what every fetch does first: the driver session moves to Spark's session zone
            try (Connection c =
                    java.sql.DriverManager.getConnection(frontend.url("").replace("UTC", "Asia/Tokyo"))) {
                GreptimeDialect.INSTANCE.beforeFetch(
                        c,
                        new org.apache.spark.sql.execution.datasources.jdbc.JDBCOptions(
                                frontend.url(""), "zoned", scala.collection.immutable.Map$.MODULE$.empty()));
                assertThat(c.unwrap(io.greptime.jdbc.GreptimeConnection.class).getSessionTimeZone())
                        .isEqualTo(java.time.ZoneId.of("America/New_York"));
            }
            assertThat(df.select("v").distinct().count()).isEqualTo(240);
            // 2024-06-30T23:00Z is 19:00 in New York (EDT): rows 60.. are at or after it
            long after = df.where("ts >= timestamp'2024-06-30 19:00:00'").count();
            assertThat(after).isEqualTo(180);
            Row first = df.orderBy("ts").first();
            assertThat(first.<java.sql.Timestamp>getAs("ts").toInstant())
                    .isEqualTo(Instant.parse("2024-06-30T22:00:00Z"));
            // explicit bounds are read in the Spark session zone too
            Dataset<Row> bounded = spark.read()
                    .format("greptime")
                    .option("url", frontend.url(""))
                    .option("dbtable", "zoned")
                    .option("numPartitions", "2")
                    .option("lowerBound", "2024-06-30 18:00:00")
                    .option("upperBound", "2024-06-30 22:00:00")
                    .load();
            assertThat(bounded.count()).isEqualTo(240);
        } finally {
            spark.conf().set("spark.sql.session.timeZone", before);
        }
    }
}
