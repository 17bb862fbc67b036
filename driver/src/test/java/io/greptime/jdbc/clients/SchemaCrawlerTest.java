package io.greptime.jdbc.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import schemacrawler.schema.Catalog;
import schemacrawler.schema.Column;
import schemacrawler.schema.Table;
import schemacrawler.schemacrawler.LimitOptionsBuilder;
import schemacrawler.schemacrawler.LoadOptionsBuilder;
import schemacrawler.schemacrawler.SchemaCrawlerOptions;
import schemacrawler.schemacrawler.SchemaCrawlerOptionsBuilder;
import schemacrawler.schemacrawler.SchemaInfoLevelBuilder;
import schemacrawler.tools.utility.SchemaCrawlerUtility;
import us.fatehi.utility.datasource.DatabaseConnectionSources;

/**
 * SchemaCrawler 17.6.3 crawls the public schema at the "standard" info level with no warning or error
 * logged; a report of what it found (tables, types, remarks, columns, keys, indexes) must equal
 * {@code golden/schemacrawler.txt}.
 */
class SchemaCrawlerTest {

    /** Collects SchemaCrawler's log records at WARNING and above: a crawl "with no errors" logs none. */
    private static final class Problems extends Handler {
        final List<String> records = new ArrayList<>();

        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                records.add(
                        r.getLoggerName() + ": " + r.getMessage() + (r.getThrown() == null ? "" : " " + r.getThrown()));
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    }

    @Test
    void crawlIsCleanAndReportMatchesGolden() throws SQLException, IOException {
        Problems problems = new Problems();
        Logger root = Logger.getLogger("");
        root.addHandler(problems);
        try (TicksDatabase db = new TicksDatabase();
                Connection c = db.connect()) {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("CREATE VIEW expensive AS SELECT sym, price FROM ticks WHERE price > 300");
            }
            SchemaCrawlerOptions options = SchemaCrawlerOptionsBuilder.newSchemaCrawlerOptions()
                    .withLimitOptions(LimitOptionsBuilder.builder()
                            .includeSchemas(Pattern.compile(".*public"))
                            .toOptions())
                    .withLoadOptions(LoadOptionsBuilder.builder()
                            .withSchemaInfoLevel(SchemaInfoLevelBuilder.standard())
                            .toOptions());
            Catalog catalog = SchemaCrawlerUtility.getCatalog(DatabaseConnectionSources.fromConnection(c), options);
            String report = report(catalog);
            Files.writeString(Path.of("target", "schemacrawler-actual.txt"), report);
            assertThat(problems.records).isEmpty();
            assertThat(report).isEqualTo(Golden.read("schemacrawler.txt"));
        } finally {
            root.removeHandler(problems);
        }
    }

    private static String report(Catalog catalog) {
        StringBuilder sb = new StringBuilder();
        sb.append("database: ")
                .append(catalog.getDatabaseInfo().getDatabaseProductName())
                .append('\n');
        for (Table t : catalog.getTables()) {
            sb.append(t.getFullName())
                    .append(" [")
                    .append(t.getTableType())
                    .append("] ")
                    .append(t.getRemarks())
                    .append('\n');
            for (Column col : t.getColumns()) {
                sb.append("  ")
                        .append(col.getName())
                        .append(' ')
                        .append(col.getColumnDataType().getName())
                        .append(" java=")
                        .append(col.getColumnDataType().getJavaSqlType().getName())
                        .append(col.isNullable() ? " null" : " not null")
                        .append(col.isPartOfPrimaryKey() ? " pk" : "")
                        .append(col.isPartOfIndex() ? " indexed" : "")
                        .append(col.getRemarks().isEmpty() ? "" : " -- " + col.getRemarks())
                        .append('\n');
            }
            if (t.getPrimaryKey() != null) {
                sb.append("  primary key ")
                        .append(t.getPrimaryKey().getName())
                        .append(' ')
                        .append(t.getPrimaryKey().getConstrainedColumns().stream()
                                .map(Column::getName)
                                .toList())
                        .append('\n');
            }
            t.getIndexes()
                    .forEach(i -> sb.append("  index ")
                            .append(i.getName())
                            .append(' ')
                            .append(i.getColumns().stream().map(Column::getName).toList())
                            .append(i.isUnique() ? " unique" : "")
                            .append('\n'));
        }
        return sb.toString();
    }
}
