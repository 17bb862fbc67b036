package io.greptime.jdbc.examples;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real OpenTelemetry SDK for the benchmarks ({@code -Dbench.otel=true}): registered globally, where the
 * driver finds it, with every span sampled and handed to an exporter that counts them, so the driver's
 * spans and trace-context headers cost what they cost in an application that traces.
 */
final class BenchTracing {
    private static final AtomicLong EXPORTED = new AtomicLong();
    private static Tracer tracer;

    private BenchTracing() {}

    static void install() {
        SpanExporter counting = new SpanExporter() {
            @Override
            public CompletableResultCode export(Collection<SpanData> spans) {
                EXPORTED.addAndGet(spans.size());
                return CompletableResultCode.ofSuccess();
            }

            @Override
            public CompletableResultCode flush() {
                return CompletableResultCode.ofSuccess();
            }

            @Override
            public CompletableResultCode shutdown() {
                return CompletableResultCode.ofSuccess();
            }
        };
        OpenTelemetrySdk.builder()
                .setTracerProvider(SdkTracerProvider.builder()
                        .addSpanProcessor(SimpleSpanProcessor.create(counting))
                        .build())
                .buildAndRegisterGlobal();
        tracer = GlobalOpenTelemetry.getTracer("greptime-jdbc-benchmark");
    }

    /** Runs {@code body} inside an application span, as a traced request handler would. */
    static <T> T inSpan(String name, BenchBody<T> body) throws Exception {
        if (tracer == null) {
            return body.run();
        }
        Span span = tracer.spanBuilder(name).startSpan();
        try (Scope scope = span.makeCurrent()) {
            return body.run();
        } finally {
            span.end();
        }
    }

    static long exported() {
        return EXPORTED.get();
    }

    interface BenchBody<T> {
        T run() throws Exception;
    }
}
