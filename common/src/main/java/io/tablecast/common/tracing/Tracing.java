package io.tablecast.common.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A component's tracer, and what the pipeline's components share about traces: the W3C {@code
 * traceparent} text that a trace context travels as when it leaves Kafka headers (in work items),
 * and spans for work that serves several traces at once.
 *
 * <p>When {@link #on()} is false (the service's {@link OpenTelemetry} is the no-op one), every
 * method returns at once, before it allocates anything.
 */
public final class Tracing {

  /** Tracing off: what a component gets when nobody injects an {@link OpenTelemetry}. */
  public static final Tracing OFF = new Tracing(OpenTelemetry.noop(), "io.tablecast");

  private static final String TRACEPARENT = "traceparent";
  private static final W3CTraceContextPropagator W3C = W3CTraceContextPropagator.getInstance();

  private final OpenTelemetry telemetry;
  private final Tracer tracer;
  private final boolean on;

  private Tracing(OpenTelemetry telemetry, String component) {
    this.telemetry = telemetry;
    this.tracer = telemetry.getTracer(component);
    this.on = telemetry.getTracerProvider() != TracerProvider.noop();
  }

  /** @param component the instrumentation scope of the spans, such as {@code io.tablecast.projector} */
  public static Tracing of(OpenTelemetry telemetry, String component) {
    return new Tracing(telemetry, component);
  }

  /** Whether spans are recorded at all. */
  public boolean on() {
    return on;
  }

  public Tracer tracer() {
    return tracer;
  }

  public OpenTelemetry telemetry() {
    return telemetry;
  }

  /** The W3C {@code traceparent} of the span in {@code context}; empty when there is none. */
  public static Optional<String> traceparent(Context context) {
    if (!Span.fromContext(context).getSpanContext().isValid()) {
      return Optional.empty();
    }
    Map<String, String> carrier = new HashMap<>(2);
    W3C.inject(context, carrier, MapCarrier.INSTANCE);
    return Optional.ofNullable(carrier.get(TRACEPARENT));
  }

  /** The context a {@code traceparent} names, to parent spans with; the root context for null or malformed text. */
  public static Context parent(String traceparent) {
    if (traceparent == null) {
      return Context.root();
    }
    return W3C.extract(Context.root(), Map.of(TRACEPARENT, traceparent), MapCarrier.INSTANCE);
  }

  /**
   * Runs {@code work} that serves several causes at once (the events of one EGT, the items of one
   * queue message) inside one span per traced cause, each parented to its own trace, so that
   * every trace shows the work it waited for. The spans share the work's start, end and outcome.
   * Causes without a trace get no span.
   *
   * @param traceparent a cause's trace as W3C text, or null
   */
  public <T> void acrossTraces(Collection<T> causes, Function<T, String> traceparent, Function<T, String> spanName, Runnable work) {
    if (!on) {
      work.run();
      return;
    }
    List<Span> spans = new ArrayList<>(causes.size());
    for (T cause : causes) {
      Context parent = parent(traceparent.apply(cause));
      if (Span.fromContext(parent).getSpanContext().isValid()) {
        spans.add(tracer.spanBuilder(spanName.apply(cause)).setParent(parent).startSpan());
      }
    }
    try {
      work.run();
    } catch (RuntimeException | Error e) {
      spans.forEach(span -> span.recordException(e).setStatus(StatusCode.ERROR));
      throw e;
    } finally {
      spans.forEach(Span::end);
    }
  }

  /** Reads and writes a {@code Map<String, String>}, the carrier of the W3C text. */
  private enum MapCarrier implements TextMapGetter<Map<String, String>>, TextMapSetter<Map<String, String>> {
    INSTANCE;

    @Override
    public Iterable<String> keys(Map<String, String> carrier) {
      return carrier.keySet();
    }

    @Override
    public String get(Map<String, String> carrier, String key) {
      return carrier == null ? null : carrier.get(key);
    }

    @Override
    public void set(Map<String, String> carrier, String key, String value) {
      carrier.put(key, value);
    }
  }
}
