package io.greptime.jdbc.flink;

import java.time.Duration;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.RowKind;

/**
 * {@code 'connector' = 'greptime-jdbc'}: a sink table whose writes go through the driver's bulk-load pipeline
 * (auto-commit off; every checkpoint, the end of the input and every {@code sink.commit-every} buffer flushes are a
 * {@code commit()}), found through {@code META-INF/services/org.apache.flink.table.factories.Factory}. The
 * {@code 'jdbc'} connector cannot pipeline safely: it flushes with {@code executeBatch} alone, and its flush at a
 * checkpoint is the same call as its flush of a full buffer, so nothing could tell the driver which rows a
 * checkpoint needs confirmed.
 */
public final class GreptimeTableSinkFactory implements DynamicTableSinkFactory {
    static final String IDENTIFIER = "greptime-jdbc";

    static final ConfigOption<String> URL =
            ConfigOptions.key("url").stringType().noDefaultValue().withDescription("jdbc:greptime://host:port/db");
    static final ConfigOption<String> TABLE = ConfigOptions.key("table-name")
            .stringType()
            .noDefaultValue()
            .withDescription("the GreptimeDB table, which must exist");
    static final ConfigOption<String> USERNAME =
            ConfigOptions.key("username").stringType().noDefaultValue();
    static final ConfigOption<String> PASSWORD =
            ConfigOptions.key("password").stringType().noDefaultValue();
    static final ConfigOption<Integer> MAX_ROWS = ConfigOptions.key("sink.buffer-flush.max-rows")
            .intType()
            .defaultValue(5000)
            .withDescription("rows per executeBatch");
    static final ConfigOption<Duration> INTERVAL = ConfigOptions.key("sink.buffer-flush.interval")
            .durationType()
            .defaultValue(Duration.ofSeconds(1))
            .withDescription("sends a partly filled buffer after this long; 0 turns it off");
    static final ConfigOption<Integer> COMMIT_EVERY = ConfigOptions.key("sink.commit-every")
            .intType()
            .defaultValue(10)
            .withDescription("buffer flushes between commits besides those at checkpoints");

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(URL, TABLE);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return Set.of(USERNAME, PASSWORD, MAX_ROWS, INTERVAL, COMMIT_EVERY);
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        helper.validate();
        ReadableConfig options = helper.getOptions();
        ResolvedSchema schema = context.getCatalogTable().getResolvedSchema();
        // the physical columns only: computed and metadata columns are not written
        DataType physical = context.getPhysicalRowDataType();
        String[] fields = DataType.getFieldNames(physical).toArray(new String[0]);
        RowType rowType = (RowType) physical.getLogicalType();
        GreptimeDialect dialect = new GreptimeDialect();
        dialect.validate(rowType);
        int maxRows = options.get(MAX_ROWS);
        int commitEvery = options.get(COMMIT_EVERY);
        if (maxRows < 1 || commitEvery < 1) {
            throw new ValidationException("'sink.buffer-flush.max-rows' and 'sink.commit-every' must be at least 1");
        }
        GreptimeCommitSink.Settings settings = new GreptimeCommitSink.Settings(
                options.get(URL),
                options.getOptional(USERNAME).orElse(null),
                options.getOptional(PASSWORD).orElse(null),
                options.get(TABLE),
                dialect.getInsertIntoStatement(options.get(TABLE), fields),
                fields,
                rowType,
                maxRows,
                commitEvery,
                options.get(INTERVAL).toMillis());
        return new TableSink(
                new GreptimeCommitSink(settings), schema.getPrimaryKey().isPresent());
    }

    /** Inserts, and upserts by primary key (GreptimeDB keeps the last row per key): no deletes. */
    private record TableSink(GreptimeCommitSink sink, boolean keyed) implements DynamicTableSink {
        @Override
        public ChangelogMode getChangelogMode(ChangelogMode requested) {
            return keyed
                    ? ChangelogMode.newBuilder()
                            .addContainedKind(RowKind.INSERT)
                            .addContainedKind(RowKind.UPDATE_AFTER)
                            .build()
                    : ChangelogMode.insertOnly();
        }

        @Override
        public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
            return SinkV2Provider.of(sink);
        }

        @Override
        public DynamicTableSink copy() {
            return new TableSink(sink, keyed);
        }

        @Override
        public String asSummaryString() {
            return "GreptimeDB (pipelined JDBC) " + sink.settings().table();
        }
    }
}
