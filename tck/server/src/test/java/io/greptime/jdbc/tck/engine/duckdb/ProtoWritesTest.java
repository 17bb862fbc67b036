package io.greptime.jdbc.tck.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.AddColumn;
import io.greptime.jdbc.proto.v1.AddColumns;
import io.greptime.jdbc.proto.v1.AlterTableExpr;
import io.greptime.jdbc.proto.v1.ColumnDataType;
import io.greptime.jdbc.proto.v1.ColumnDef;
import io.greptime.jdbc.proto.v1.ColumnSchema;
import io.greptime.jdbc.proto.v1.CreateDatabaseExpr;
import io.greptime.jdbc.proto.v1.CreateTableExpr;
import io.greptime.jdbc.proto.v1.DdlRequest;
import io.greptime.jdbc.proto.v1.DropTableExpr;
import io.greptime.jdbc.proto.v1.Row;
import io.greptime.jdbc.proto.v1.RowDeleteRequest;
import io.greptime.jdbc.proto.v1.RowDeleteRequests;
import io.greptime.jdbc.proto.v1.RowInsertRequest;
import io.greptime.jdbc.proto.v1.RowInsertRequests;
import io.greptime.jdbc.proto.v1.Rows;
import io.greptime.jdbc.proto.v1.SemanticType;
import io.greptime.jdbc.proto.v1.Value;
import io.greptime.jdbc.tck.engine.GreptimeError;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Writes and DDL that arrive as protobuf or Arrow rather than SQL. */
class ProtoWritesTest {
    private final EngineFixture f = new EngineFixture();

    @AfterEach
    void close() {
        f.close();
    }

    private static ColumnSchema col(String name, ColumnDataType t, SemanticType s) {
        return ColumnSchema.newBuilder()
                .setColumnName(name)
                .setDatatype(t)
                .setSemanticType(s)
                .build();
    }

    private static Row row(Value... values) {
        return Row.newBuilder().addAllValues(Arrays.asList(values)).build();
    }

    private static Value str(String s) {
        return Value.newBuilder().setStringValue(s).build();
    }

    private static Value ts(long ms) {
        return Value.newBuilder().setTimestampMillisecondValue(ms).build();
    }

    private static Value f64(double d) {
        return Value.newBuilder().setF64Value(d).build();
    }

    private static RowInsertRequests insert(String table, List<ColumnSchema> schema, Row... rows) {
        Rows r = Rows.newBuilder()
                .addAllSchema(schema)
                .addAllRows(Arrays.asList(rows))
                .build();
        return RowInsertRequests.newBuilder()
                .addInserts(RowInsertRequest.newBuilder().setTableName(table).setRows(r))
                .build();
    }

    private static final List<ColumnSchema> CPU = List.of(
            col("host", ColumnDataType.STRING, SemanticType.TAG),
            col("ts", ColumnDataType.TIMESTAMP_MILLISECOND, SemanticType.TIMESTAMP),
            col("v", ColumnDataType.FLOAT64, SemanticType.FIELD));

    @Test
    void insertRows_autoCreatesTableWithHints() {
        f.ctx = new io.greptime.jdbc.tck.engine.QueryContext(
                "greptime", "public", java.time.ZoneOffset.UTC, Map.of("append_mode", "true", "ttl", "1d"), null);
        long n = f.engine.insertRows(
                f.ctx, insert("cpu", CPU, row(str("a"), ts(1), f64(1)), row(str("a"), ts(1), f64(2))));
        assertThat(n).isEqualTo(2);
        assertThat(f.query("DESC cpu").column(5)).containsExactly("TAG", "TIMESTAMP", "FIELD");
        assertThat(f.query("SELECT count(*) FROM cpu").column(0)).containsExactly("2");
        assertThat(f.query("SHOW CREATE TABLE cpu").rows().get(0).get(1))
                .contains("append_mode = 'true'")
                .contains("ttl = '1day'");
    }

