package io.tablecast.common.tracing;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;

/** An SDK whose finished spans stay in {@link #spans}: testkit's {@code SpanRecorder}, which this module (upstream of testkit) cannot use. */
final class Recorded implements AutoCloseable {

  final InMemorySpanExporter spans = InMemorySpanExporter.create();
  final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
      .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
      .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
      .build();
  final Tracing tracing = Tracing.of(sdk, "test");

  @Override
  public void close() {
    sdk.close();
  }
}
