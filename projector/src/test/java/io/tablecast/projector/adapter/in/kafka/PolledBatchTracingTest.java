package io.tablecast.projector.adapter.in.kafka;

import static io.tablecast.testkit.HrEvents.hired;
import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tracing.TraceHeaders;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.events.DomainEvent;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.projector.application.Checkpoint;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.schemas.EventSerde;
import io.tablecast.testkit.SpanRecorder;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The trace an event's record carries goes on in the event's position, only when tracing is on. */
class PolledBatchTracingTest {

  private static final TopicPartition PARTITION = new TopicPartition("tablecast.employee-events", 0);

  private final SpanRecorder recorder = new SpanRecorder();
  private final Tracing on = Tracing.of(recorder.telemetry(), "test");
  private final EventSerde serde = new EventSerde();

  @AfterEach
  void close() {
    recorder.close();
  }

  @Test
  void withTracingOnThePositionCarriesTheRecordsTraceparent() {
    Span decision = on.tracer().spanBuilder("decide HireEmployee").startSpan();
    decision.end();

    PolledBatch<DomainEvent> batch = decode(tracedRecord(decision), on);

    String traceparent = batch.events.get(0).position().trace().orElseThrow();
    assertThat(Span.fromContext(Tracing.parent(traceparent)).getSpanContext())
        .extracting(c -> c.getTraceId(), c -> c.getSpanId())
        .containsExactly(decision.getSpanContext().getTraceId(), decision.getSpanContext().getSpanId());
  }

  @Test
  void withTracingOffThePositionCarriesNoTraceEvenWhenTheRecordHasOne() {
    Span decision = on.tracer().spanBuilder("decide HireEmployee").startSpan();
    decision.end();

    PolledBatch<DomainEvent> batch = decode(tracedRecord(decision), Tracing.OFF);

    assertThat(batch.events).hasSize(1);
    assertThat(batch.events.get(0).position().trace()).isEmpty();
  }

  private ConsumerRecord<byte[], byte[]> tracedRecord(Span decision) {
    RecordHeaders headers = new RecordHeaders();
    TraceHeaders.inject(on, Context.root().with(decision), headers);
    byte[] value = serde.serializer().serialize(PARTITION.topic(), headers, hired(1, "Sales", "Ann", "Lee", "ann@x.io"));
    return new ConsumerRecord<>(PARTITION.topic(), PARTITION.partition(), 7, 0L, TimestampType.CREATE_TIME, 0, value.length,
        null, value, headers, Optional.empty());
  }

  private PolledBatch<DomainEvent> decode(ConsumerRecord<byte[], byte[]> record, Tracing tracing) {
    ConsumerRecords<byte[], byte[]> polled = new ConsumerRecords<>(Map.of(PARTITION, List.of(record)), Map.of());
    EventSource<DomainEvent> source = EventSource.of(Namespace.NONE, HrProjections.PLANNED);
    return PolledBatch.decode(polled, partition -> Checkpoint.NONE, source, FailurePolicy.DEAD_LETTER, tracing);
  }
}
