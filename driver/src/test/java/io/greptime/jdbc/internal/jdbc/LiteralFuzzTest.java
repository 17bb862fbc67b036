package io.greptime.jdbc.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.greptime.jdbc.internal.sql.SqlLexer;
import java.sql.Types;
import org.junit.jupiter.api.Test;

/**
 * Every hostile string, rendered as a parameter, must stay one string literal whose content is exactly
 * the input: the statement stays one statement, gains no parameter markers and no comments.
 */
class LiteralFuzzTest {

    private static void assertIsExactlyOneLiteral(String literal, String original) throws Exception {
        String sql = "SELECT " + literal + " AS v WHERE 1 = ?";
        int start = "SELECT ".length();
        int end = SqlLexer.skipNonCode(sql, start);
        assertThat(end).as("literal of %s ends where rendering ended", original).isEqualTo(start + literal.length());
        String content = literal.substring(1, literal.length() - 1).replace("''", "'");
        assertThat(content).isEqualTo(original);
        assertThat(StatementClassifier.singleStatement(sql)).isEqualTo(sql);
        assertThat(PlaceholderScanner.scan(sql)).hasSize(1);
    }

    @Test
    void stringSetters_renderHostileStringsAsData() throws Exception {
        for (String s : HostileStrings.corpus(2000)) {
            assertIsExactlyOneLiteral(SqlLiterals.string(s), s);
            assertIsExactlyOneLiteral(ParameterLiterals.of(s, java.time.ZoneOffset.UTC), s);
            assertIsExactlyOneLiteral(ParameterLiterals.of(s, Types.VARCHAR, java.time.ZoneOffset.UTC), s);
            assertIsExactlyOneLiteral(ParameterLiterals.of(s, Types.LONGNVARCHAR, java.time.ZoneOffset.UTC), s);
            assertIsExactlyOneLiteral(
                    ParameterLiterals.read(new java.io.StringReader(s), -1) == null
                            ? null
                            : SqlLiterals.string(ParameterLiterals.read(new java.io.StringReader(s), -1)),
                    s);
        }
    }

    @Test
    void hexLiterals_containOnlyHexDigits() {
        for (String s : HostileStrings.corpus(200)) {
            String hex = SqlLiterals.bytes(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertThat(hex).matches("X'[0-9a-f]*'");
        }
    }
}