    @Test
    void insertRows_addsMissingColumnsAndUpserts() {
        f.engine.insertRows(f.ctx, insert("cpu", CPU, row(str("a"), ts(1), f64(1))));
        List<ColumnSchema> wider = new java.util.ArrayList<>(CPU);
        wider.add(col("region", ColumnDataType.STRING, SemanticType.TAG));
        wider.add(col("w", ColumnDataType.INT32, SemanticType.FIELD));
        f.engine.insertRows(
                f.ctx,
                insert(
                        "cpu",
                        wider,
                        row(
                                str("a"),
                                ts(1),
                                f64(5),
                                Value.getDefaultInstance(),
                                Value.newBuilder().setI32Value(7).build())));
        assertThat(f.query("SELECT * FROM cpu").rows())
                .containsExactly(Arrays.asList("a", "1970-01-01T00:00:00.001", "5.0", null, "7"));
        assertThat(f.query("DESC cpu").column(5)).containsExactly("TAG", "TIMESTAMP", "FIELD", "TAG", "FIELD");
    }

    @Test
    void insertRows_convertsTimestampUnitsToTheColumns() {
        f.update("CREATE TABLE s (host STRING PRIMARY KEY, ts TIMESTAMP(0) TIME INDEX, v DOUBLE)");
        f.engine.insertRows(f.ctx, insert("s", CPU, row(str("a"), ts(5_000), f64(1))));
        assertThat(f.query("SELECT ts FROM s").column(0)).containsExactly("1970-01-01T00:00:05");
    }

    @Test
    void insertRows_withoutAutoCreate_isTableNotFound() {
        f.ctx = new io.greptime.jdbc.tck.engine.QueryContext(
                "greptime", "public", java.time.ZoneOffset.UTC, Map.of("auto_create_table", "false"), null);
        assertThatThrownBy(() -> f.engine.insertRows(f.ctx, insert("cpu", CPU, row(str("a"), ts(1), f64(1)))))
                .isInstanceOfSatisfying(
                        GreptimeError.class, e -> assertThat(e.status()).isEqualTo(StatusCode.TABLE_NOT_FOUND));
    }

    private static Value decimal(long unscaled) {
        return Value.newBuilder()
                .setDecimal128Value(io.greptime.jdbc.proto.v1.Decimal128.newBuilder()
                        .setHi(unscaled < 0 ? -1 : 0)
                        .setLo(unscaled))
                .build();
    }

    private static ColumnSchema decimalCol(String name, int precision, int scale) {
        return col(name, ColumnDataType.DECIMAL128, SemanticType.FIELD).toBuilder()
                .setDatatypeExtension(io.greptime.jdbc.proto.v1.ColumnDataTypeExtension.newBuilder()
                        .setDecimalType(io.greptime.jdbc.proto.v1.DecimalTypeExtension.newBuilder()
                                .setPrecision(precision)
                                .setScale(scale)))
                .build();
    }

    @Test
    void insertRows_decimalTakesTheRequestsScale_andADifferentDecimalTypeIsRefused() {
        f.update("CREATE TABLE p (host STRING PRIMARY KEY, ts TIMESTAMP(3) TIME INDEX, price DECIMAL(10, 2))");
        List<ColumnSchema> same = List.of(CPU.get(0), CPU.get(1), decimalCol("price", 10, 2));
        f.engine.insertRows(f.ctx, insert("p", same, row(str("a"), ts(1), decimal(-12345))));
        assertThat(f.query("SELECT price FROM p").column(0)).containsExactly("-123.45");
        List<ColumnSchema> other = List.of(CPU.get(0), CPU.get(1), decimalCol("price", 12, 4));
        assertThatThrownBy(() -> f.engine.insertRows(f.ctx, insert("p", other, row(str("a"), ts(2), decimal(12345)))))
                .isInstanceOfSatisfying(GreptimeError.class, e -> {
                    assertThat(e.status()).isEqualTo(StatusCode.INVALID_ARGUMENTS);
                    assertThat(e.getMessage()).contains("column price expect type");
                });
        assertThat(f.query("SELECT count(*) FROM p").column(0)).containsExactly("1");
    }

