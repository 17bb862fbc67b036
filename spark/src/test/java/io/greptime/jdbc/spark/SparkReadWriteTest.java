package io.greptime.jdbc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Spark local[2] reading and writing GreptimeDB through the shaded driver, against two embedded frontends. */
class SparkReadWriteTest {
    private static final long T0 = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
    private static Frontend frontend;
    private static SparkSession spark;

    @BeforeAll
    static void start() throws SQLException {
        frontend = new Frontend(2);
        spark = SparkSessions.local("local[2]");
        try (Connection c = frontend.connect();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO cpu (ts, host, v) VALUES (?, ?, ?)")) {
                for (int i = 0; i < 1000; i++) {
                    ps.setTimestamp(1, new Timestamp(T0 + i * 1000L));
                    ps.setString(2, "h" + (i % 5));
                    ps.setDouble(3, i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            st.execute("CREATE TABLE empty_cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
    }

    @AfterAll
    static void stop() {
        spark.stop();
        frontend.close();
    }

    private static Dataset<Row> greptime(String table, String... options) {
        var reader =
                spark.read().format("greptime").option("url", frontend.url("")).option("dbtable", table);
        for (int i = 0; i < options.length; i += 2) {
            reader = reader.option(options[i], options[i + 1]);
        }
        return reader.load();
    }

    /** Every partition's rows, as the values of {@code v}, one list per partition (in partition order). */
    private static List<List<Double>> valuesByPartition(Dataset<Row> df) {
        MapPartitionsFunction<Row, String> tag = rows -> {
            int p = org.apache.spark.TaskContext.getPartitionId();
            List<String> out = new ArrayList<>();
            rows.forEachRemaining(r -> out.add(p + ":" + r.<Double>getAs("v")));
            return out.iterator();
        };
        List<String> tagged = df.mapPartitions(tag, Encoders.STRING()).collectAsList();
        List<List<Double>> parts = new ArrayList<>();
        for (int i = 0; i < df.rdd().getNumPartitions(); i++) {
            parts.add(new ArrayList<>());
        }
        for (String t : tagged) {
            int colon = t.indexOf(':');
            parts.get(Integer.parseInt(t.substring(0, colon))).add(Double.parseDouble(t.substring(colon + 1)));
        }
        return parts;
    }

    private static void assertEveryRowOnce(List<List<Double>> parts, int rows) {
        List<Double> all = new ArrayList<>();
        parts.forEach(all::addAll);
        Set<Double> distinct = new HashSet<>(all);
        assertThat(all).as("rows read over all partitions").hasSize(rows);
        assertThat(distinct).as("distinct rows").hasSize(rows);
        for (int i = 0; i < rows; i++) {
            assertThat(distinct).contains((double) i);
        }
    }

    @Test
    void partitionedRead_findsTheTimeRangeAndCoversEveryRowOnce() {
        int before = frontend.statements.size();
        Dataset<Row> df = greptime("cpu", "numPartitions", "4");
        List<List<Double>> parts = valuesByPartition(df);
        assertThat(parts).hasSize(4).allSatisfy(p -> assertThat(p).isNotEmpty());
        assertEveryRowOnce(parts, 1000);
        // time ranges: partition i holds a contiguous run of the time index, after partition i-1's
        double previousMax = -1;
        for (List<Double> p : parts) {
            assertThat(p.stream().mapToDouble(Double::doubleValue).min().orElseThrow())
                    .isGreaterThan(previousMax);
            previousMax = p.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        }
        List<String> sent = frontend.statements.subList(before, frontend.statements.size());
        assertThat(sent).anyMatch(s -> s.startsWith("SELECT min(\"ts\"), max(\"ts\") FROM cpu"));
        assertThat(sent.stream().filter(s -> s.contains("WHERE") && s.contains("\"ts\"")))
                .as("one query per partition, each with its time range")
                .hasSize(4);
    }

    @Test
    void partitionedRead_spreadsPartitionsOverTheFrontends() throws Exception {
        List<Long> before = doGets();
        greptime("cpu", "numPartitions", "4").count();
        List<Long> after = doGets();
        // partitions 0 and 2 start on the first frontend, 1 and 3 on the second
        assertThat(after.get(0) - before.get(0)).isGreaterThanOrEqualTo(2);
        assertThat(after.get(1) - before.get(1)).isGreaterThanOrEqualTo(2);
    }

    private static List<Long> doGets() {
        List<Long> out = new ArrayList<>();
        frontend.servers.forEach(s -> out.add(s.faults().startedCalls()));
        return out;
    }

    @Test
    void filtersAndColumnsArePushedIntoTheSql() {
        int before = frontend.statements.size();
        List<Row> rows = greptime("cpu", "numPartitions", "2")
                .select("host", "v")
                .where("v >= 990 AND host = 'h0'")
                .collectAsList();
        assertThat(rows).extracting(r -> r.<Double>getAs("v")).containsExactlyInAnyOrder(990.0, 995.0);
        List<String> sent = frontend.statements.subList(before, frontend.statements.size());
        assertThat(sent)
                .filteredOn(s -> s.contains("WHERE") && s.contains("\"v\" >= 990"))
                .hasSize(2)
                .allSatisfy(s -> assertThat(s)
                        .startsWith("SELECT \"host\",\"v\" FROM cpu")
                        .contains("'h0'"));
    }

    @Test
    void boundsThatDoNotCoverTheData_stillReadEveryRowOnce() {
        Dataset<Row> df = greptime(
                "cpu",
                "numPartitions",
                "3",
                "lowerBound",
                "2024-03-01T00:05:00Z",
                "upperBound",
                "2024-03-01T00:06:00Z");
        List<List<Double>> parts = valuesByPartition(df);
        assertThat(parts).hasSize(3);
        assertEveryRowOnce(parts, 1000);
    }

    @Test
    void tableWithoutRows_readsNothingInOnePartition() {
        Dataset<Row> df = greptime("empty_cpu", "numPartitions", "4");
        assertThat(df.count()).isZero();
        assertThat(df.rdd().getNumPartitions()).isEqualTo(1);
    }

    @Test
    void partitionColumnThatIsNotTheTimeIndex_isRefusedNamingTheOption() {
        assertThatThrownBy(() -> greptime("cpu", "partitionColumn", "v", "numPartitions", "2"))
                .hasMessageContaining("option 'partitionColumn' is 'v'")
                .hasMessageContaining("'ts'");
        assertThatThrownBy(() -> greptime("cpu", "lowerBound", "2024-03-01T00:00:00Z"))
                .hasMessageContaining("'lowerBound' and 'upperBound' go together");
        assertThatThrownBy(() -> greptime("cpu", "numPartitions", "zero"))
                .hasMessageContaining("option 'numPartitions'");
    }

    @Test
    void jdbcFormat_withTheRegisteredDialect_partitionsByGivenBounds() {
        GreptimeSpark.register();
        Dataset<Row> df = spark.read()
                .format("jdbc")
                .option("url", frontend.url(""))
                .option("dbtable", "cpu")
                .option("partitionColumn", "ts")
                .option("lowerBound", "2024-03-01 00:00:00")
                .option("upperBound", "2024-03-01 00:16:40")
                .option("numPartitions", "4")
                .load();
        assertThat(df.schema().apply("ts").dataType()).isEqualTo(DataTypes.TimestampType);
        assertEveryRowOnce(valuesByPartition(df), 1000);
    }

    @Test
    void write_createsTheTableWithTimeIndexKeyAndOptions_thenReadsBack() throws SQLException {
        StructType schema = new StructType()
                .add("ts", DataTypes.TimestampType, false)
                .add("host", DataTypes.StringType)
                .add("v", DataTypes.DoubleType);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            rows.add(RowFactory.create(new Timestamp(T0 + i), "w" + (i % 3), i * 0.5));
        }
        int putsBefore = frontend.putBatches.get();
        spark.createDataFrame(rows, schema)
                .repartition(2)
                .write()
                .format("greptime")
                .option("url", frontend.url(""))
                .option("dbtable", "written")
                .option(GreptimeOptions.PRIMARY_KEY, "host")
                .option(GreptimeOptions.TABLE_OPTIONS, "append_mode=false,ttl=7d")
                .option("batchsize", "100")
                .mode(SaveMode.Append)
                .save();
        assertThat(frontend.putBatches.get() - putsBefore)
                .as("DoPut batches: every executeBatch of 100 rows went as one")
                .isGreaterThanOrEqualTo(5);
        try (Connection c = frontend.connect();
                Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SHOW CREATE TABLE written")) {
                assertThat(rs.next()).isTrue();
                String ddl = rs.getString(2);
                assertThat(ddl)
                        .contains("TIME INDEX (\"ts\")")
                        .contains("PRIMARY KEY (\"host\")")
                        .contains("ttl");
            }
            try (ResultSet rs = st.executeQuery("SELECT count(*), sum(v), min(ts), max(ts) FROM written")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getLong(1)).isEqualTo(500);
                assertThat(rs.getDouble(2)).isEqualTo(0.5 * 499 * 500 / 2);
                assertThat(rs.getTimestamp(3).getTime()).isEqualTo(T0);
                assertThat(rs.getTimestamp(4).getTime()).isEqualTo(T0 + 499);
            }
            assertThat(c.getMetaData().supportsTransactions()).isFalse();
        }
        assertThat(greptime("written").where("host = 'w1'").count()).isEqualTo(167);
    }

    @Test
    void write_throughTheGreptimeSource_asksForNoTransaction() throws SQLException {
        try (Connection c = frontend.connect();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE iso (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        StructType schema = new StructType()
                .add("ts", DataTypes.TimestampType, false)
                .add("host", DataTypes.StringType)
                .add("v", DataTypes.DoubleType);
        Dataset<Row> df = spark.createDataFrame(List.of(RowFactory.create(new Timestamp(T0), "a", 1.0)), schema)
                .coalesce(1);
        // Spark's generic source keeps its default isolation level: the task asks for a transaction and warns
        List<String> generic = SparkLogCapture.warnings(() -> {
            GreptimeSpark.register();
            df.write()
                    .format("jdbc")
                    .option("url", frontend.url(""))
                    .option("dbtable", "iso")
                    .mode(SaveMode.Append)
                    .save();
        });
        assertThat(generic).anyMatch(m -> m.contains("transactions are unsupported"));
        List<String> ours = SparkLogCapture.warnings(() -> df.write()
                .format("greptime")
                .option("url", frontend.url(""))
                .option("dbtable", "iso")
                .mode(SaveMode.Append)
                .save());
        assertThat(ours).noneMatch(m -> m.contains("transactions are unsupported"));
        try (Connection c = frontend.connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*) FROM iso")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1))
                    .as("the same row twice: a dedup table keeps one")
                    .isEqualTo(1);
        }
    }

    @Test
    void write_withoutATimestampColumn_namesTheOption() {
        StructType schema = new StructType().add("host", DataTypes.StringType);
        Dataset<Row> df = spark.createDataFrame(List.of(RowFactory.create("a")), schema);
        assertThatThrownBy(() -> df.write()
                        .format("greptime")
                        .option("url", frontend.url(""))
                        .option("dbtable", "no_time")
                        .save())
                .hasStackTraceContaining("option 'timeIndex' is required");
    }

    @Test
    void readSchema_mapsUnsignedAndDecimalTypes() throws SQLException {
        try (Connection c = frontend.connect();
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE nums (ts TIMESTAMP TIME INDEX, u8 UINT8, u16 UINT16, u32 UINT32, u64 UINT64,"
                    + " d DECIMAL(12, 4))");
            st.execute("INSERT INTO nums VALUES (1, 255, 65535, 4294967295, 18446744073709551615, 12345678.1234)");
            ResultSetMetaData md = st.executeQuery("SELECT * FROM nums").getMetaData();
            assertThat(md.getColumnCount()).isEqualTo(6);
        }
        Row row = greptime("nums").first();
        StructType schema = greptime("nums").schema();
        assertThat(schema.apply("u8").dataType()).isEqualTo(DataTypes.ShortType);
        assertThat(schema.apply("u16").dataType()).isEqualTo(DataTypes.IntegerType);
        assertThat(schema.apply("u32").dataType()).isEqualTo(DataTypes.LongType);
        assertThat(schema.apply("u64").dataType()).isEqualTo(DataTypes.createDecimalType(20, 0));
        assertThat(schema.apply("d").dataType()).isEqualTo(DataTypes.createDecimalType(12, 4));
        assertThat(row.<Short>getAs("u8")).isEqualTo((short) 255);
        assertThat(row.<Integer>getAs("u16")).isEqualTo(65535);
        assertThat(row.<Long>getAs("u32")).isEqualTo(4294967295L);
        assertThat(row.<BigDecimal>getAs("u64")).isEqualByComparingTo("18446744073709551615");
        assertThat(row.<BigDecimal>getAs("d")).isEqualByComparingTo("12345678.1234");
    }
}
