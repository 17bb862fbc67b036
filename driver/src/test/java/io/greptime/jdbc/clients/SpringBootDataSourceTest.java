package io.greptime.jdbc.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.JdbcTemplateAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Spring Boot 3.5 configures a DataSource from {@code spring.datasource.*} with the driver class named
 * (Boot cannot infer it from a {@code jdbc:greptime:} URL), and JdbcTemplate queries and batch-inserts.
 */
class SpringBootDataSourceTest {

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({DataSourceAutoConfiguration.class, JdbcTemplateAutoConfiguration.class})
    static class App {}

    @Test
    void dataSourceFromPropertiesAndJdbcTemplate() throws SQLException {
        try (TicksDatabase db = new TicksDatabase();
                ConfigurableApplicationContext ctx = new SpringApplicationBuilder(App.class)
                        .web(WebApplicationType.NONE)
                        .logStartupInfo(false)
                        .properties(
                                "spring.datasource.url=" + db.url(),
                                "spring.datasource.driver-class-name=io.greptime.jdbc.GreptimeDriver",
                                "spring.main.banner-mode=off")
                        .run()) {
            assertThat(ctx.getBean(DataSource.class).getClass().getSimpleName()).isEqualTo("HikariDataSource");
            JdbcTemplate jdbc = ctx.getBean(JdbcTemplate.class);
            int[] counts = jdbc.batchUpdate(
                    "INSERT INTO ticks (sym, venue, ts, price, qty) VALUES (?, ?, ?, ?, ?)",
                    List.of(
                            new Object[] {"NVDA", "Y", Timestamp.from(Instant.parse("2024-01-02T10:00:02Z")), 495.0, 10L
                            },
                            new Object[] {"AMD", "Y", Timestamp.from(Instant.parse("2024-01-02T10:00:03Z")), 140.5, null
                            }));
            assertThat(counts).containsExactly(1, 1);
            List<String> rows = jdbc.query(
                    "SELECT sym, price, qty FROM ticks WHERE venue = ? ORDER BY sym",
                    (rs, i) -> rs.getString(1) + "=" + rs.getDouble(2) + "/" + rs.getObject(3),
                    "Y");
            assertThat(rows).containsExactly("AMD=140.5/null", "NVDA=495.0/10");
            assertThat(jdbc.queryForObject("SELECT count(*) FROM ticks", Long.class))
                    .isEqualTo(4L);
        }
    }
}
