package io.greptime.jdbc.proto.v1;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * Requests encoded by our classes against bytes worked out by hand from protobuf's wire format, and read
 * back both by our classes and through the official 0.9.0 descriptors (as dynamic messages, so its old
 * gencode never parses anything).
 *
 * <p>Wire format used below: a field is a tag varint {@code number << 3 | wire type} (0 varint, 1 fixed
 * 64-bit little-endian, 2 length-delimited), then the value; a length-delimited value is a length varint
 * then the bytes. Java's generated code writes fields in number order, and proto3 writes no field that
 * holds its default (0, "", the first enum value), so such fields are absent from the bytes.
 */
class WireGoldenBytesTest {

    @Test
    void greptimeRequest_withHeaderAndSql() throws Exception {
        GreptimeRequest request = GreptimeRequest.newBuilder()
                .setHeader(RequestHeader.newBuilder()
                        .setDbname("public")
                        .setTimezone("UTC")
                        .setAuthorization(AuthHeader.newBuilder()
                                .setBasic(Basic.newBuilder().setUsername("u").setPassword("p"))))
                .setQuery(QueryRequest.newBuilder().setSql("SELECT 1"))
                .build();
        // Basic:         0A 01 75 (username #1 "u")  12 01 70 (password #2 "p")           = 6 bytes
        // AuthHeader:    0A 06 <Basic> (basic #1)                                          = 8 bytes
        // RequestHeader: 1A 08 <AuthHeader> (authorization #3: 3<<3|2 = 0x1A)
        //                22 06 "public" (dbname #4: 0x22)  32 03 "UTC" (timezone #6: 0x32)  = 10+8+5 = 23
        // QueryRequest:  0A 08 "SELECT 1" (sql #1)                                         = 10 bytes
        // GreptimeRequest: 0A 17 <RequestHeader> (header #1)  1A 0A <QueryRequest> (query #3)
        String expected = "0A17"
                + "1A08" + "0A06" + "0A0175" + "120170"
                + "2206" + "7075626C6963"
                + "3203" + "555443"
                + "1A0A" + "0A08" + "53454C4543542031";

        assertWire(request, expected, io.greptime.v1.Database.GreptimeRequest.getDescriptor());
        assertThat(GreptimeRequest.parseFrom(hex(expected))).isEqualTo(request);
    }

    @Test
    void rowInsertRequests_oneRowOfTimestampTagAndDouble() throws Exception {
        Rows rows = Rows.newBuilder()
                .addSchema(column("ts", ColumnDataType.TIMESTAMP_MILLISECOND, SemanticType.TIMESTAMP))
                .addSchema(column("host", ColumnDataType.STRING, SemanticType.TAG))
                .addSchema(column("v", ColumnDataType.FLOAT64, SemanticType.FIELD))
                .addRows(Row.newBuilder()
                        .addValues(Value.newBuilder().setTimestampMillisecondValue(1_700_000_000_000L))
                        .addValues(Value.newBuilder().setStringValue("a"))
                        .addValues(Value.newBuilder().setF64Value(1.5)))
                .build();
        RowInsertRequests request = RowInsertRequests.newBuilder()
                .addInserts(RowInsertRequest.newBuilder().setTableName("cpu").setRows(rows))
                .build();
        // ColumnSchema ts:   0A 02 "ts"  10 10 (datatype #2 = TIMESTAMP_MILLISECOND 16)
        //                    18 02 (semantic_type #3 = TIMESTAMP 2)                         = 8 bytes
        // ColumnSchema host: 0A 04 "host"  10 0C (STRING 12); semantic_type TAG is 0: absent = 8 bytes
        // ColumnSchema v:    0A 01 "v"  10 0A (FLOAT64 10)  18 01 (FIELD 1)                 = 7 bytes
        // Value ts: tag 17<<3|0 = 136 = varint 88 01; 1_700_000_000_000 = 17 * 10^11
        //   = 17 * 0x174876E800 = 0x18BCFE56800; 7-bit groups from the low end: 0x00, 0x50, 0x15,
        //   0x7F, 0x3C, 0x31, continuation bit on all but the last: 80 D0 95 FF BC 31     = 8 bytes
        // Value host: tag 13<<3|2 = 0x6A, 01 "a"                                             = 3 bytes
        // Value v: tag 10<<3|1 = 0x51, 1.5 = 0x3FF8000000000000 little-endian                = 9 bytes
        // Row: values #1 = 0A 08 <ts>  0A 03 <host>  0A 09 <v>                        = 10+5+11 = 26
        // Rows: schema #1 = 0A 08 <ts>  0A 08 <host>  0A 07 <v>; rows #2 = 12 1A <Row> = 29+28 = 57
        // RowInsertRequest: 0A 03 "cpu"  12 39 <Rows>                                  = 5+59 = 64
        // RowInsertRequests: inserts #1 = 0A 40 <RowInsertRequest>
        String expected = "0A40"
                + "0A03637075"
                + "1239"
                + "0A08" + "0A027473" + "1010" + "1802"
                + "0A08" + "0A04686F7374" + "100C"
                + "0A07" + "0A0176" + "100A" + "1801"
                + "121A"
                + "0A08" + "8801" + "80D095FFBC31"
                + "0A03" + "6A0161"
                + "0A09" + "51" + "000000000000F83F";

        assertWire(request, expected, io.greptime.v1.Database.RowInsertRequests.getDescriptor());
        assertThat(RowInsertRequests.parseFrom(hex(expected))).isEqualTo(request);
    }

    @Test
    void flightMetadata_withAffectedRows() throws Exception {
        FlightMetadata metadata = FlightMetadata.newBuilder()
                .setAffectedRows(AffectedRows.newBuilder().setValue(3))
                .build();
        // AffectedRows: 08 03 (value #1, varint 3); FlightMetadata: 0A 02 <AffectedRows> (affected_rows #1)
        String expected = "0A020803";

        assertWire(metadata, expected, io.greptime.v1.Common.FlightMetadata.getDescriptor());
        assertThat(FlightMetadata.parseFrom(hex(expected))).isEqualTo(metadata);
    }

    private static ColumnSchema column(String name, ColumnDataType type, SemanticType semantic) {
        return ColumnSchema.newBuilder()
                .setColumnName(name)
                .setDatatype(type)
                .setSemanticType(semantic)
                .build();
    }

    /** Our bytes equal the hand-derived ones, and the official schema reads them as the same fields. */
    private static void assertWire(Message ours, String expectedHex, Descriptor official)
            throws InvalidProtocolBufferException {
        assertThat(HexFormat.of().withUpperCase().formatHex(ours.toByteArray())).isEqualTo(expectedHex);

        DynamicMessage theirs = DynamicMessage.parseFrom(official, hex(expectedHex));
        assertThat(theirs.getUnknownFields().asMap()).isEmpty();
        assertThat(TextFormat.printer().printToString(theirs))
                .isEqualTo(TextFormat.printer().printToString(ours));
    }

    private static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex);
    }
}
