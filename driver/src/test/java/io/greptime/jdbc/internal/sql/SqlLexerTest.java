package io.greptime.jdbc.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLexerTest {

    private static List<String> tokens(String sql) {
        List<String> out = new ArrayList<>();
        SqlLexer lexer = new SqlLexer(sql);
        for (SqlLexer.Token t = lexer.next(); t.kind() != SqlLexer.Kind.END; t = lexer.next()) {
            out.add(t.kind() + ":" + t.text());
        }
        return out;
    }

    @Test
    void commentsAndBlanks_separateTokensAndVanish() {
        assertThat(tokens("INSERT/* c */INTO -- x\n t\tVALUES(?)"))
                .containsExactly(
                        "WORD:INSERT", "WORD:INTO", "WORD:t", "WORD:VALUES", "SYMBOL:(", "PARAMETER:?", "SYMBOL:)");
    }

    @Test
    void quotedText_isOneTokenWithItsQuotesUndone() {
        assertThat(tokens("'it''s ? -- no' \"A\"\"b\" `c``d` /* ? */"))
                .containsExactly("STRING:it's ? -- no", "QUOTED_NAME:A\"b", "QUOTED_NAME:c`d");
    }

    @Test
    void backslashIsLiteral_asInGreptimeDbsDialect() {
        assertThat(tokens("'a\\' ?")).containsExactly("STRING:a\\", "PARAMETER:?");
    }

    @Test
    void numbersAndSymbols() {
        assertThat(tokens("x=-1.5e3,.5;"))
                .containsExactly("WORD:x", "SYMBOL:=", "SYMBOL:-", "NUMBER:1.5e3", "SYMBOL:,", "NUMBER:.5", "SYMBOL:;");
    }

    @Test
    void unterminatedText_runsToTheEndAndSaysSo() {
        SqlLexer lexer = new SqlLexer("SELECT 'abc ?");
        assertThat(lexer.next().isWord("select")).isTrue();
        SqlLexer.Token s = lexer.next();
        assertThat(s.kind()).isEqualTo(SqlLexer.Kind.STRING);
        assertThat(s.terminated()).isFalse();
        assertThat(lexer.next().kind()).isEqualTo(SqlLexer.Kind.END);
        assertThat(tokens("SELECT 1 /* never closed ?")).containsExactly("WORD:SELECT", "NUMBER:1");
        assertThat(new SqlLexer("\"a").next().terminated()).isFalse();
        assertThat(new SqlLexer("'a'''").next().terminated()).isTrue();
    }

    @Test
    void offsetHelpers_agreeWithTheTokens() {
        String sql = "  /* a */ -- b\n  SELECT";
        assertThat(SqlLexer.skipBlank(sql, 0)).isEqualTo(sql.indexOf("SELECT"));
        assertThat(new SqlLexer(sql).next().start()).isEqualTo(sql.indexOf("SELECT"));
        assertThat(SqlLexer.skipNonCode("'x' y", 0)).isEqualTo(3);
        assertThat(SqlLexer.isCommentStart("-- z", 0)).isTrue();
        assertThat(SqlLexer.isCommentStart("- z", 0)).isFalse();
    }
}