    @Test
    void insertRows_jsonTextIsParsed_andTextThatIsNotJsonIsRefused() {
        List<ColumnSchema> schema = List.of(
                CPU.get(0),
                CPU.get(1),
                col("doc", ColumnDataType.JSON, SemanticType.FIELD).toBuilder()
                        .setDatatypeExtension(io.greptime.jdbc.proto.v1.ColumnDataTypeExtension.newBuilder()
                                .setJsonType(io.greptime.jdbc.proto.v1.JsonTypeExtension.JSON_BINARY))
                        .build());
        f.engine.insertRows(f.ctx, insert("j", schema, row(str("a"), ts(1), str("{\"k\": [1]}"))));
        assertThat(f.query("DESC j").column(1)).containsExactly("String", "TimestampMillisecond", "Json");
        assertThatThrownBy(() -> f.engine.insertRows(f.ctx, insert("j", schema, row(str("a"), ts(2), str("hello")))))
                .isInstanceOfSatisfying(
                        GreptimeError.class, e -> assertThat(e.status()).isEqualTo(StatusCode.INVALID_ARGUMENTS));
        assertThat(f.query("SELECT count(*) FROM j").column(0)).containsExactly("1");
    }

    @Test
    void deleteRows_removesByTagsAndTime() {
        f.engine.insertRows(f.ctx, insert("cpu", CPU, row(str("a"), ts(1), f64(1)), row(str("b"), ts(1), f64(2))));
        Rows keys = Rows.newBuilder()
                .addSchema(CPU.get(0))
                .addSchema(CPU.get(1))
                .addRows(row(str("a"), ts(1)))
                .build();
        long n = f.engine.deleteRows(
                f.ctx,
                RowDeleteRequests.newBuilder()
                        .addDeletes(RowDeleteRequest.newBuilder()
                                .setTableName("cpu")
                                .setRows(keys))
                        .build());
        assertThat(n).isEqualTo(1);
        assertThat(f.query("SELECT host FROM cpu").column(0)).containsExactly("b");
    }

