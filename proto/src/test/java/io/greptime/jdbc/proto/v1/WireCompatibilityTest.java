package io.greptime.jdbc.proto.v1;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Our .proto files against the official generated classes of {@code io.greptime:greptimedb-proto:0.9.0}
 * (test scope): every message and enum both declare must agree on field numbers, types and labels and on
 * enum value numbers, so bytes written by either side mean the same to the other.
 *
 * <p>The official jar is protobuf 3.21 gencode. protobuf-java 4.33 still runs it (it extends the
 * retained {@code GeneratedMessageV3}); only its message parsing logs a "vulnerable gencode" warning,
 * and this test reads nothing but its descriptors, which are built from the serialized
 * FileDescriptorProto each outer class carries. Differences that do not break the wire (a side's extra
 * messages, fields and values, renames) are printed to the test output for information.
 */
class WireCompatibilityTest {

    static final List<FileDescriptor> OURS = List.of(
            CommonProto.getDescriptor(),
            ColumnProto.getDescriptor(),
            RowProto.getDescriptor(),
            DdlProto.getDescriptor(),
            PromProto.getDescriptor(),
            HealthProto.getDescriptor(),
            DatabaseProto.getDescriptor());

    static final List<FileDescriptor> OFFICIAL_0_9_0 = List.of(
            io.greptime.v1.Common.getDescriptor(),
            io.greptime.v1.Columns.getDescriptor(),
            io.greptime.v1.RowData.getDescriptor(),
            io.greptime.v1.Ddl.getDescriptor(),
            io.greptime.v1.Prometheus.getDescriptor(),
            io.greptime.v1.Health.getDescriptor(),
            io.greptime.v1.Database.getDescriptor());

    @Test
    void sharedMessagesAndEnums_agreeOnEveryWireRelevantDetail() {
        DescriptorDiff diff = DescriptorDiff.compare(OURS, OFFICIAL_0_9_0);

        System.out.println("Compared " + diff.sharedMessages.size() + " messages, "
                + diff.sharedEnums.size() + " enums and " + diff.sharedMethods.size()
                + " rpcs present on both sides: " + diff.sharedMethods);
        System.out.println("Differences that do not affect the wire (" + diff.notes.size() + "):");
        diff.notes.forEach(note -> System.out.println("  " + note));
        assertThat(diff.mismatches).as("wire incompatibilities").isEmpty();
    }

    @Test
    void comparison_coversTheEnvelopeAndTheWritePath() {
        DescriptorDiff diff = DescriptorDiff.compare(OURS, OFFICIAL_0_9_0);

        assertThat(diff.sharedMessages)
                .contains(
                        "greptime.v1.GreptimeRequest",
                        "greptime.v1.GreptimeResponse",
                        "greptime.v1.RequestHeader",
                        "greptime.v1.AuthHeader",
                        "greptime.v1.FlightMetadata",
                        "greptime.v1.AffectedRows",
                        "greptime.v1.QueryRequest",
                        "greptime.v1.RowInsertRequests",
                        "greptime.v1.Rows",
                        "greptime.v1.ColumnSchema",
                        "greptime.v1.Value",
                        "greptime.v1.Column.Values",
                        "greptime.v1.CreateTableExpr",
                        "greptime.v1.RequestHeader.TracingContextEntry");
        assertThat(diff.sharedEnums).contains("greptime.v1.ColumnDataType", "greptime.v1.SemanticType");
        assertThat(diff.sharedMethods)
                .contains(
                        "/greptime.v1.GreptimeDatabase/Handle",
                        "/greptime.v1.GreptimeDatabase/HandleRequests",
                        "/greptime.v1.HealthCheck/HealthCheck");
    }

    @Test
    void comparison_reportsANumberTypeOrLabelThatDiffers() throws DescriptorValidationException {
        FileDescriptor base = fileWith(field("value", 1, FieldDescriptorProto.Type.TYPE_UINT32, false));
        FileDescriptor otherNumber = fileWith(field("value", 2, FieldDescriptorProto.Type.TYPE_UINT32, false));
        FileDescriptor otherType = fileWith(field("value", 1, FieldDescriptorProto.Type.TYPE_INT32, false));
        FileDescriptor otherLabel = fileWith(field("value", 1, FieldDescriptorProto.Type.TYPE_UINT32, true));

        assertThat(DescriptorDiff.compare(List.of(base), List.of(base)).mismatches)
                .isEmpty();
        assertThat(DescriptorDiff.compare(List.of(base), List.of(otherNumber)).mismatches)
                .containsExactly("x.Probe.value: number 1 vs 2");
        assertThat(DescriptorDiff.compare(List.of(base), List.of(otherType)).mismatches)
                .containsExactly("x.Probe #1 (value): ours uint32, theirs int32");
        assertThat(DescriptorDiff.compare(List.of(base), List.of(otherLabel)).mismatches)
                .containsExactly("x.Probe #1 (value): ours uint32, theirs repeated uint32");
    }

    @Test
    void comparison_reportsAnRpcWhoseStreamingDiffers() throws DescriptorValidationException {
        FileDescriptor unary = fileWithRpc(false);
        FileDescriptor streaming = fileWithRpc(true);

        assertThat(DescriptorDiff.compare(List.of(unary), List.of(unary)).mismatches)
                .isEmpty();
        assertThat(DescriptorDiff.compare(List.of(unary), List.of(streaming)).mismatches)
                .containsExactly("rpc /x.Svc/Call: ours x.Probe -> x.Probe, theirs stream x.Probe -> x.Probe");
    }

    private static FileDescriptor fileWithRpc(boolean clientStreaming) throws DescriptorValidationException {
        FileDescriptorProto file = FileDescriptorProto.newBuilder()
                .setName("svc.proto")
                .setPackage("x")
                .setSyntax("proto3")
                .addMessageType(DescriptorProto.newBuilder().setName("Probe"))
                .addService(ServiceDescriptorProto.newBuilder()
                        .setName("Svc")
                        .addMethod(MethodDescriptorProto.newBuilder()
                                .setName("Call")
                                .setInputType(".x.Probe")
                                .setOutputType(".x.Probe")
                                .setClientStreaming(clientStreaming)))
                .build();
        return FileDescriptor.buildFrom(file, new FileDescriptor[0]);
    }

    private static FieldDescriptorProto field(
            String name, int number, FieldDescriptorProto.Type type, boolean repeated) {
        return FieldDescriptorProto.newBuilder()
                .setName(name)
                .setNumber(number)
                .setType(type)
                .setLabel(
                        repeated
                                ? FieldDescriptorProto.Label.LABEL_REPEATED
                                : FieldDescriptorProto.Label.LABEL_OPTIONAL)
                .build();
    }

    private static FileDescriptor fileWith(FieldDescriptorProto field) throws DescriptorValidationException {
        FileDescriptorProto file = FileDescriptorProto.newBuilder()
                .setName("probe.proto")
                .setPackage("x")
                .setSyntax("proto3")
                .addMessageType(DescriptorProto.newBuilder().setName("Probe").addField(field))
                .build();
        return FileDescriptor.buildFrom(file, new FileDescriptor[0]);
    }
}
