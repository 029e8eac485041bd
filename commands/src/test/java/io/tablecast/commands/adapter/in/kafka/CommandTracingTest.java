package io.tablecast.commands.adapter.in.kafka;

import static io.tablecast.commands.testdata.Commands.createDepartment;
import static io.tablecast.commands.testdata.Commands.hire;
import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.adapter.out.kafka.schema.CommandTopics;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.Command;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tracing.TraceHeaders;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.events.Actor;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.testkit.SpanRecorder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The trace context through the command processor: from the command's record to the event's. */
class CommandTracingTest {

  private static final CommandTopics TOPICS = CommandTopics.of(TopicNames.of(Namespace.NONE, EventTopicNames.ALL));
  private static final Instant T0 = Instant.parse("2026-11-28T01:00:00Z");

  private final SpanRecorder recorder = new SpanRecorder();
  private final Tracing on = Tracing.of(recorder.telemetry(), "test");
  private TopologyTestDriver driver;

  @AfterEach
  void stop() {
    driver.close();
    recorder.close();
  }

  @Test
  void withTracingOffNoRecordTheProcessorSendsCarriesATraceHeader() {
    start(Tracing.OFF);
    Headers traced = requestHeaders(on.tracer().spanBuilder("POST /employees").startSpan());

    send(createDepartment("Sales"), new RecordHeaders());
    send(hire(1, "Sales", "a@x.io"), traced);

    List<TestRecord<String, DomainEvent>> events = employeeEvents();
    assertThat(events).hasSize(1);
    assertThat(events.get(0).headers().lastHeader("traceparent")).isNull();
    assertThat(results()).isNotEmpty().allSatisfy(r -> assertThat(r.headers().lastHeader("traceparent")).isNull());
  }

  @Test
  void theEventOfATracedHireCarriesTheDecisionSpanOfTheRequestsTrace() {
    start(on);
    Span request = on.tracer().spanBuilder("POST /employees").startSpan();
    send(createDepartment("Sales"), new RecordHeaders());
    recorder.reset();

    send(hire(1, "Sales", "a@x.io"), requestHeaders(request));
    request.end();

    List<SpanData> decisions = recorder.spans().stream().filter(s -> s.getName().equals("decide HireEmployee")).toList();
    assertThat(decisions).isNotEmpty().allSatisfy(s -> assertThat(s.getTraceId()).isEqualTo(request.getSpanContext().getTraceId()));
    assertThat(decisions.get(0).getParentSpanId()).isEqualTo(request.getSpanContext().getSpanId());
    TestRecord<String, DomainEvent> event = employeeEvents().get(0);
    Span carried = Span.fromContext(TraceHeaders.extract(on, event.headers()));
    assertThat(carried.getSpanContext().getTraceId()).isEqualTo(request.getSpanContext().getTraceId());
    assertThat(decisions).extracting(SpanData::getSpanId).contains(carried.getSpanContext().getSpanId());
  }

  private void start(Tracing tracing) {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "command-tracing-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    driver = new TopologyTestDriver(CommandTopology.build(TOPICS, Clock.fixed(T0, ZoneOffset.UTC), tracing), props, T0);
  }

  private Headers requestHeaders(Span request) {
    Headers headers = new RecordHeaders();
    TraceHeaders.inject(on, Context.root().with(request), headers);
    return headers;
  }

  private void send(Command command, Headers headers) {
    TestInputTopic<String, CommandEnvelope> commands = driver.createInputTopic(TOPICS.commands().name(),
        TOPICS.commands().keySerde().serializer(), TOPICS.commands().valueSerde().serializer());
    CommandEnvelope envelope = CommandEnvelope.first(UUID.randomUUID().toString(), T0, Actor.ANONYMOUS, command, Optional.empty());
    commands.pipeInput(new TestRecord<>(envelope.currentStep().routingKey(), envelope, headers, T0));
  }

  private List<TestRecord<String, DomainEvent>> employeeEvents() {
    return driver.createOutputTopic(TOPICS.events().employees().name(), TOPICS.events().employees().keySerde().deserializer(),
        TOPICS.events().employees().valueSerde().deserializer()).readRecordsToList();
  }

  private List<TestRecord<String, CommandResult>> results() {
    return driver.createOutputTopic(TOPICS.results().name(), TOPICS.results().keySerde().deserializer(),
        TOPICS.results().valueSerde().deserializer()).readRecordsToList();
  }
}