    @Test
    void columnarInsertAndDelete_honourNullMask() {
        io.greptime.jdbc.proto.v1.Column host = io.greptime.jdbc.proto.v1.Column.newBuilder()
                .setColumnName("host")
                .setDatatype(ColumnDataType.STRING)
                .setSemanticType(SemanticType.TAG)
                .setValues(io.greptime.jdbc.proto.v1.Column.Values.newBuilder()
                        .addStringValues("a")
                        .addStringValues("b"))
                .build();
        io.greptime.jdbc.proto.v1.Column time = io.greptime.jdbc.proto.v1.Column.newBuilder()
                .setColumnName("ts")
                .setDatatype(ColumnDataType.TIMESTAMP_MILLISECOND)
                .setSemanticType(SemanticType.TIMESTAMP)
                .setValues(io.greptime.jdbc.proto.v1.Column.Values.newBuilder()
                        .addTimestampMillisecondValues(1)
                        .addTimestampMillisecondValues(2)
                        .addTimestampMillisecondValues(3))
                .build();
        io.greptime.jdbc.proto.v1.Column v = io.greptime.jdbc.proto.v1.Column.newBuilder()
                .setColumnName("v")
                .setDatatype(ColumnDataType.FLOAT64)
                .setSemanticType(SemanticType.FIELD)
                .setValues(io.greptime.jdbc.proto.v1.Column.Values.newBuilder().addF64Values(9))
                .setNullMask(com.google.protobuf.ByteString.copyFrom(new byte[] {0b011}))
                .build();
        // host is NULL in row 1 (mask bit 1), v only in row 2
        host = host.toBuilder()
                .setNullMask(com.google.protobuf.ByteString.copyFrom(new byte[] {0b010}))
                .build();
        long n = f.engine.insertColumns(
                f.ctx,
                io.greptime.jdbc.proto.v1.InsertRequests.newBuilder()
                        .addInserts(io.greptime.jdbc.proto.v1.InsertRequest.newBuilder()
                                .setTableName("c")
                                .addColumns(host)
                                .addColumns(time)
                                .addColumns(v)
                                .setRowCount(3))
                        .build());
        assertThat(n).isEqualTo(3);
        assertThat(f.query("SELECT host, v FROM c ORDER BY ts").rows())
                .containsExactly(Arrays.asList("a", null), Arrays.asList(null, null), Arrays.asList("b", "9.0"));
        io.greptime.jdbc.proto.v1.Column keyHost = io.greptime.jdbc.proto.v1.Column.newBuilder()
                .setColumnName("host")
                .setDatatype(ColumnDataType.STRING)
                .setSemanticType(SemanticType.TAG)
                .setValues(io.greptime.jdbc.proto.v1.Column.Values.newBuilder().addStringValues("b"))
                .build();
        io.greptime.jdbc.proto.v1.Column keyTime = io.greptime.jdbc.proto.v1.Column.newBuilder()
                .setColumnName("ts")
                .setDatatype(ColumnDataType.TIMESTAMP_MILLISECOND)
                .setSemanticType(SemanticType.TIMESTAMP)
                .setValues(io.greptime.jdbc.proto.v1.Column.Values.newBuilder().addTimestampMillisecondValues(3))
                .build();
        assertThat(f.engine.deleteColumns(
                        f.ctx,
                        io.greptime.jdbc.proto.v1.DeleteRequests.newBuilder()
                                .addDeletes(io.greptime.jdbc.proto.v1.DeleteRequest.newBuilder()
                                        .setTableName("c")
                                        .addKeyColumns(keyHost)
                                        .addKeyColumns(keyTime)
                                        .setRowCount(1))
                                .build()))
                .isEqualTo(1);
        assertThat(f.query("SELECT count(*) FROM c").column(0)).containsExactly("2");
    }

    @Test
    void ddl_createsAltersAndDrops() {
        assertThat(f.engine.ddl(
                        f.ctx,
                        DdlRequest.newBuilder()
                                .setCreateDatabase(
                                        CreateDatabaseExpr.newBuilder().setSchemaName("db1"))
                                .build()))
                .isEqualTo(1);
        CreateTableExpr ct = CreateTableExpr.newBuilder()
                .setSchemaName("db1")
                .setTableName("t")
                .setTimeIndex("ts")
                .addPrimaryKeys("k")
                .addColumnDefs(ColumnDef.newBuilder()
                        .setName("k")
                        .setDataType(ColumnDataType.STRING)
                        .setIsNullable(true)
                        .setSemanticType(SemanticType.TAG))
                .addColumnDefs(ColumnDef.newBuilder()
                        .setName("ts")
                        .setDataType(ColumnDataType.TIMESTAMP_SECOND)
                        .setSemanticType(SemanticType.TIMESTAMP))
                .build();
        assertThat(f.engine.ddl(
                        f.ctx, DdlRequest.newBuilder().setCreateTable(ct).build()))
                .isZero();
        AlterTableExpr alter = AlterTableExpr.newBuilder()
                .setSchemaName("db1")
                .setTableName("t")
                .setAddColumns(AddColumns.newBuilder()
                        .addAddColumns(AddColumn.newBuilder()
                                .setColumnDef(ColumnDef.newBuilder()
                                        .setName("v")
                                        .setDataType(ColumnDataType.FLOAT64)
                                        .setIsNullable(true))))
                .build();
        f.engine.ddl(f.ctx, DdlRequest.newBuilder().setAlterTable(alter).build());
        assertThat(f.query("DESC db1.t").column(1)).containsExactly("String", "TimestampSecond", "Float64");
        f.engine.ddl(
                f.ctx,
                DdlRequest.newBuilder()
                        .setDropTable(
                                DropTableExpr.newBuilder().setSchemaName("db1").setTableName("t"))
                        .build());
        f.fails("DESC db1.t", StatusCode.TABLE_NOT_FOUND, "Table not found: greptime.db1.t");
    }

