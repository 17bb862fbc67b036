package io.greptime.jdbc.bulk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.greptime.jdbc.GreptimeCommitException;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;

/**
 * Spring's own {@code @Transactional} (a real application context, transaction manager and proxy) around
 * {@code JdbcTemplate.batchUpdate}: inside the transaction each batchUpdate returns once its rows are sent,
 * and Spring's commit is the driver's commit, which confirms them or fails the transaction's method call.
 */
class SpringTransactionalBatchTest {
    private static final String INSERT = "INSERT INTO cpu (ts, host, v) VALUES (?, ?, ?)";
    private BulkFixture fixture;
    private AnnotationConfigApplicationContext context;
    private Loader loader;

    /** The application's bean: one transaction, {@code batches} batchUpdate calls of {@code rows} rows. */
    public static class Loader {
        private final JdbcTemplate jdbc;

        public Loader(JdbcTemplate jdbc) {
            this.jdbc = jdbc;
        }

        @Transactional
        public List<int[]> load(int batches, int rows, boolean failAtTheEnd) {
            List<int[]> counts = new ArrayList<>();
            for (int b = 0; b < batches; b++) {
                List<Object[]> args = new ArrayList<>();
                for (int i = b * rows; i < (b + 1) * rows; i++) {
                    args.add(new Object[] {new Timestamp(1_700_000_000_000L + i), "h" + (i % 4), (double) i});
                }
                counts.add(jdbc.batchUpdate(INSERT, args));
            }
            if (failAtTheEnd) {
                throw new IllegalStateException("the application fails after its batches");
            }
            return counts;
        }
    }

    @Configuration
    @EnableTransactionManagement
    static class App {
        @Bean
        PlatformTransactionManager transactionManager(DataSource ds) {
            return new DataSourceTransactionManager(ds);
        }

        @Bean
        JdbcTemplate jdbcTemplate(DataSource ds) {
            return new JdbcTemplate(ds);
        }

        @Bean
        Loader loader(JdbcTemplate jdbc) {
            return new Loader(jdbc);
        }
    }

    @BeforeEach
    void start() throws SQLException {
        fixture = new BulkFixture(ServerProfile.V1_2);
        try (Connection c = fixture.connect("");
                Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        String url = "jdbc:greptime://" + fixture.server.address() + "?timezone=UTC";
        context = new AnnotationConfigApplicationContext();
        context.registerBean(DataSource.class, () -> new DriverManagerDataSource(url));
        context.register(App.class);
        context.refresh();
        loader = context.getBean(Loader.class);
    }

    @AfterEach
    void stop() {
        context.close();
        BulkFixture.closeChecked(fixture);
    }

    private long rows() throws SQLException {
        try (Connection c = fixture.connect("")) {
            return BulkFixture.count(c, "cpu");
        }
    }

    @Test
    void transactionalBatchUpdates_returnOnceSent_andTheCommitConfirmsEveryRow() throws Exception {
        List<int[]> counts = loader.load(5, 400, false);
        assertThat(counts)
                .hasSize(5)
                .allSatisfy(c -> assertThat(c).hasSize(400).containsOnly(Statement.SUCCESS_NO_INFO));
        assertThat(rows()).as("stored when the transaction's method returned").isEqualTo(2000);
    }

    @Test
    void aRowTheServerRefused_failsTheTransactionalCall_withTheRowsInDoubt() throws Exception {
        fixture.engine.failPutAfter(2);
        Throwable thrown = catchThrowable(() -> loader.load(5, 100, false));
        GreptimeCommitException commit = findCommitException(thrown);
        assertThat((Object) commit).as("the cause of %s", thrown).isNotNull();
        long inDoubt = commit.statements().stream()
                .mapToLong(GreptimeCommitException.StatementRows::inDoubtCount)
                .sum();
        assertThat(inDoubt).isPositive();
        assertThat(commit.statements()).as("the third statement only").hasSize(1);
        assertThat(commit.statements().get(0).statement()).startsWith("3 ");
        assertThat(rows()).as("the batches before and after the refused one").isEqualTo(500 - inDoubt);
    }

    @Test
    void anApplicationFailure_rollsBack_whichKeepsTheStoredRows() throws Exception {
        Throwable thrown = catchThrowable(() -> loader.load(2, 100, true));
        assertThat(thrown).isInstanceOf(IllegalStateException.class); // the rollback hid nothing
        assertThat(rows())
                .as("GreptimeDB cannot undo them; rollback waited for them")
                .isEqualTo(200);
    }

    private static GreptimeCommitException findCommitException(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof GreptimeCommitException e) {
                return e;
            }
        }
        return null;
    }
}
