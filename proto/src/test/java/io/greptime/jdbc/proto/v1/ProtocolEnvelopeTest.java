package io.greptime.jdbc.proto.v1;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The envelope messages our .proto files declare, field by field, against the tables of protocol.md §2.1
 * and §2.3 (copied here by hand: name=number:type, {@code @oneof} when the field is in a oneof). A field
 * we add, drop, renumber or retype without the document saying so fails here.
 */
class ProtocolEnvelopeTest {

    static List<Arguments> envelope() {
        return List.of(
                Arguments.of(
                        GreptimeRequest.getDescriptor(),
                        List.of(
                                "header=1:RequestHeader",
                                "inserts=2:InsertRequests@request",
                                "query=3:QueryRequest@request",
                                "ddl=4:DdlRequest@request",
                                "deletes=5:DeleteRequests@request",
                                "row_inserts=6:RowInsertRequests@request",
                                "row_deletes=7:RowDeleteRequests@request")),
                Arguments.of(
                        GreptimeResponse.getDescriptor(),
                        List.of("header=1:ResponseHeader", "affected_rows=2:AffectedRows@response")),
                Arguments.of(
                        RequestHeader.getDescriptor(),
                        List.of(
                                "catalog=1:string",
                                "schema=2:string",
                                "authorization=3:AuthHeader",
                                "dbname=4:string",
                                "tracing_context=5:map<string,string>",
                                "timezone=6:string")),
                Arguments.of(ResponseHeader.getDescriptor(), List.of("status=1:Status")),
                Arguments.of(Status.getDescriptor(), List.of("status_code=1:uint32", "err_msg=2:string")),
                Arguments.of(
                        AuthHeader.getDescriptor(), List.of("basic=1:Basic@auth_scheme", "token=2:Token@auth_scheme")),
                Arguments.of(Basic.getDescriptor(), List.of("username=1:string", "password=2:string")),
                Arguments.of(Token.getDescriptor(), List.of("token=1:string")),
                Arguments.of(AffectedRows.getDescriptor(), List.of("value=1:uint32")),
                Arguments.of(Metrics.getDescriptor(), List.of("metrics=1:bytes")),
                Arguments.of(
                        FlightMetadata.getDescriptor(), List.of("affected_rows=1:AffectedRows", "metrics=2:Metrics")),
                Arguments.of(
                        QueryRequest.getDescriptor(),
                        List.of(
                                "sql=1:string@query",
                                "logical_plan=2:bytes@query",
                                "prom_range_query=3:PromRangeQuery@query",
                                "insert_into_plan=4:InsertIntoPlan@query")),
                Arguments.of(Value.getDescriptor(), valueFields()));
    }

    /** protocol.md §2.3's Value table; every member is in the oneof {@code value_data}. */
    private static List<String> valueFields() {
        return List.of(
                        "i8_value=1:int32",
                        "i16_value=2:int32",
                        "i32_value=3:int32",
                        "i64_value=4:int64",
                        "u8_value=5:uint32",
                        "u16_value=6:uint32",
                        "u32_value=7:uint32",
                        "u64_value=8:uint64",
                        "f32_value=9:float",
                        "f64_value=10:double",
                        "bool_value=11:bool",
                        "binary_value=12:bytes",
                        "string_value=13:string",
                        "date_value=14:int32",
                        "datetime_value=15:int64",
                        "timestamp_second_value=16:int64",
                        "timestamp_millisecond_value=17:int64",
                        "timestamp_microsecond_value=18:int64",
                        "timestamp_nanosecond_value=19:int64",
                        "time_second_value=20:int64",
                        "time_millisecond_value=21:int64",
                        "time_microsecond_value=22:int64",
                        "time_nanosecond_value=23:int64",
                        "interval_year_month_value=24:int32",
                        "interval_day_time_value=25:int64",
                        "interval_month_day_nano_value=26:IntervalMonthDayNano",
                        "decimal128_value=31:Decimal128",
                        "list_value=40:ListValue",
                        "struct_value=41:StructValue",
                        "json_value=42:JsonValue")
                .stream()
                .map(f -> f + "@value_data")
                .collect(Collectors.toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("envelope")
    void declaredFields_matchProtocolDocument(Descriptor message, List<String> documented) {
        List<String> declared =
                message.getFields().stream().map(ProtocolEnvelopeTest::describe).collect(Collectors.toList());

        assertThat(declared).containsExactlyInAnyOrderElementsOf(documented);
    }

    private static String describe(FieldDescriptor field) {
        String oneof = field.getRealContainingOneof() == null
                ? ""
                : "@" + field.getRealContainingOneof().getName();
        return field.getName() + "=" + field.getNumber() + ":" + typeOf(field) + oneof;
    }

    private static String typeOf(FieldDescriptor field) {
        if (field.isMapField()) {
            Descriptor entry = field.getMessageType();
            return "map<" + typeOf(entry.findFieldByName("key")) + "," + typeOf(entry.findFieldByName("value")) + ">";
        }
        String repeated = field.isRepeated() ? "repeated " : "";
        switch (field.getJavaType()) {
            case MESSAGE:
                return repeated + field.getMessageType().getName();
            case ENUM:
                return repeated + field.getEnumType().getName();
            default:
                return repeated + field.getType().name().toLowerCase(Locale.ROOT);
        }
    }
}
