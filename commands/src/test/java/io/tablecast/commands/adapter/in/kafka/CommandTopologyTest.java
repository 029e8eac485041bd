package io.tablecast.commands.adapter.in.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.adapter.out.kafka.InternalJson;
import io.tablecast.commands.application.CommandEnvelope;
import io.tablecast.commands.domain.Command;
import io.tablecast.commands.domain.CreateDepartment;
import io.tablecast.commands.domain.HireEmployee;
import io.tablecast.commands.domain.Rejection;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.schemas.EventSerde;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The command processor's topology, driven without a broker: given commands, expect events. */
class CommandTopologyTest {

  private static final Instant NOW = Instant.parse("2026-11-25T22:44:37.595Z");
  private static final TopicNames TOPICS = TopicNames.of(Namespace.NONE);

  private TopologyTestDriver driver;
  private TestInputTopic<String, CommandEnvelope> commands;
  private TestOutputTopic<String, DomainEvent> departmentEvents;
  private TestOutputTopic<String, DomainEvent> employeeEvents;
  private TestOutputTopic<String, CommandResult> results;

  @BeforeEach
  void start() {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "command-topology-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    driver = new TopologyTestDriver(CommandTopology.build(TOPICS, Clock.fixed(NOW, ZoneOffset.UTC)), props);
    commands = driver.createInputTopic(TOPICS.commands(), new StringSerializer(), InternalJson.serde(CommandEnvelope.class).serializer());
    EventSerde events = new EventSerde();
    departmentEvents = driver.createOutputTopic(TOPICS.departmentEvents(), new StringDeserializer(), events.deserializer());
    employeeEvents = driver.createOutputTopic(TOPICS.employeeEvents(), new StringDeserializer(), events.deserializer());
    results = driver.createOutputTopic(TOPICS.commandResults(), new StringDeserializer(), InternalJson.serde(CommandResult.class).deserializer());
  }

  @AfterEach
  void stop() {
    driver.close();
  }

  private String send(Command command) {
    CommandEnvelope envelope = CommandEnvelope.first(UUID.randomUUID().toString(), NOW, command);
    commands.pipeInput(envelope.currentStep().routingKey(), envelope);
    return envelope.commandId();
  }

  private static CreateDepartment createSales() {
    return new CreateDepartment(new DepartmentId("Sales"), "Sales EMEA");
  }

  private static HireEmployee hire(int id, String department) {
    return new HireEmployee(new EmployeeId(id), new DepartmentId(department), "Ann", "Lee", "ann@x.io", 30);
  }

  @Test
  void creatingADepartmentRecordsDepartmentCreatedAtVersionOne() {
    String commandId = send(createSales());

    TestRecord<String, DomainEvent> record = departmentEvents.readRecord();
    assertThat(record.key()).isEqualTo("Sales");
    assertThat(record.headers().lastHeader(EventSerde.EVENT_TYPE_HEADER).value()).asString().isEqualTo("DepartmentCreated");
    DepartmentCreated event = (DepartmentCreated) record.value();
    assertThat(event.name()).isEqualTo("Sales EMEA");
    assertThat(event.metadata().aggregateVersion()).isEqualTo(1);
    assertThat(event.metadata().commandId()).isEqualTo(commandId);
    assertThat(event.metadata().occurredAt()).isEqualTo(NOW);
    assertThat(results.isEmpty()).isTrue();
  }

  @Test
  void creatingAnExistingDepartmentIsAConflict() {
    send(createSales());
    departmentEvents.readRecord();

    String commandId = send(createSales());

    assertThat(departmentEvents.isEmpty()).isTrue();
    CommandResult result = results.readValue();
    assertThat(result.commandId()).isEqualTo(commandId);
    assertThat(result.rejection().kind()).isEqualTo(Rejection.Kind.CONFLICT);
    assertThat(result.rejection().code()).isEqualTo("duplicate-department");
  }

  @Test
  void hiringChecksTheDepartmentThenRecordsEmployeeHiredKeyedByTheCanonicalId() {
    send(createSales());

    String commandId = send(hire(42, "Sales"));

    TestRecord<String, DomainEvent> record = employeeEvents.readRecord();
    assertThat(record.key()).isEqualTo("00000042");
    EmployeeHired event = (EmployeeHired) record.value();
    assertThat(event.employeeId()).isEqualTo(new EmployeeId(42));
    assertThat(event.departmentId()).isEqualTo(new DepartmentId("Sales"));
    assertThat(event.metadata().aggregateId()).isEqualTo("00000042");
    assertThat(event.metadata().aggregateVersion()).isEqualTo(1);
    assertThat(event.metadata().commandId()).isEqualTo(commandId);
    assertThat(results.isEmpty()).isTrue();
  }

  @Test
  void hiringIntoAnUnknownDepartmentIsRejectedAndRecordsNothing() {
    String commandId = send(hire(42, "Nowhere"));

    assertThat(employeeEvents.isEmpty()).isTrue();
    CommandResult result = results.readValue();
    assertThat(result.commandId()).isEqualTo(commandId);
    assertThat(result.rejection().kind()).isEqualTo(Rejection.Kind.UNPROCESSABLE);
    assertThat(result.rejection().field()).contains("departmentId");
  }

  @Test
  void hiringAnExistingIdIsAConflict() {
    send(createSales());
    send(hire(42, "Sales"));
    employeeEvents.readRecord();

    send(hire(42, "Sales"));

    assertThat(employeeEvents.isEmpty()).isTrue();
    assertThat(results.readValue().rejection().code()).isEqualTo("duplicate-employee");
  }
}
