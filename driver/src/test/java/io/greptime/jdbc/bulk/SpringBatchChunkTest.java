package io.greptime.jdbc.bulk;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.GreptimeCommitException;
import io.greptime.jdbc.tck.server.ServerProfile;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.Job;
import org.springframework.batch.core.JobExecution;
import org.springframework.batch.core.JobParameters;
import org.springframework.batch.core.JobParametersBuilder;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.launch.support.TaskExecutorJobLauncher;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.repository.support.JobRepositoryFactoryBean;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.batch.item.database.JdbcBatchItemWriter;
import org.springframework.batch.item.database.builder.JdbcBatchItemWriterBuilder;
import org.springframework.batch.item.support.ListItemReader;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabase;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * Spring Batch's own chunk step with its {@code JdbcBatchItemWriter} into GreptimeDB (the step's transaction
 * manager over the driver's DataSource) and its job repository in H2: each chunk's executeBatch returns once
 * sent and the chunk's commit confirms its rows, so a chunk the server lost fails the step instead of
 * being counted as written.
 */
class SpringBatchChunkTest {
    private static final int ITEMS = 5_000;
    private static final int CHUNK = 500;

    record Sample(long i) {}

    private BulkFixture fixture;
    private EmbeddedDatabase repositoryDb;
    private JobRepository repository;
    private DriverManagerDataSource greptime;

    @BeforeEach
    void start() throws Exception {
        fixture = new BulkFixture(ServerProfile.V1_2);
        try (Connection c = fixture.connect("");
                Statement st = c.createStatement()) {
            st.executeUpdate("CREATE TABLE cpu (ts TIMESTAMP(3) TIME INDEX, host STRING PRIMARY KEY, v DOUBLE)");
        }
        greptime = new DriverManagerDataSource("jdbc:greptime://" + fixture.server.address() + "?timezone=UTC");
        repositoryDb = new EmbeddedDatabaseBuilder()
                .setType(EmbeddedDatabaseType.H2)
                .generateUniqueName(true)
                .addScript("/org/springframework/batch/core/schema-h2.sql")
                .build();
        JobRepositoryFactoryBean factory = new JobRepositoryFactoryBean();
        factory.setDataSource(repositoryDb);
        factory.setTransactionManager(new JdbcTransactionManager(repositoryDb));
        factory.afterPropertiesSet();
        repository = factory.getObject();
    }

    @AfterEach
    void stop() {
        repositoryDb.shutdown();
        BulkFixture.closeChecked(fixture);
    }

    private JobExecution runJob() throws Exception {
        List<Sample> items = new ArrayList<>();
        for (long i = 0; i < ITEMS; i++) {
            items.add(new Sample(i));
        }
        JdbcBatchItemWriter<Sample> writer = new JdbcBatchItemWriterBuilder<Sample>()
                .dataSource(greptime)
                .sql("INSERT INTO cpu (ts, host, v) VALUES (?, ?, ?)")
                .itemPreparedStatementSetter((s, ps) -> {
                    ps.setTimestamp(1, new Timestamp(1_700_000_000_000L + s.i()));
                    ps.setString(2, "h" + (s.i() % 4));
                    ps.setDouble(3, s.i());
                })
                .build(); // assertUpdates stays on: SUCCESS_NO_INFO is not "no row updated"
        writer.afterPropertiesSet();
        Job job = new JobBuilder("load", repository)
                .start(new StepBuilder("chunks", repository)
                        .<Sample, Sample>chunk(CHUNK, new DataSourceTransactionManager(greptime))
                        .reader(new ListItemReader<>(items))
                        .writer(writer)
                        .build())
                .build();
        TaskExecutorJobLauncher launcher = new TaskExecutorJobLauncher();
        launcher.setJobRepository(repository);
        launcher.afterPropertiesSet();
        JobParameters params =
                new JobParametersBuilder().addLong("run", System.nanoTime()).toJobParameters();
        return launcher.run(job, params);
    }

    private long rows() throws SQLException {
        try (Connection c = fixture.connect("")) {
            return BulkFixture.count(c, "cpu");
        }
    }

    @Test
    void chunkStep_writesEveryItem_eachChunkConfirmedAtItsCommit() throws Exception {
        JobExecution run = runJob();
        assertThat(run.getStatus()).isEqualTo(BatchStatus.COMPLETED);
        var step = run.getStepExecutions().iterator().next();
        assertThat(step.getWriteCount()).isEqualTo(ITEMS);
        assertThat(step.getCommitCount()).isEqualTo(ITEMS / CHUNK + 1); // the last, empty chunk commits too
        assertThat(rows()).isEqualTo(ITEMS);
    }

    @Test
    void aChunkTheServerLost_failsTheStepAtItsCommit_andIsNotCountedAsWritten() throws Exception {
        fixture.engine.failPutAfter(3); // the fourth chunk's batch
        JobExecution run = runJob();
        var step = run.getStepExecutions().iterator().next();
        // Spring Batch's status for a chunk whose commit threw: it cannot know what the commit stored
        assertThat(step.getStatus()).isEqualTo(BatchStatus.UNKNOWN);
        assertThat(step.getFailureExceptions())
                .anySatisfy(e -> assertThat(commitExceptionIn(e)).isTrue());
        assertThat(step.getWriteCount()).as("the chunks whose commit returned").isEqualTo(3L * CHUNK);
        assertThat(rows()).isEqualTo(3L * CHUNK);
    }

    private static boolean commitExceptionIn(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof GreptimeCommitException) {
                return true;
            }
        }
        return false;
    }
}
