package io.greptime.jdbc.internal.client;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import io.greptime.jdbc.GreptimePromResult;
import io.greptime.jdbc.proto.StatusCode;
import io.greptime.jdbc.proto.v1.PromqlRequest;
import io.greptime.jdbc.proto.v1.PromqlResponse;
import io.greptime.jdbc.sqlstate.SqlState;
import io.grpc.Metadata;
import io.grpc.Status;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * PromQL through {@code PrometheusGateway/Handle}: the body is Prometheus HTTP API JSON, and GreptimeDB
 * reports query errors inside it ({@code "status":"error"}, {@code errorType} = its status code name),
 * which become the same SQLExceptions as errors in gRPC trailers.
 */
public final class PromqlGateway {
    private PromqlGateway() {}

    /** Sends {@code request} (its header is set here) and parses the answer. */
    public static GreptimePromResult call(
            GreptimeClient client, RequestSession session, PromqlRequest.Builder request, long timeoutMillis)
            throws SQLException {
        PromqlRequest req = request.setHeader(session.toHeader()).build();
        PromqlResponse response;
        try {
            response = client.prometheusStub(session, timeoutMillis).handle(req);
        } catch (RuntimeException e) {
            throw client.errors().translate(e);
        }
        return parse(client.errors(), response.getBody().toByteArray());
    }

    static GreptimePromResult parse(ErrorTranslator errors, byte[] body) throws SQLException {
        String json = utf8(body);
        JsonObject doc;
        try {
            doc = JsonParser.parseString(json).getAsJsonObject();
        } catch (JsonParseException | IllegalStateException e) {
            throw new SQLException(
                    "PrometheusGateway answered a body that is not a JSON object",
                    SqlState.PROTOCOL_VIOLATION.code(),
                    e);
        }
        if ("error".equals(text(doc.get("status")))) {
            throw inBandError(errors, text(doc.get("errorType")), text(doc.get("error")));
        }
        try {
            JsonObject data = doc.getAsJsonObject("data");
            String type = text(data.get("resultType"));
            return new GreptimePromResult(type, series(type, data.get("result")), json);
        } catch (RuntimeException e) {
            throw new SQLException(
                    "PrometheusGateway answered JSON of an unexpected shape: " + e.getMessage(),
                    SqlState.PROTOCOL_VIOLATION.code(),
                    e);
        }
    }

    private static String utf8(byte[] body) throws SQLException {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new SQLException(
                    "PrometheusGateway answered a body that is not valid UTF-8", SqlState.PROTOCOL_VIOLATION.code(), e);
        }
    }

    private static String text(JsonElement e) {
        return e == null || e.isJsonNull() ? null : e.getAsString();
    }

    private static SQLException inBandError(ErrorTranslator errors, String errorType, String message) {
        StatusCode code = statusCode(errorType);
        Metadata trailers = new Metadata();
        trailers.put(
                Metadata.Key.of(StatusCode.ERR_CODE_HEADER, Metadata.ASCII_STRING_MARSHALLER),
                Integer.toString(code.code()));
        return errors.translate(Status.fromCode(code.grpcCode()).withDescription(message), trailers);
    }

    /** GreptimeDB names the code by its variant ({@code InvalidArguments}); ours are UPPER_SNAKE. */
    static StatusCode statusCode(String errorType) {
        if (errorType == null) {
            return StatusCode.UNKNOWN;
        }
        String snake = errorType.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
        try {
            return StatusCode.valueOf(snake);
        } catch (IllegalArgumentException e) {
            return StatusCode.UNKNOWN;
        }
    }

    private static List<GreptimePromResult.Series> series(String type, JsonElement result) {
        List<GreptimePromResult.Series> out = new ArrayList<>();
        if ("scalar".equals(type) || "string".equals(type)) {
            out.add(new GreptimePromResult.Series(Map.of(), List.of(sample(result.getAsJsonArray()))));
            return out;
        }
        for (JsonElement e : result.getAsJsonArray()) {
            JsonObject s = e.getAsJsonObject();
            Map<String, String> labels = new LinkedHashMap<>();
            s.getAsJsonObject("metric")
                    .entrySet()
                    .forEach(l -> labels.put(l.getKey(), l.getValue().getAsString()));
            List<GreptimePromResult.Sample> samples = new ArrayList<>();
            if (s.has("values")) {
                for (JsonElement p : s.getAsJsonArray("values")) {
                    samples.add(sample(p.getAsJsonArray()));
                }
            } else {
                samples.add(sample(s.getAsJsonArray("value")));
            }
            out.add(new GreptimePromResult.Series(labels, samples));
        }
        return out;
    }

    private static GreptimePromResult.Sample sample(JsonArray pair) {
        // seconds as a decimal number: go through BigDecimal so 1.001 is exactly 1001 ms
        long millis =
                new BigDecimal(pair.get(0).getAsString()).movePointRight(3).longValue();
        return new GreptimePromResult.Sample(millis, value(pair.get(1).getAsString()));
    }

    /** Prometheus writes values as strings; {@code +Inf}/{@code -Inf}/{@code NaN} (Rust: {@code inf}). */
    static double value(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "+inf", "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan" -> Double.NaN;
            default -> Double.parseDouble(s);
        };
    }
}
