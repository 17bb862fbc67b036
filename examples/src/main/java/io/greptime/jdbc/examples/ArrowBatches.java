package io.greptime.jdbc.examples;

import io.greptime.jdbc.GreptimeConnection;
import io.greptime.jdbc.GreptimeResultSet;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Arrow in and out through JDBC: {@code GreptimeConnection.putBatch} writes a {@code VectorSchemaRoot}
 * the application filled itself straight into a Flight DoPut, and {@code GreptimeResultSet.nextBatch}
 * hands each record batch of a query as GreptimeDB sent it, without copying, so a column can be summed
 * straight from its vector. The result is checked against the same sum computed by SQL.
 */
public final class ArrowBatches {
    private ArrowBatches() {}

    public static void main(String[] args) throws Exception {
        try (ExampleTarget target = ExampleTarget.open()) {
            run(target.url(), 200_000);
        }
    }

    static void run(String url, int rows) throws SQLException {
        try (Connection conn = DriverManager.getConnection(url);
                Statement st = conn.createStatement();
                BufferAllocator allocator = new RootAllocator()) {
            st.execute("DROP TABLE IF EXISTS arrow_readings");
            st.execute("CREATE TABLE arrow_readings (device STRING, celsius DOUBLE, ts TIMESTAMP(3) NOT NULL,"
                    + " TIME INDEX (ts), PRIMARY KEY (device))");
            st.execute("INSERT INTO arrow_readings VALUES ('probe', 0.0, 0)");
            GreptimeConnection greptime = conn.unwrap(GreptimeConnection.class);
            Schema schema = tableSchema(st);
            System.out.println("table schema as Arrow: " + schema);

            long written;
            try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
                fill(root, rows);
                written = greptime.putBatch("arrow_readings", root);
            }
            System.out.printf("putBatch wrote %,d rows from one VectorSchemaRoot%n", written);
            ExampleTarget.check(written == rows, "putBatch wrote every row");

            double vectorSum = 0;
            long seen = 0;
            int batches = 0;
            try (ResultSet rs = st.executeQuery("SELECT celsius FROM arrow_readings WHERE device <> 'probe'")) {
                GreptimeResultSet arrow = rs.unwrap(GreptimeResultSet.class);
                for (VectorSchemaRoot batch = arrow.nextBatch(); batch != null; batch = arrow.nextBatch()) {
                    Float8Vector celsius = (Float8Vector) batch.getVector("celsius");
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        vectorSum += celsius.get(i);
                    }
                    seen += batch.getRowCount();
                    batches++;
                }
            }
            System.out.printf(
                    "nextBatch read %,d rows in %d record batches, sum of celsius %.3f%n", seen, batches, vectorSum);
            ExampleTarget.check(seen == rows, "nextBatch saw every row");
            try (ResultSet rs = st.executeQuery("SELECT sum(celsius) FROM arrow_readings WHERE device <> 'probe'")) {
                rs.next();
                double sqlSum = rs.getDouble(1);
                ExampleTarget.check(
                        Math.abs(sqlSum - vectorSum) < 1e-6 * Math.max(1, Math.abs(sqlSum)),
                        "the vectors' sum equals SQL's sum(celsius) " + sqlSum);
            }
            st.execute("DROP TABLE arrow_readings");
        }
    }

    /** The table's columns with the exact Arrow types a query reports, from a one-row read. */
    private static Schema tableSchema(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT * FROM arrow_readings LIMIT 1")) {
            VectorSchemaRoot first = rs.unwrap(GreptimeResultSet.class).nextBatch();
            ExampleTarget.check(first != null, "the probe row came back");
            return first.getSchema();
        }
    }

    private static void fill(VectorSchemaRoot root, int rows) {
        VarCharVector device = (VarCharVector) root.getVector("device");
        Float8Vector celsius = (Float8Vector) root.getVector("celsius");
        TimeStampVector ts = (TimeStampVector) root.getVector("ts");
        byte[][] names = new byte[16][];
        for (int d = 0; d < names.length; d++) {
            names[d] = ("device-" + d).getBytes(StandardCharsets.UTF_8);
        }
        root.allocateNew();
        for (int i = 0; i < rows; i++) {
            device.setSafe(i, names[i % names.length]);
            celsius.setSafe(i, 15 + (i % 200) / 10.0);
            ts.setSafe(i, 1_700_000_000_000L + i / names.length * 1_000L);
        }
        root.setRowCount(rows);
    }
}
