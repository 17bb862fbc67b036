package io.greptime.jdbc.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.datasource.unpooled.UnpooledDataSource;
import org.apache.ibatis.executor.BatchResult;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.ExecutorType;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;
import org.junit.jupiter.api.Test;

/**
 * MyBatis 3.5 in a BATCH session: it turns auto-commit off, binds nulls with {@code setNull(i, OTHER)},
 * flushes with executeBatch and commits, all of which must be harmless on a database without transactions.
 */
class MyBatisBatchTest {

    /** The mapper MyBatis implements. */
    public interface TickMapper {
        @Insert("INSERT INTO ticks (sym, venue, ts, price, qty) VALUES (#{sym}, #{venue}, #{ts}, #{price}, #{qty})")
        int insert(
                @Param("sym") String sym,
                @Param("venue") String venue,
                @Param("ts") Timestamp ts,
                @Param("price") Double price,
                @Param("qty") Long qty);

        @Select("SELECT sym FROM ticks WHERE venue = #{venue} ORDER BY sym")
        List<String> symbols(@Param("venue") String venue);
    }

    @Test
    void batchSessionInsertsAndCommits() throws SQLException {
        try (TicksDatabase db = new TicksDatabase()) {
            UnpooledDataSource ds = new UnpooledDataSource("io.greptime.jdbc.GreptimeDriver", db.url(), null, null);
            Configuration config = new Configuration(new Environment("test", new JdbcTransactionFactory(), ds));
            config.addMapper(TickMapper.class);
            SqlSessionFactory factory = new SqlSessionFactoryBuilder().build(config);
            try (SqlSession session = factory.openSession(ExecutorType.BATCH)) {
                TickMapper mapper = session.getMapper(TickMapper.class);
                for (int i = 0; i < 5; i++) {
                    mapper.insert(
                            "S" + i,
                            "M",
                            Timestamp.from(Instant.parse("2024-01-03T00:00:00Z").plusSeconds(i)),
                            i == 2 ? null : 10.0 + i,
                            null);
                }
                List<BatchResult> results = session.flushStatements();
                assertThat(results).hasSize(1);
                // MyBatis' JDBC transaction turns auto-commit off: the batch is pipelined, its counts are
                // SUCCESS_NO_INFO, and commit() is where every row is confirmed (docs/bulk-writes.md)
                assertThat(results.get(0).getUpdateCounts())
                        .containsExactly(
                                Statement.SUCCESS_NO_INFO,
                                Statement.SUCCESS_NO_INFO,
                                Statement.SUCCESS_NO_INFO,
                                Statement.SUCCESS_NO_INFO,
                                Statement.SUCCESS_NO_INFO);
                session.commit();
            }
            try (SqlSession session = factory.openSession()) {
                assertThat(session.getMapper(TickMapper.class).symbols("M"))
                        .containsExactly("S0", "S1", "S2", "S3", "S4");
            }
        }
    }
}
