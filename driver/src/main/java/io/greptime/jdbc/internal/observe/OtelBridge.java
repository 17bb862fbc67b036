package io.greptime.jdbc.internal.observe;

import io.greptime.jdbc.internal.config.DriverVersion;
import io.greptime.jdbc.proto.v1.RequestHeader;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapSetter;

/**
 * The only class naming OpenTelemetry types (loaded only when {@link TraceSupport#PRESENT}). Spans follow
 * OpenTelemetry's database semantic conventions: kind CLIENT, named after {@code db.operation.name},
 * with {@code db.system.name}, {@code db.namespace}, {@code db.query.text}, {@code server.address} and
 * {@code server.port}; failures set {@code error.type} and {@code db.response.status_code}.
 */
final class OtelBridge {
    static final AttributeKey<String> DB_SYSTEM_NAME = AttributeKey.stringKey("db.system.name");
    static final AttributeKey<String> DB_NAMESPACE = AttributeKey.stringKey("db.namespace");
    static final AttributeKey<String> DB_QUERY_TEXT = AttributeKey.stringKey("db.query.text");
    static final AttributeKey<String> DB_OPERATION_NAME = AttributeKey.stringKey("db.operation.name");
    static final AttributeKey<String> DB_COLLECTION_NAME = AttributeKey.stringKey("db.collection.name");
    static final AttributeKey<Long> DB_BATCH_SIZE = AttributeKey.longKey("db.operation.batch.size");
    static final AttributeKey<Long> DB_RETURNED_ROWS = AttributeKey.longKey("db.response.returned_rows");
    static final AttributeKey<String> DB_STATUS_CODE = AttributeKey.stringKey("db.response.status_code");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
    static final AttributeKey<String> SERVER_ADDRESS = AttributeKey.stringKey("server.address");
    static final AttributeKey<Long> SERVER_PORT = AttributeKey.longKey("server.port");
    static final AttributeKey<String> STATEMENT_ID = AttributeKey.stringKey("greptime.statement.id");

    private static final TextMapSetter<RequestHeader.Builder> HEADER_SETTER =
            (header, key, value) -> header.putTracingContext(key, value);

    private OtelBridge() {}

    static Object tracer() {
        return GlobalOpenTelemetry.getTracer("io.greptime.jdbc", DriverVersion.VERSION);
    }

    static void inject(RequestHeader.Builder header) {
        Context context = Context.current();
        if (Span.fromContext(context).getSpanContext().isValid()) {
            W3CTraceContextPropagator.getInstance().inject(context, header, HEADER_SETTER);
        }
    }

    /** Starts a CLIENT span for one execution; {@code batchSize} 0 when it is not a batch. */
    static Object start(Object tracer, StatementObservation o, ConnectionIdentity who, long batchSize) {
        String operation = o.operation();
        var b = ((Tracer) tracer)
                .spanBuilder(operation.isEmpty() ? "greptimedb" : operation)
                .setSpanKind(SpanKind.CLIENT)
                .setAttribute(DB_SYSTEM_NAME, "greptimedb")
                .setAttribute(DB_NAMESPACE, who.database())
                .setAttribute(SERVER_ADDRESS, who.host())
                .setAttribute(SERVER_PORT, (long) who.port())
                .setAttribute(STATEMENT_ID, o.id());
        if (!operation.isEmpty()) {
            b.setAttribute(DB_OPERATION_NAME, operation);
        }
        if (o.sqlText() != null) {
            b.setAttribute(DB_QUERY_TEXT, o.sqlText());
        }
        if (batchSize > 0) {
            b.setAttribute(DB_BATCH_SIZE, batchSize);
        }
        return b.startSpan();
    }

    static Object makeCurrent(Object span) {
        return ((Span) span).makeCurrent();
    }

    static void closeScope(Object scope) {
        ((Scope) scope).close();
    }

    static void end(Object span, long rows, boolean rowsAreResult, java.sql.SQLException failure) {
        Span s = (Span) span;
        if (rowsAreResult && rows >= 0) {
            s.setAttribute(DB_RETURNED_ROWS, rows);
        }
        if (failure != null) {
            // only the SQLState and code: a message may quote the statement, and with it literal values
            s.setStatus(StatusCode.ERROR, "SQLState " + failure.getSQLState());
            String code = failure.getErrorCode() == 0 ? null : Integer.toString(failure.getErrorCode());
            s.setAttribute(ERROR_TYPE, code != null ? code : failure.getClass().getName());
            if (code != null) {
                s.setAttribute(DB_STATUS_CODE, code);
            }
        }
        s.end();
    }
}