    @Test
    void tableSchema_andPutBatch_roundTrip() {
        f.update("CREATE TABLE m (host STRING PRIMARY KEY, ts TIMESTAMP TIME INDEX, v DOUBLE)");
        org.apache.arrow.vector.types.pojo.Schema schema = f.engine.tableSchema(f.ctx, "m");
        assertThat(schema.findField("ts").getType()).isEqualTo(new ArrowType.Timestamp(TimeUnit.MILLISECOND, null));
        assertThat(schema.findField("ts").getMetadata()).containsEntry("greptime:time_index", "true");
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, f.allocator)) {
            batch.allocateNew();
            ((VarCharVector) batch.getVector("host")).setSafe(0, "a".getBytes(StandardCharsets.UTF_8));
            ((VarCharVector) batch.getVector("host")).setSafe(1, "a".getBytes(StandardCharsets.UTF_8));
            ((TimeStampMilliVector) batch.getVector("ts")).setSafe(0, 5);
            ((TimeStampMilliVector) batch.getVector("ts")).setSafe(1, 5);
            ((Float8Vector) batch.getVector("v")).setSafe(0, 1);
            ((Float8Vector) batch.getVector("v")).setSafe(1, 2);
            batch.setRowCount(2);
            assertThat(f.engine.putBatch(f.ctx, "m", batch)).isEqualTo(2);
        }
        assertThat(f.query("SELECT v FROM m").column(0)).containsExactly("2.0");
        assertThatThrownBy(() -> f.engine.tableSchema(f.ctx, "nope"))
                .isInstanceOfSatisfying(
                        GreptimeError.class, e -> assertThat(e.status()).isEqualTo(StatusCode.TABLE_NOT_FOUND));
    }

    /** DoPut JSON columns carry JSONB (GreptimeDB stores those bytes unparsed); text bytes are refused. */
    @Test
    void putBatch_jsonColumnTakesJsonb_andRefusesText() {
        f.update("CREATE TABLE j (ts TIMESTAMP TIME INDEX, doc JSON)");
        org.apache.arrow.vector.types.pojo.Schema schema = f.engine.tableSchema(f.ctx, "j");
        assertThat(schema.findField("doc").getType()).isEqualTo(ArrowType.Binary.INSTANCE);
        try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, f.allocator)) {
            batch.allocateNew();
            ((TimeStampMilliVector) batch.getVector("ts")).setSafe(0, 1);
            // JSONB of {"a":1}: object header (1 entry), key entry (1 byte), number entry (2 bytes),
            // key "a", number 0x50 0x01 (jsonb 0.4: a positive integer tag and one byte)
            byte[] jsonb = {0x40, 0, 0, 1, 0x10, 0, 0, 1, 0x20, 0, 0, 2, 'a', 0x50, 1};
            ((org.apache.arrow.vector.VarBinaryVector) batch.getVector("doc")).setSafe(0, jsonb);
            batch.setRowCount(1);
            assertThat(f.engine.putBatch(f.ctx, "j", batch)).isEqualTo(1);

            ((TimeStampMilliVector) batch.getVector("ts")).setSafe(0, 2);
            ((org.apache.arrow.vector.VarBinaryVector) batch.getVector("doc"))
                    .setSafe(0, "{\"a\":2}".getBytes(StandardCharsets.UTF_8));
            assertThatThrownBy(() -> f.engine.putBatch(f.ctx, "j", batch))
                    .isInstanceOfSatisfying(
                            GreptimeError.class, e -> assertThat(e.status()).isEqualTo(StatusCode.INVALID_ARGUMENTS));
        }
        assertThat(f.query("SELECT doc FROM j").column(0)).containsExactly("{\"a\":1}");
    }
}
