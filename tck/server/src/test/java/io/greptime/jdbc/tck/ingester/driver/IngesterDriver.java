package io.greptime.jdbc.tck.ingester.driver;

import io.greptime.GreptimeDB;
import io.greptime.StreamWriter;
import io.greptime.models.DataType;
import io.greptime.models.Err;
import io.greptime.models.Result;
import io.greptime.models.Table;
import io.greptime.models.TableSchema;
import io.greptime.models.WriteOk;
import io.greptime.options.GreptimeOptions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Writes rows with the official GreptimeDB Java client (io.greptime:ingester-all:0.11.0), the way its
 * quick-start examples do.
 *
 * <p>Not compiled by Maven (tck/pom.xml excludes this folder): IngesterCompatibilityTest compiles it at
 * test time against the client's own jars and loads it in an isolated class loader, so it may only
 * exchange JDK types with the test. Arguments: {@code endpoint} ("host:port"), {@code database},
 * {@code table}, {@code mode} ("write": one unary write; "stream": a stream writer, one table chunk of
 * {@code chunk} rows per message) and {@code rows} (lists of host String, ts Long millis, cpu Double,
 * mem Double). Returns the rows the client reports written.
 */
public final class IngesterDriver implements Function<Map<String, Object>, Long> {

    @Override
    public Long apply(Map<String, Object> args) {
        String[] endpoints = {(String) args.get("endpoint")};
        GreptimeOptions options = GreptimeOptions.newBuilder(endpoints, (String) args.get("database"))
                .writeMaxRetries(0)
                .build();
        GreptimeDB client = GreptimeDB.create(options);
        try {
            TableSchema schema = TableSchema.newBuilder((String) args.get("table"))
                    .addTag("host", DataType.String)
                    .addTimestamp("ts", DataType.TimestampMillisecond)
                    .addField("cpu", DataType.Float64)
                    .addField("mem", DataType.Float64)
                    .build();
            @SuppressWarnings("unchecked")
            List<List<Object>> rows = (List<List<Object>>) args.get("rows");
            if ("write".equals(args.get("mode"))) {
                return (long) unary(client, schema, rows);
            }
            return (long) streamed(client, schema, rows, (Integer) args.get("chunk"));
        } catch (Exception e) {
            throw new IllegalStateException("ingester " + args.get("mode") + " failed: " + e, e);
        } finally {
            client.shutdownGracefully();
        }
    }

    private static int unary(GreptimeDB client, TableSchema schema, List<List<Object>> rows) throws Exception {
        Table table = Table.from(schema);
        rows.forEach(row -> table.addRow(row.toArray()));
        Result<WriteOk, Err> result = client.write(table).get(60, TimeUnit.SECONDS);
        if (!result.isOk()) {
            throw new IllegalStateException("write rejected: " + result.getErr());
        }
        return result.getOk().getSuccess();
    }

    private static int streamed(GreptimeDB client, TableSchema schema, List<List<Object>> rows, int chunk)
            throws Exception {
        StreamWriter<Table, WriteOk> writer = client.streamWriter();
        for (int from = 0; from < rows.size(); from += chunk) {
            Table table = Table.from(schema);
            for (List<Object> row : rows.subList(from, Math.min(rows.size(), from + chunk))) {
                table.addRow(row.toArray());
            }
            writer.write(table);
        }
        return writer.completed().get(60, TimeUnit.SECONDS).getSuccess();
    }
}
