package io.greptime.jdbc.tck.promql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.tck.engine.GreptimeError;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Unsupported or invalid PromQL fails with the status codes GreptimeDB gives, and the engine keeps serving. */
class PromqlErrorsTest {
    private static PromFixture f;

    @BeforeAll
    static void data() {
        f = new PromFixture();
        f.sql(
                "CREATE TABLE g (v DOUBLE, ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY)",
                "INSERT INTO g VALUES (1, 0, 'x')");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    private static void fails(String tql, StatusCode code, String message) {
        GreptimeError e = catchThrowableOfType(GreptimeError.class, () -> f.tql(tql));
        assertThat(e).as(tql).isNotNull();
        assertThat(e.status()).as(tql).isEqualTo(code);
        assertThat(e.getMessage()).as(tql).contains(message);
    }

    @Test
    void syntaxErrors_areInvalidSyntax() {
        fails("TQL EVAL (0, 10, '5s') sum(g", StatusCode.INVALID_SYNTAX, "expected \")\"");
        fails(
                "TQL EVAL (0, 10, '5s') {__name__!=\"g\"}",
                StatusCode.INVALID_SYNTAX,
                "vector selector must contain at least one non-empty matcher");
        fails("TQL EVAL (0, 10, '5s') rate(g)", StatusCode.INVALID_SYNTAX, "expected type range vector");
        fails(
                "TQL EVAL (0, 10, '5s') nosuch_function(g)",
                StatusCode.INVALID_SYNTAX,
                "unknown function with name 'nosuch_function'");
        fails("TQL EVAL (0, 10, '5s') 1 > 2", StatusCode.INVALID_SYNTAX, "BOOL modifier");
        fails("TQL EVAL (0, 10, '5s') g[1x]", StatusCode.INVALID_SYNTAX, "bad duration");
        fails("TQL EVAL (0, 10, '5s') g[1m][5m:1m]", StatusCode.INVALID_SYNTAX, "subquery is only allowed");
        fails("TQL EVAL (0, 10, '5s') g @ later", StatusCode.INVALID_SYNTAX, "after @");
        // promql-parser's own wording: the PromQL function name, "vector" for an instant vector
        fails(
                "TQL EVAL (0, 10, '5s') deg(pi())",
                StatusCode.INVALID_SYNTAX,
                "expected type vector in call to function 'deg', got scalar");
    }

    @Test
    void refusedForms_keepGreptimeDbsCodes() {
        f.sql("CREATE TABLE two (ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY, a DOUBLE, b DOUBLE)");
        fails(
                "TQL EVAL (0, 10, '5s') topk(1, two)",
                StatusCode.INVALID_ARGUMENTS,
                "Unsupported expr type: topk or bottomk on multi-value input");
        GreptimeError e = catchThrowableOfType(
                GreptimeError.class, () -> f.sql("WITH t AS (TQL ANALYZE (0, 10, '5s') g) SELECT * FROM t"));
        assertThat(e).isNotNull();
        assertThat(e.status()).isEqualTo(StatusCode.INVALID_SYNTAX);
        assertThat(e.getMessage()).isEqualTo("Invalid SQL, error: Only TQL EVAL is supported in CTEs");
        GreptimeError explained = catchThrowableOfType(
                GreptimeError.class, () -> f.sql("EXPLAIN WITH t AS (TQL EXPLAIN (0, 10, '5s') g) SELECT * FROM t"));
        assertThat(explained).isNotNull();
        assertThat(explained.status()).isEqualTo(StatusCode.INVALID_SYNTAX);
        assertThat(explained.getMessage()).isEqualTo("Invalid SQL, error: Only TQL EVAL is supported in CTEs");
    }

    @Test
    void unsupportedFeatures_areUnsupported() {
        // a function the line's parser knows and its planner has no arm for (main's planner, the default
        // profile's line): UnsupportedExpr, status 1004, as GreptimeDB v1.0.0 answers histogram_count(g)
        fails(
                "TQL EVAL (0, 10, '5s') first_over_time(g[1m])",
                StatusCode.INVALID_ARGUMENTS,
                "Unsupported expr type: first_over_time");
        fails(
                "TQL EVAL (0, 10, '5s') label_replace(g, \"1bad\", \"b\", \"c\", \"d\")",
                StatusCode.INVALID_ARGUMENTS,
                "Invalid destination label name");
        // GreptimeDB's planner refuses to replace into a label the vector already has (Prometheus would not)
        fails(
                "TQL EVAL (0, 10, '5s') label_replace(g, \"host\", \"\", \"host\", \"x\")",
                StatusCode.INVALID_ARGUMENTS,
                "vector cannot contain metrics with the same labelset");
        fails("TQL EXPLAIN (0, 10, '5s') g", StatusCode.UNSUPPORTED, "TQL EXPLAIN");
        fails("TQL ANALYZE (0, 10, '5s') g", StatusCode.UNSUPPORTED, "TQL ANALYZE");
    }

    @Test
    void badArguments_areInvalidArguments() {
        fails(
                "TQL EVAL (0, 10, '5s') {__name__=~\"g\"}",
                StatusCode.INVALID_ARGUMENTS,
                "Matcher operator =~ is not supported for __name__");
        fails("TQL EVAL (0, 10, '5s') g{__field__=\"V\"}", StatusCode.INVALID_ARGUMENTS, "Cannot find column V");
        fails("TQL EVAL (10, 0, '5s') g", StatusCode.INVALID_ARGUMENTS, "end timestamp must not be before start");
        fails("TQL EVAL (0, 10, 0) g", StatusCode.INVALID_ARGUMENTS, "zero or negative query resolution step");
        fails("TQL EVAL (0, 100000, '1s') g", StatusCode.INVALID_ARGUMENTS, "11,000 points");
        fails("TQL EVAL (0, 10, '5s') g[1m]", StatusCode.INVALID_ARGUMENTS, "invalid expression type \"range vector\"");
        // a subquery is a range vector too: fine inside a function, not as the whole query
        fails("TQL EVAL (0, 10, '5s') rate(g[1m])[5m:1m]", StatusCode.INVALID_ARGUMENTS, "\"range vector\"");
    }

    @Test
    void engineKeepsServing_afterErrors() {
        fails("TQL EVAL (0, 10, '5s') sum(g", StatusCode.INVALID_SYNTAX, "");
        assertThat(f.tql("TQL EVAL (0, 0, '5s') g").samples())
                .extracting(PromFixture.Sample::value)
                .containsExactly(1.0);
    }
}
