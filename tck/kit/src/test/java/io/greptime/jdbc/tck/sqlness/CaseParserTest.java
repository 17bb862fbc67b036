package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CaseParserTest {

    private static final String SQL = String.join(
            "\n",
            "-- leading comment",
            "CREATE TABLE t (",
            "",
            "    ts TIMESTAMP TIME INDEX",
            "-- inside the statement",
            ");",
            "",
            "-- SQLNESS SORT_RESULT 2 1",
            "-- SQLNESS REPLACE \\d+ N",
            "SELECT * FROM t;",
            "USE db;",
            "-- trailing comment with no statement",
            "SELECT 'unterminated'",
            "");

    @Test
    void parseStatements_groupsCommentsBeforeTheStatementAndDropsBlankLines() {
        List<SqlnessStatement> statements = CaseParser.parseStatements(SQL);

        assertThat(statements).hasSize(3);
        SqlnessStatement create = statements.get(0);
        assertThat(create.comments()).containsExactly("-- leading comment", "-- inside the statement");
        assertThat(create.lines()).containsExactly("CREATE TABLE t (", "    ts TIMESTAMP TIME INDEX", ");");
        assertThat(create.echo())
                .isEqualTo(
                        "-- leading comment\n-- inside the statement\nCREATE TABLE t (\n    ts TIMESTAMP TIME INDEX\n);");
        assertThat(create.sql()).isEqualTo("CREATE TABLE t (\n    ts TIMESTAMP TIME INDEX\n);");
        assertThat(create.directives()).isEmpty();
    }

    @Test
    void parseStatements_readsDirectivesOfTheFollowingStatement() {
        SqlnessStatement select = CaseParser.parseStatements(SQL).get(1);

        assertThat(select.directives())
                .containsExactly(
                        new Directive.SortResult(2, 1), select.directives().get(1));
        assertThat(select.directives().get(1)).isInstanceOfSatisfying(Directive.Replace.class, r -> {
            assertThat(r.pattern().pattern()).isEqualTo("\\d+");
            assertThat(r.replacement()).isEqualTo("N");
        });
        assertThat(select.number()).isEqualTo(2);
    }

    @Test
    void parseStatements_statementEndsOnlyWhenALineEndsWithSemicolon() {
        List<SqlnessStatement> statements = CaseParser.parseStatements("SELECT 1; \nSELECT 2;\n");

        assertThat(statements).hasSize(1);
        assertThat(statements.get(0).lines()).containsExactly("SELECT 1; ", "SELECT 2;");
    }

    @Test
    void parseExpected_cutsTheAnswerOfEachStatement() {
        List<SqlnessStatement> statements = CaseParser.parseStatements(SQL);
        String result = String.join(
                "\n",
                "-- leading comment",
                "-- inside the statement",
                "CREATE TABLE t (",
                "    ts TIMESTAMP TIME INDEX",
                ");",
                "",
                "Affected Rows: 0",
                "",
                "-- SQLNESS SORT_RESULT 2 1",
                "-- SQLNESS REPLACE \\d+ N",
                "SELECT * FROM t;",
                "",
                "++",
                "++",
                "",
                "USE db;",
                "",
                "Error: 1004(InvalidArguments), first line",
                "",
                "second line after a blank one",
                "");

        List<String> expected = CaseParser.parseExpected(statements, result);

        assertThat(expected)
                .containsExactly(
                        "Affected Rows: 0",
                        "++\n++",
                        "Error: 1004(InvalidArguments), first line\n\nsecond line after a blank one");
    }

    @Test
    void parseExpected_marksStatementsMissingFromTheResultAndKeepsGoing() {
        List<SqlnessStatement> statements = CaseParser.parseStatements("SELECT 1;\nSELECT 2;\nSELECT 3;\n");
        String result = "SELECT 1;\n\nAffected Rows: 1\n\nSELECT 3;\n\nAffected Rows: 3\n";

        assertThat(CaseParser.parseExpected(statements, result))
                .containsExactly("Affected Rows: 1", null, "Affected Rows: 3");
    }

    /** Every statement of every shared case finds its recorded answer: the grammar matches the runner's. */
    @Test
    void parseExpected_findsAnAnswerForEveryStatementOfTheSharedCases() throws IOException {
        Path dir = SharedCases.directory();
        assumeTrue(dir != null, "shared sqlness folder not present: " + SharedCases.describe());
        try (Stream<Path> files = SharedCases.sqlFiles(dir)) {
            for (Path sql : files.toList()) {
                Path result = Path.of(sql.toString().replaceAll("\\.sql$", ".result"));
                List<SqlnessStatement> statements = CaseParser.parseStatements(Files.readString(sql));
                List<String> expected =
                        CaseParser.parseExpected(statements, Files.readString(result, StandardCharsets.UTF_8));
                assertThat(statements).as(sql.toString()).isNotEmpty();
                assertThat(expected).as(sql.toString()).doesNotContainNull();
            }
        }
    }
}
