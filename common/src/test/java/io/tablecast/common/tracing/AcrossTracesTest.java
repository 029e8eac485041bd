package io.tablecast.common.tracing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AcrossTracesTest {

  private final Recorded recorded = new Recorded();
  private final InMemorySpanExporter exported = recorded.spans;
  private final Tracing tracing = recorded.tracing;

  @AfterEach
  void shutDown() {
    recorded.close();
  }

  @Test
  void oneBatchOfTwoTracesGivesEachTraceItsOwnSpanAndUntracedCausesNone() {
    Span first = tracing.tracer().spanBuilder("decide A").startSpan();
    Span second = tracing.tracer().spanBuilder("decide B").startSpan();
    first.end();
    second.end();
    exported.reset();
    List<String> causes = Arrays.asList(
        Tracing.traceparent(Context.root().with(first)).orElseThrow(), null, Tracing.traceparent(Context.root().with(second)).orElseThrow());
    AtomicInteger runs = new AtomicInteger();

    tracing.acrossTraces(causes, c -> c, c -> "apply Employees", runs::incrementAndGet);

    assertThat(runs).hasValue(1);
    List<SpanData> spans = exported.getFinishedSpanItems();
    assertThat(spans).extracting(SpanData::getName).containsExactly("apply Employees", "apply Employees");
    assertThat(spans).extracting(SpanData::getTraceId)
        .containsExactly(first.getSpanContext().getTraceId(), second.getSpanContext().getTraceId());
    assertThat(spans).extracting(SpanData::getParentSpanId)
        .containsExactly(first.getSpanContext().getSpanId(), second.getSpanContext().getSpanId());
  }

  @Test
  void aFailureMarksEverySpanOfTheBatchAndIsRethrown() {
    Span cause = tracing.tracer().spanBuilder("decide").startSpan();
    cause.end();
    exported.reset();
    String traceparent = Tracing.traceparent(Context.root().with(cause)).orElseThrow();

    assertThatThrownBy(() -> tracing.acrossTraces(List.of(traceparent), c -> c, c -> "apply", () -> {
      throw new IllegalStateException("EGT refused");
    })).hasMessage("EGT refused");

    assertThat(exported.getFinishedSpanItems()).singleElement()
        .satisfies(span -> assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR));
  }

  @Test
  void withTracingOffTheWorkRunsAndNoSpanIsMade() {
    Span cause = tracing.tracer().spanBuilder("decide").startSpan();
    cause.end();
    exported.reset();
    AtomicInteger runs = new AtomicInteger();

    Tracing.OFF.acrossTraces(List.of(Tracing.traceparent(Context.root().with(cause)).orElseThrow()), c -> c, c -> "apply",
        runs::incrementAndGet);

    assertThat(runs).hasValue(1);
    assertThat(exported.getFinishedSpanItems()).isEmpty();
  }
}
