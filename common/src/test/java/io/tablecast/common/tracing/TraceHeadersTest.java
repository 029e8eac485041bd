package io.tablecast.common.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.context.Context;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TraceHeadersTest {

  private final Recorded recorded = new Recorded();
  private final Tracing on = recorded.tracing;

  @AfterEach
  void shutDown() {
    recorded.close();
  }

  @Test
  void withTracingOffNoHeaderIsWrittenEvenInsideASpan() {
    Span span = on.tracer().spanBuilder("request").startSpan();
    RecordHeaders headers = new RecordHeaders();

    TraceHeaders.inject(Tracing.of(OpenTelemetry.noop(), "test"), Context.root().with(span), headers);
    span.end();

    assertThat(headers.toArray()).isEmpty();
    assertThat(Tracing.OFF.on()).isFalse();
  }

  @Test
  void withTracingOnTheSpanTravelsInTheHeadersAndComesBackOut() {
    Span span = on.tracer().spanBuilder("request").startSpan();
    RecordHeaders headers = new RecordHeaders();

    TraceHeaders.inject(on, Context.root().with(span), headers);
    span.end();

    assertThat(headers.lastHeader("traceparent")).isNotNull();
    SpanContext read = Span.fromContext(TraceHeaders.extract(on, headers)).getSpanContext();
    assertThat(read.getTraceId()).isEqualTo(span.getSpanContext().getTraceId());
    assertThat(read.getSpanId()).isEqualTo(span.getSpanContext().getSpanId());
  }

  @Test
  void aContextWithoutSpanWritesNoHeader() {
    RecordHeaders headers = new RecordHeaders();

    TraceHeaders.inject(on, Context.root(), headers);

    assertThat(headers.toArray()).isEmpty();
  }

  @Test
  void theTraceparentTextNamesTheSpanItWasTakenFrom() {
    Span span = on.tracer().spanBuilder("event").startSpan();
    span.end();

    String text = Tracing.traceparent(Context.root().with(span)).orElseThrow();

    assertThat(text).startsWith("00-" + span.getSpanContext().getTraceId() + "-" + span.getSpanContext().getSpanId() + "-");
    assertThat(Span.fromContext(Tracing.parent(text)).getSpanContext().getSpanId()).isEqualTo(span.getSpanContext().getSpanId());
    assertThat(Tracing.traceparent(Context.root())).isEmpty();
    assertThat(Span.fromContext(Tracing.parent("not a traceparent")).getSpanContext().isValid()).isFalse();
  }
}
