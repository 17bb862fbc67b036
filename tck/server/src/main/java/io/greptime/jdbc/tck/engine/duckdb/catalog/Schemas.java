package io.greptime.jdbc.tck.engine.duckdb.catalog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/** A table's Arrow schema as GreptimeDB reports it (result types, field metadata). */
public final class Schemas {
    private Schemas() {}

    public static Schema tableSchema(TableMeta t) {
        List<Field> fields = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            GreptimeType type = c.type();
            Map<String, String> meta = new HashMap<>();
            if (c.name().equals(t.timeIndex())) {
                meta.put("greptime:time_index", "true");
            }
            if (type.kind() == GreptimeType.Kind.JSON) {
                meta.put("greptime:type", "Json");
            } else if (type.kind() == GreptimeType.Kind.VECTOR) {
                meta.put("greptime:type", type.name());
            }
            fields.add(new Field(
                    c.name(),
                    new FieldType(c.nullable(), type.arrow(), null, meta.isEmpty() ? null : meta),
                    List.of()));
        }
        return new Schema(fields);
    }
}
