package io.tablecast.testkit;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;

/**
 * An OpenTelemetry SDK that keeps every finished span in memory, exported synchronously, with W3C
 * propagation: what a test injects into the services it starts, to read their traces. Read the
 * spans before the services close: closing a service shuts its SDK down, which drops them.
 */
public final class SpanRecorder implements AutoCloseable {

  private final InMemorySpanExporter exporter = InMemorySpanExporter.create();
  private final OpenTelemetrySdk telemetry = OpenTelemetrySdk.builder()
      .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exporter)).build())
      .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
      .build();

  public OpenTelemetrySdk telemetry() {
    return telemetry;
  }

  /** The spans finished so far, in the order they ended. */
  public List<SpanData> spans() {
    return exporter.getFinishedSpanItems();
  }

  /** Forgets the spans finished so far. */
  public void reset() {
    exporter.reset();
  }

  @Override
  public void close() {
    telemetry.close();
  }
}
