package io.tablecast.common.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The trace context in Kafka record headers ({@code traceparent}, W3C), through the service's
 * own propagator: the command record carries the HTTP request's context, the event record the
 * processor's decision. With tracing off, or no span in the context, headers are left as they
 * are.
 */
public final class TraceHeaders {

  private TraceHeaders() {}

  /** Writes {@code context} into {@code headers}, replacing what they carried, if it holds a span and tracing is on. */
  public static void inject(Tracing tracing, Context context, Headers headers) {
    if (tracing.on() && Span.fromContext(context).getSpanContext().isValid()) {
      propagator(tracing).inject(context, headers, HeadersCarrier.INSTANCE);
    }
  }

  /** The context {@code headers} carry; the root context when they carry none or tracing is off. */
  public static Context extract(Tracing tracing, Headers headers) {
    if (!tracing.on()) {
      return Context.root();
    }
    return propagator(tracing).extract(Context.root(), headers, HeadersCarrier.INSTANCE);
  }

  private static TextMapPropagator propagator(Tracing tracing) {
    return tracing.telemetry().getPropagators().getTextMapPropagator();
  }

  private enum HeadersCarrier implements TextMapGetter<Headers>, TextMapSetter<Headers> {
    INSTANCE;

    @Override
    public Iterable<String> keys(Headers carrier) {
      List<String> keys = new ArrayList<>();
      carrier.forEach(header -> keys.add(header.key()));
      return keys;
    }

    @Override
    public String get(Headers carrier, String key) {
      Header header = carrier == null ? null : carrier.lastHeader(key);
      return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    @Override
    public void set(Headers carrier, String key, String value) {
      carrier.remove(key);
      carrier.add(key, value.getBytes(StandardCharsets.UTF_8));
    }
  }
}
