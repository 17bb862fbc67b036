package io.greptime.jdbc.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import sqlline.SqlLine;

/**
 * sqlline 1.12 run non-interactively with a script ({@code -f}): connect, {@code !tables},
 * {@code !columns}, {@code !primarykeys}, a query and an insert. The output, with the port replaced by
 * {@code PORT}, must equal {@code golden/sqlline.txt} (written after reading the output and checking it).
 */
class SqllineTest {

    @Test
    void scriptOutputMatchesGolden(@TempDir Path dir) throws IOException, SQLException {
        try (TicksDatabase db = new TicksDatabase()) {
            Path script = dir.resolve("script.sql");
            Files.writeString(
                    script,
                    String.join(
                            "\n",
                            "!tables ticks",
                            "!columns ticks",
                            "!primarykeys ticks",
                            "SELECT sym, venue, ts, price, qty FROM ticks ORDER BY sym;",
                            "INSERT INTO ticks VALUES ('GOOG', 'X', '2024-01-02T10:00:04Z', 140.0, 1);",
                            "SELECT count(*) AS n FROM ticks;",
                            "!quit",
                            ""));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            SqlLine sqlline = new SqlLine();
            sqlline.setOutputStream(out);
            sqlline.setErrorStream(out);
            SqlLine.Status status = sqlline.begin(
                    new String[] {
                        "-u",
                        db.url(),
                        "-n",
                        "",
                        "-p",
                        "",
                        "--outputformat=table",
                        "--showElapsedTime=false",
                        "--color=false",
                        "--maxWidth=160",
                        "--showNestedErrs=true",
                        "-f",
                        script.toString()
                    },
                    InputStream.nullInputStream(),
                    false);
            String actual =
                    out.toString(StandardCharsets.UTF_8).replace(db.address().replaceAll(".*:", ""), "PORT");
            Path dump = Path.of("target", "sqlline-actual.txt");
            Files.writeString(dump, actual);
            assertThat(status).isEqualTo(SqlLine.Status.OK);
            assertThat(actual).isEqualTo(Golden.read("sqlline.txt"));
        }
    }
}
