package io.greptime.jdbc.tck.promql;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Prometheus HTTP API JSON the gateway answers with, parsed by an independent JSON library. */
class PromJsonTest {
    private static PromFixture f;

    @BeforeAll
    static void data() {
        f = new PromFixture();
        f.sql(
                "CREATE TABLE cpu (v DOUBLE, ts TIMESTAMP TIME INDEX, host STRING PRIMARY KEY)",
                "INSERT INTO cpu VALUES (0.5, 0, 'a\"q'), (1.5, 10000, 'a\"q'), (2, 10000, 'b')");
    }

    @AfterAll
    static void close() {
        f.close();
    }

    /** Evaluates {@code query} at {@code at} seconds through the JSON path: label set text to value. */
    static Map<String, Double> instantVector(PromFixture fx, String query, double at) {
        JsonObject doc = instant(fx, query, String.valueOf(at));
        assertThat(doc.get("status").getAsString()).as(doc.toString()).isEqualTo("success");
        JsonObject data = doc.getAsJsonObject("data");
        assertThat(data.get("resultType").getAsString()).isEqualTo("vector");
        Map<String, Double> out = new LinkedHashMap<>();
        for (JsonElement e : data.getAsJsonArray("result")) {
            JsonObject series = e.getAsJsonObject();
            Map<String, String> labels = new TreeMap<>();
            series.getAsJsonObject("metric")
                    .entrySet()
                    .forEach(l -> labels.put(l.getKey(), l.getValue().getAsString()));
            JsonArray value = series.getAsJsonArray("value");
            assertThat(value.get(0).getAsDouble()).isEqualTo(at);
            out.put(
                    labels.toString().replace(", ", ","),
                    Double.parseDouble(value.get(1).getAsString()));
        }
        return out;
    }

    static JsonObject instant(PromFixture fx, String query, String time) {
        byte[] body = fx.engine.withSeries(fx.ctx, src -> PromQueries.instantJson(src, query, time, "5m"));
        return JsonParser.parseString(new String(body, StandardCharsets.UTF_8)).getAsJsonObject();
    }

    static JsonObject range(PromFixture fx, String query, String start, String end, String step) {
        byte[] body = fx.engine.withSeries(
                fx.ctx, src -> PromQueries.rangeJson(src, new PromQueries.Params(query, start, end, step, "5m")));
        return JsonParser.parseString(new String(body, StandardCharsets.UTF_8)).getAsJsonObject();
    }

    @Test
    void rangeQuery_isAMatrixOfSecondsAndStringValues() {
        JsonObject doc = range(f, "cpu", "0", "10", "5s");
        assertThat(doc.get("status").getAsString()).isEqualTo("success");
        JsonObject data = doc.getAsJsonObject("data");
        assertThat(data.get("resultType").getAsString()).isEqualTo("matrix");
        JsonArray result = data.getAsJsonArray("result");
        assertThat(result).hasSize(2);
        JsonObject first = result.get(0).getAsJsonObject();
        // the quote in the label value survives the round trip through JSON escaping
        assertThat(first.getAsJsonObject("metric").get("host").getAsString()).isEqualTo("a\"q");
        assertThat(first.getAsJsonObject("metric").get("__name__").getAsString())
                .isEqualTo("cpu");
        JsonArray values = first.getAsJsonArray("values");
        assertThat(values).hasSize(3);
        assertThat(values.get(0).getAsJsonArray().get(0).getAsDouble()).isEqualTo(0.0);
        assertThat(values.get(0).getAsJsonArray().get(1).getAsString()).isEqualTo("0.5");
        assertThat(values.get(2).getAsJsonArray().get(0).getAsDouble()).isEqualTo(10.0);
        assertThat(values.get(2).getAsJsonArray().get(1).getAsString()).isEqualTo("1.5");
    }

    @Test
    void instantQuery_acceptsRfc3339AndAnswersScalars() {
        JsonObject doc = instant(f, "1 + 1", "1970-01-01T00:00:10Z");
        JsonObject data = doc.getAsJsonObject("data");
        assertThat(data.get("resultType").getAsString()).isEqualTo("scalar");
        assertThat(data.getAsJsonArray("result").get(0).getAsDouble()).isEqualTo(10.0);
        assertThat(data.getAsJsonArray("result").get(1).getAsString()).isEqualTo("2");
    }

    @Test
    void instantQuery_ofARangeVector_givesRawSamples() {
        JsonObject data = instant(f, "cpu{host=\"a\\\"q\"}[15s]", "10").getAsJsonObject("data");
        assertThat(data.get("resultType").getAsString()).isEqualTo("matrix");
        JsonArray values =
                data.getAsJsonArray("result").get(0).getAsJsonObject().getAsJsonArray("values");
        // (-5s, 10s] holds both samples of a"q, at their own times
        assertThat(values.toString()).isEqualTo("[[0.0,\"0.5\"],[10.0,\"1.5\"]]");
        JsonObject shorter = instant(f, "cpu[5s]", "10").getAsJsonObject("data");
        assertThat(shorter.getAsJsonArray("result")).hasSize(2);
    }

    @Test
    void sortDesc_ordersTheInstantVector() {
        JsonArray result =
                instant(f, "sort_desc(cpu)", "10").getAsJsonObject("data").getAsJsonArray("result");
        assertThat(result).hasSize(2);
        assertThat(result.get(0)
                        .getAsJsonObject()
                        .getAsJsonObject("metric")
                        .get("host")
                        .getAsString())
                .isEqualTo("b");
        assertThat(instant(f, "sort(cpu)", "10")
                        .getAsJsonObject("data")
                        .getAsJsonArray("result")
                        .get(0)
                        .getAsJsonObject()
                        .getAsJsonObject("metric")
                        .get("host")
                        .getAsString())
                .isEqualTo("a\"q");
    }

    @Test
    void specialValues_printAsPrometheusDoes() {
        assertThat(instant(f, "vector(1/0)", "10").toString()).contains("\"+Inf\"");
        assertThat(instant(f, "vector(-1/0)", "10").toString()).contains("\"-Inf\"");
        assertThat(instant(f, "vector(0/0)", "10").toString()).contains("\"NaN\"");
    }

    @Test
    void errors_areInBandWithGreptimeDbStatusNames() {
        JsonObject syntax = instant(f, "sum(cpu", "10");
        assertThat(syntax.get("status").getAsString()).isEqualTo("error");
        assertThat(syntax.get("errorType").getAsString()).isEqualTo("InvalidSyntax");
        assertThat(syntax.get("error").getAsString()).isNotEmpty();
        JsonObject field = instant(f, "cpu{__field__=\"nope\"}", "10");
        assertThat(field.get("errorType").getAsString()).isEqualTo("InvalidArguments");
        assertThat(field.get("error").getAsString()).isEqualTo("Cannot find column nope");
        JsonObject unsupported = instant(f, "count_values(\"v\", cpu)", "10");
        assertThat(unsupported.get("errorType").getAsString()).isEqualTo("Unsupported");
        // a step GreptimeDB's parser cannot read is a query-parse error (src/query/src/parser.rs): InvalidSyntax
        JsonObject badStep = range(f, "cpu", "0", "10", "soon");
        assertThat(badStep.get("errorType").getAsString()).isEqualTo("InvalidSyntax");
        assertThat(badStep.get("error").getAsString()).isEqualTo("not a valid duration string: soon");
    }
}
