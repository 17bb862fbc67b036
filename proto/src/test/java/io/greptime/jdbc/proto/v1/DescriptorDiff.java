package io.greptime.jdbc.proto.v1;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Compares two sets of .proto files message by message and enum by enum (matched by full proto name)
 * for what decides wire compatibility: a field's number, its type and its label, enum value numbers, and
 * each rpc's path, request and response types and streaming.
 *
 * <p>{@link #mismatches} are incompatibilities; {@link #notes} are differences that do not change the
 * bytes (messages, fields or enum values only one side has, renamed fields, oneof membership, packing,
 * which every proto3 parser accepts in both forms).
 */
final class DescriptorDiff {
    final List<String> mismatches = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    final List<String> sharedMessages = new ArrayList<>();
    final List<String> sharedEnums = new ArrayList<>();
    final List<String> sharedMethods = new ArrayList<>();
    /** Pairs of differently named types already compared structurally (guards recursive types). */
    private final java.util.Set<String> comparedRenames = new java.util.HashSet<>();

    static DescriptorDiff compare(List<FileDescriptor> ours, List<FileDescriptor> theirs) {
        DescriptorDiff diff = new DescriptorDiff();
        Map<String, Descriptor> ourMessages = messages(ours);
        Map<String, Descriptor> theirMessages = messages(theirs);
        for (Map.Entry<String, Descriptor> e : ourMessages.entrySet()) {
            Descriptor other = theirMessages.get(e.getKey());
            if (other == null) {
                diff.notes.add("message only in ours: " + e.getKey());
            } else {
                diff.sharedMessages.add(e.getKey());
                diff.compareFields(e.getValue(), other);
            }
        }
        theirMessages.keySet().stream()
                .filter(name -> !ourMessages.containsKey(name))
                .forEach(name -> diff.notes.add("message only in theirs: " + name));
        Map<String, EnumDescriptor> ourEnums = enums(ours);
        Map<String, EnumDescriptor> theirEnums = enums(theirs);
        for (Map.Entry<String, EnumDescriptor> e : ourEnums.entrySet()) {
            EnumDescriptor other = theirEnums.get(e.getKey());
            if (other == null) {
                diff.notes.add("enum only in ours: " + e.getKey());
            } else {
                diff.sharedEnums.add(e.getKey());
                diff.compareValues(e.getValue(), other);
            }
        }
        theirEnums.keySet().stream()
                .filter(name -> !ourEnums.containsKey(name))
                .forEach(name -> diff.notes.add("enum only in theirs: " + name));
        diff.compareMethods(methods(ours), methods(theirs));
        return diff;
    }

    /** A method's path is its service's full name and its own; its shape, the types and streaming. */
    private void compareMethods(Map<String, MethodDescriptor> ours, Map<String, MethodDescriptor> theirs) {
        for (Map.Entry<String, MethodDescriptor> e : ours.entrySet()) {
            MethodDescriptor other = theirs.get(e.getKey());
            if (other == null) {
                notes.add("rpc only in ours: " + e.getKey());
                continue;
            }
            sharedMethods.add(e.getKey());
            if (!shape(e.getValue()).equals(shape(other))) {
                mismatches.add("rpc " + e.getKey() + ": ours " + shape(e.getValue()) + ", theirs " + shape(other));
            }
        }
        theirs.keySet().stream()
                .filter(name -> !ours.containsKey(name))
                .forEach(name -> notes.add("rpc only in theirs: " + name));
    }

    private static String shape(MethodDescriptor method) {
        return (method.isClientStreaming() ? "stream " : "")
                + method.getInputType().getFullName() + " -> " + (method.isServerStreaming() ? "stream " : "")
                + method.getOutputType().getFullName();
    }

    private static Map<String, MethodDescriptor> methods(List<FileDescriptor> files) {
        Map<String, MethodDescriptor> out = new TreeMap<>();
        for (FileDescriptor file : files) {
            for (ServiceDescriptor service : file.getServices()) {
                service.getMethods().forEach(m -> out.put("/" + service.getFullName() + "/" + m.getName(), m));
            }
        }
        return out;
    }

    private void compareFields(Descriptor ours, Descriptor theirs) {
        String where = ours.getFullName();
        for (FieldDescriptor field : ours.getFields()) {
            FieldDescriptor byName = theirs.findFieldByName(field.getName());
            FieldDescriptor byNumber = theirs.findFieldByNumber(field.getNumber());
            if (byName != null && byName.getNumber() != field.getNumber()) {
                mismatches.add(
                        where + "." + field.getName() + ": number " + field.getNumber() + " vs " + byName.getNumber());
            }
            if (byNumber == null) {
                if (byName == null) {
                    notes.add("field only in ours: " + where + "." + field.getName() + " = " + field.getNumber());
                }
                continue;
            }
            if (!byNumber.getName().equals(field.getName())) {
                notes.add("renamed: " + where + " #" + field.getNumber() + " ours " + field.getName() + ", theirs "
                        + byNumber.getName());
            }
            String ourShape = wireShape(field);
            String theirShape = wireShape(byNumber);
            if (!ourShape.equals(theirShape) && !renamedType(where, field, byNumber)) {
                mismatches.add(where + " #" + field.getNumber() + " (" + field.getName() + "): ours " + ourShape
                        + ", theirs " + theirShape);
            }
            noteOneofAndPacking(where, field, byNumber);
        }
        for (FieldDescriptor field : theirs.getFields()) {
            if (ours.findFieldByNumber(field.getNumber()) == null && ours.findFieldByName(field.getName()) == null) {
                notes.add("field only in theirs: " + where + "." + field.getName() + " = " + field.getNumber());
            }
        }
    }

    /**
     * A message or enum type renamed between versions (0.9.0's {@code AlterExpr} is today's
     * {@code AlterTableExpr}) is compatible when its structure is: the names never reach the wire. The
     * pair is compared like a shared type, and the rename noted.
     */
    private boolean renamedType(String where, FieldDescriptor ours, FieldDescriptor theirs) {
        if (ours.isRepeated() != theirs.isRepeated() || ours.getJavaType() != theirs.getJavaType()) {
            return false;
        }
        if (ours.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
            Descriptor a = ours.getMessageType();
            Descriptor b = theirs.getMessageType();
            notes.add("type renamed: " + where + "." + ours.getName() + " ours " + a.getFullName() + ", theirs "
                    + b.getFullName());
            if (comparedRenames.add(a.getFullName() + "|" + b.getFullName())) {
                compareFields(a, b);
            }
            return true;
        }
        if (ours.getJavaType() == FieldDescriptor.JavaType.ENUM) {
            EnumDescriptor a = ours.getEnumType();
            EnumDescriptor b = theirs.getEnumType();
            notes.add("type renamed: " + where + "." + ours.getName() + " ours " + a.getFullName() + ", theirs "
                    + b.getFullName());
            if (comparedRenames.add(a.getFullName() + "|" + b.getFullName())) {
                compareValues(a, b);
            }
            return true;
        }
        return false;
    }

    private void noteOneofAndPacking(String where, FieldDescriptor ours, FieldDescriptor theirs) {
        String ourOneof = ours.getRealContainingOneof() == null
                ? "-"
                : ours.getRealContainingOneof().getName();
        String theirOneof = theirs.getRealContainingOneof() == null
                ? "-"
                : theirs.getRealContainingOneof().getName();
        if (!ourOneof.equals(theirOneof)) {
            notes.add(
                    "oneof differs: " + where + "." + ours.getName() + " ours " + ourOneof + ", theirs " + theirOneof);
        }
        if (ours.isPacked() != theirs.isPacked()) {
            notes.add("packing differs: " + where + "." + ours.getName());
        }
    }

    /** Label, type and, for messages and enums, the full type name: what the bytes depend on. */
    static String wireShape(FieldDescriptor field) {
        String label = field.isRepeated() ? "repeated " : "";
        switch (field.getJavaType()) {
            case MESSAGE:
                return label + "message " + field.getMessageType().getFullName();
            case ENUM:
                return label + "enum " + field.getEnumType().getFullName();
            default:
                return label + field.getType().name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private void compareValues(EnumDescriptor ours, EnumDescriptor theirs) {
        for (EnumValueDescriptor value : ours.getValues()) {
            EnumValueDescriptor byName = theirs.findValueByName(value.getName());
            if (byName == null) {
                notes.add("enum value only in ours: " + ours.getFullName() + "." + value.getName() + " = "
                        + value.getNumber());
            } else if (byName.getNumber() != value.getNumber()) {
                mismatches.add("enum " + ours.getFullName() + "." + value.getName() + ": " + value.getNumber() + " vs "
                        + byName.getNumber());
            }
        }
        for (EnumValueDescriptor value : theirs.getValues()) {
            if (ours.findValueByName(value.getName()) == null) {
                notes.add("enum value only in theirs: " + theirs.getFullName() + "." + value.getName() + " = "
                        + value.getNumber());
            }
        }
    }

    private static Map<String, Descriptor> messages(List<FileDescriptor> files) {
        Map<String, Descriptor> out = new TreeMap<>();
        for (FileDescriptor file : files) {
            file.getMessageTypes().forEach(m -> addMessage(m, out));
        }
        return out;
    }

    private static void addMessage(Descriptor message, Map<String, Descriptor> out) {
        out.put(message.getFullName(), message);
        message.getNestedTypes().forEach(m -> addMessage(m, out));
    }

    private static Map<String, EnumDescriptor> enums(List<FileDescriptor> files) {
        Map<String, EnumDescriptor> out = new TreeMap<>();
        for (FileDescriptor file : files) {
            file.getEnumTypes().forEach(e -> out.put(e.getFullName(), e));
            for (Descriptor message : messages(List.of(file)).values()) {
                message.getEnumTypes().forEach(e -> out.put(e.getFullName(), e));
            }
        }
        return out;
    }
}
