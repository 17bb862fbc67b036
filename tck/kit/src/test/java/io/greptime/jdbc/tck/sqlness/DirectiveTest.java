package io.greptime.jdbc.tck.sqlness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DirectiveTest {

    private static Directive parse(String line) {
        return Directive.parse(line.substring(Directive.PREFIX.length()));
    }

    @Test
    void replace_withoutReplacementDeletesMatches() {
        Directive d = parse("-- SQLNESS REPLACE [\\u0020\\-]+");

        assertThat(d.apply("+--+\n| a b |")).isEqualTo("++\n|ab|");
    }

    @Test
    void replace_expandsRustStyleGroupReferences() {
        Directive d = parse("-- SQLNESS REPLACE (?<k>\\w+)=(\\d+) $2:${k}$$:$9:$k");

        assertThat(d.apply("a=1 b=22")).isEqualTo("1:a$::a 22:b$::b");
    }

    @Test
    void replace_treatsBackslashInReplacementLiterally() {
        Directive d = parse("-- SQLNESS REPLACE x a\\b");

        assertThat(d.apply("xx")).isEqualTo("a\\ba\\b");
    }

    @Test
    void replace_flowFlushedDirectiveFromTheCasesRewritesTheCount() {
        Directive d =
                parse("-- SQLNESS REPLACE (ADMIN\\sFLUSH_FLOW\\('\\w+'\\)\\s+\\|\\n\\+-+\\+\\n\\|\\s+)[0-9]+\\s+\\|"
                        + " $1 FLOW_FLUSHED  |");
        String table = String.join(
                "\n",
                "+------------------------------+",
                "| ADMIN FLUSH_FLOW('test_flow') |",
                "+------------------------------+",
                "| 1                            |",
                "+------------------------------+");

        assertThat(d.apply(table))
                .isEqualTo(String.join(
                        "\n",
                        "+------------------------------+",
                        "| ADMIN FLUSH_FLOW('test_flow') |",
                        "+------------------------------+",
                        "|  FLOW_FLUSHED  |",
                        "+------------------------------+"));
    }

    @Test
    void replace_rejectsAnEmptyPattern() {
        assertThatThrownBy(() -> parse("-- SQLNESS REPLACE")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sortResult_keepsHeadAndTailLinesAndSortsTheRest() {
        Directive d = parse("-- SQLNESS SORT_RESULT 3 1");
        String table = String.join("\n", "+---+", "| a |", "+---+", "| c |", "| a |", "| b |", "+---+");

        assertThat(d.apply(table))
                .isEqualTo(String.join("\n", "+---+", "| a |", "+---+", "| a |", "| b |", "| c |", "+---+"));
    }

    @Test
    void sortResult_withoutArgumentsSortsEveryLineByCodePoint() {
        Directive d = parse("-- SQLNESS SORT_RESULT");

        // '\uFF5E' sorts before the supplementary U+1F986 by code point, though not by UTF-16 unit order.
        assertThat(d.apply("b\n\uD83E\uDD86\n\uFF5E\nB\na")).isEqualTo("B\na\nb\n\uFF5E\n\uD83E\uDD86");
    }

    @Test
    void sortResult_headLargerThanOutputKeepsEverything() {
        assertThat(parse("-- SQLNESS SORT_RESULT 2 1").apply("Affected Rows: 3"))
                .isEqualTo("Affected Rows: 3");
    }

    @Test
    void sortResult_rejectsNegativeCounts() {
        assertThatThrownBy(() -> parse("-- SQLNESS SORT_RESULT -1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void otherDirectives_doNotTouchOutput() {
        assertThat(parse("-- SQLNESS ARG restart=true")).isEqualTo(new Directive.Arg("restart=true"));
        assertThat(parse("-- SQLNESS SLEEP 3s")).isEqualTo(new Directive.Sleep("3s"));
        assertThat(parse("-- SQLNESS PROTOCOL MYSQL")).isEqualTo(new Directive.Protocol("mysql"));
        assertThat(parse("-- SQLNESS TEMPLATE x").apply("out")).isEqualTo("out");
    }
}
