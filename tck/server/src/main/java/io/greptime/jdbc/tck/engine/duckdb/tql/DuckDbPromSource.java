package io.greptime.jdbc.tck.engine.duckdb.tql;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Catalog;
import io.greptime.jdbc.tck.engine.duckdb.catalog.ColumnMeta;
import io.greptime.jdbc.tck.engine.duckdb.catalog.Schemas;
import io.greptime.jdbc.tck.engine.duckdb.catalog.TableMeta;
import io.greptime.jdbc.tck.engine.duckdb.exec.Call;
import io.greptime.jdbc.tck.promql.SeriesSource;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The PromQL evaluator's view of this engine within one {@link Call}: table metadata from the catalog and
 * samples read with plain SQL (correctness over speed: one ordered scan per selector).
 */
public final class DuckDbPromSource implements SeriesSource {
    private final Call call;

    public DuckDbPromSource(Call call) {
        this.call = call;
    }

    @Override
    public String defaultSchema() {
        return call.schema();
    }

    @Override
    public io.greptime.jdbc.tck.engine.EngineProfile profile() {
        return call.ctx.profile();
    }

    @Override
    public PromTable table(String schema, String name) {
        if (name == null) {
            return null;
        }
        TableMeta t = call.catalog.table(schema, name);
        if (t == null || t.timeIndex() == null) {
            return null;
        }
        List<String> tags = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        for (ColumnMeta c : t.columns()) {
            if (ColumnMeta.TAG.equals(c.semantic())) {
                tags.add(c.name());
            } else if (ColumnMeta.FIELD.equals(c.semantic())) {
                fields.add(c.name());
            }
        }
        return new PromTable(schema, name, Schemas.tableSchema(t).getFields(), t.timeIndex(), tags, fields);
    }

    @Override
    public List<RawSeries> scan(PromTable table, String field, long minMs, long maxMs) {
        StringBuilder sql = new StringBuilder("SELECT ");
        for (String tag : table.tags()) {
            sql.append("CAST(").append(Catalog.quote(tag)).append(" AS VARCHAR), ");
        }
        String ts = "epoch_ms(" + Catalog.quote(table.timeIndex()) + ")";
        sql.append(ts)
                .append(", CAST(")
                .append(Catalog.quote(field))
                .append(" AS DOUBLE) FROM ")
                .append(Catalog.duckTable(table.schema(), table.name()))
                .append(" WHERE ")
                .append(ts)
                .append(" BETWEEN ")
                .append(minMs)
                .append(" AND ")
                .append(maxMs)
                .append(" ORDER BY ");
        for (String tag : table.tags()) {
            sql.append(Catalog.quote(tag)).append(" NULLS FIRST, ");
        }
        sql.append(ts);
        try (Statement st = call.conn.createStatement();
                ResultSet rs = st.executeQuery(sql.toString())) {
            return group(rs, table.tags().size());
        } catch (SQLException e) {
            throw new GreptimeError(StatusCode.ENGINE_EXECUTE_QUERY, "Failed to execute query: " + e.getMessage(), e);
        }
    }

    private static List<RawSeries> group(ResultSet rs, int tagCount) throws SQLException {
        List<RawSeries> out = new ArrayList<>();
        List<String> current = null;
        long[] times = new long[16];
        double[] values = new double[16];
        boolean[] nulls = new boolean[16];
        boolean anyNull = false;
        int n = 0;
        while (rs.next()) {
            List<String> tags = new ArrayList<>(tagCount);
            for (int i = 1; i <= tagCount; i++) {
                tags.add(rs.getString(i));
            }
            if (!Objects.equals(tags, current)) {
                if (current != null) {
                    out.add(series(current, times, values, anyNull ? nulls : null, n));
                }
                current = tags;
                n = 0;
                anyNull = false;
                nulls = new boolean[times.length];
            }
            if (n == times.length) {
                times = Arrays.copyOf(times, n * 2);
                values = Arrays.copyOf(values, n * 2);
                nulls = Arrays.copyOf(nulls, n * 2);
            }
            times[n] = rs.getLong(tagCount + 1);
            // a NULL field is still a sample: its value reads 0.0, as the Arrow buffer under a NULL does
            double value = rs.getDouble(tagCount + 2);
            nulls[n] = rs.wasNull();
            values[n] = nulls[n] ? 0 : value;
            anyNull |= nulls[n];
            n++;
        }
        if (current != null) {
            out.add(series(current, times, values, anyNull ? nulls : null, n));
        }
        return out;
    }

    private static RawSeries series(List<String> tags, long[] times, double[] values, boolean[] nulls, int n) {
        return new RawSeries(
                tags,
                Arrays.copyOf(times, n),
                Arrays.copyOf(values, n),
                nulls == null ? null : Arrays.copyOf(nulls, n));
    }

    @Override
    public double evalSeconds(String sqlExpression) {
        String inner = "(SELECT (" + sqlExpression + ") AS x)";
        try (Statement st = call.conn.createStatement()) {
            String type;
            try (ResultSet rs = st.executeQuery("SELECT typeof(x) FROM " + inner)) {
                rs.next();
                type = rs.getString(1).toUpperCase(Locale.ROOT);
            }
            String conv;
            if (type.startsWith("TIMESTAMP")) {
                conv = "epoch_ms(x) / 1000.0";
            } else if (type.equals("DATE")) {
                conv = "epoch_ms(CAST(x AS TIMESTAMP)) / 1000.0";
            } else if (type.equals("INTERVAL")) {
                conv = "epoch(x)";
            } else {
                conv = "CAST(x AS DOUBLE)";
            }
            try (ResultSet rs = st.executeQuery("SELECT " + conv + " FROM " + inner)) {
                rs.next();
                return rs.getDouble(1);
            }
        } catch (SQLException e) {
            throw new GreptimeError(
                    StatusCode.INVALID_ARGUMENTS,
                    "Failed to evaluate TQL parameter " + sqlExpression + ": " + e.getMessage(),
                    e);
        }
    }
}
