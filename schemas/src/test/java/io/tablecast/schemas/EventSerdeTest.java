package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.UndecodableEventException.Reason;
import io.tablecast.schemas.testdata.SampleEvents;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;

class EventSerdeTest {

  private static final String TOPIC = "tablecast.employee-events";

  private final EventSerde serde = new EventSerde(EventCodec.create());
  private final Serializer<DomainEvent> serializer = serde.serializer();
  private final Deserializer<DomainEvent> deserializer = serde.deserializer();

  @Test
  void serializingSetsTheEventTypeHeaderToTheRecordName() {
    Headers headers = new RecordHeaders();

    serializer.serialize(TOPIC, headers, SampleEvents.employeeHired());

    assertThat(headers.headers(EventSerde.EVENT_TYPE_HEADER)).singleElement()
        .satisfies(header -> assertThat(new String(header.value(), StandardCharsets.UTF_8)).isEqualTo("EmployeeHired"));
  }

  @Test
  void reusedHeadersKeepOneEventTypeHeader() {
    Headers headers = new RecordHeaders();

    serializer.serialize(TOPIC, headers, SampleEvents.employeeHired());
    serializer.serialize(TOPIC, headers, SampleEvents.employeeTransferred());

    assertThat(headers.headers(EventSerde.EVENT_TYPE_HEADER)).singleElement()
        .satisfies(header -> assertThat(header.value()).asString(StandardCharsets.UTF_8).isEqualTo("EmployeeTransferred"));
  }

  @Test
  void everyEventTypeRoundTripsThroughTheSerdeWithHeaders() {
    for (DomainEvent event : SampleEvents.oneOfEachType()) {
      Headers headers = new RecordHeaders();

      byte[] bytes = serializer.serialize(TOPIC, headers, event);

      assertThat(deserializer.deserialize(TOPIC, headers, bytes)).isEqualTo(event);
    }
  }

  @Test
  void theSerdeWritesWhatTheCodecWrites() {
    DomainEvent event = SampleEvents.departmentCreated();

    byte[] bytes = serializer.serialize(TOPIC, event);

    assertThat(bytes).isEqualTo(EventCodec.create().encode(event));
    assertThat(deserializer.deserialize(TOPIC, bytes)).isEqualTo(event);
  }

  @Test
  void tombstonesStayNullBothWaysWithoutAHeader() {
    Headers headers = new RecordHeaders();

    assertThat(serializer.serialize(TOPIC, headers, null)).isNull();
    assertThat(headers.toArray()).isEmpty();
    assertThat(deserializer.deserialize(TOPIC, headers, (byte[]) null)).isNull();
    assertThat(deserializer.deserialize(TOPIC, null)).isNull();
  }

  @Test
  void badBytesAreReportedAsUndecodable() {
    UndecodableEventException thrown = catchThrowableOfType(UndecodableEventException.class,
        () -> deserializer.deserialize(TOPIC, new RecordHeaders(), new byte[] {1, 2, 3}));

    assertThat(thrown.reason()).isEqualTo(Reason.BAD_HEADER);
  }

  @Test
  void anEventTypeHeaderThatContradictsTheValueIsInvalidContent() {
    Headers headers = new RecordHeaders();
    byte[] bytes = serializer.serialize(TOPIC, headers, SampleEvents.employeeHired());
    headers.remove(EventSerde.EVENT_TYPE_HEADER).add(EventSerde.EVENT_TYPE_HEADER, "EmployeeArchived".getBytes(StandardCharsets.UTF_8));

    UndecodableEventException thrown = catchThrowableOfType(UndecodableEventException.class,
        () -> deserializer.deserialize(TOPIC, headers, bytes));

    assertThat(thrown.reason()).isEqualTo(Reason.INVALID_CONTENT);
  }

  @Test
  void theNoArgumentSerdeThatKafkaInstantiatesWorks() {
    EventSerde byClassName = new EventSerde();
    DomainEvent event = SampleEvents.managerAssigned();

    byte[] bytes = byClassName.serializer().serialize(TOPIC, event);

    assertThat(new EventSerde.EventDeserializer().deserialize(TOPIC, bytes)).isEqualTo(event);
  }
}
