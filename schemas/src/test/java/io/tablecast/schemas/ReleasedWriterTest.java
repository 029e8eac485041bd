package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.events.Actor;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EventMetadata;
import io.tablecast.schemas.testdata.SampleEvents;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.Test;

/**
 * Messages written with any released schema decode through today's codec: the reader resolves the
 * writer schema by fingerprint and reads it into the current schema.
 */
class ReleasedWriterTest {

  private static final EventCodec CODEC = EventCodec.create();

  @Test
  void everyReleasedVersionOfEveryRecordIsReadable() throws IOException {
    Map<String, DomainEvent> samples = new HashMap<>();
    SampleEvents.oneOfEachType().forEach(event -> samples.put(event.eventType(), event));
    List<String> checked = new ArrayList<>();

    for (var entry : CODEC.schemas().releasedVersions().entrySet()) {
      DomainEvent sample = samples.get(entry.getKey());
      for (Schema released : entry.getValue()) {
        // Given the sample as an old writer would have written it, with Avro's generic API
        byte[] message = CraftedMessages.encodeGeneric(released, asWrittenWith(released, sample));
        assertThat(fingerprintOf(message)).isEqualTo(SchemaNormalization.parsingFingerprint64(released));

        // When today's codec decodes it
        DomainEvent decoded = CODEC.decode(message);

        // Then it is the same event, as far as the old schema could carry it
        assertThat(decoded.eventType()).isEqualTo(sample.eventType());
        assertThat(decoded.metadata()).isEqualTo(carriedBy(released, sample.metadata()));
        if (sameFields(released, CODEC.schemas().current(entry.getKey()).orElseThrow())) {
          assertThat(decoded).isEqualTo(sample);
        }
        checked.add(entry.getKey());
      }
    }

    assertThat(checked).as("released records checked").containsAll(samples.keySet());
  }

  @Test
  void anOlderWriterWithoutAnOptionalFieldDecodesWithItsDefault() throws IOException {
    // Given a store that also knows a hypothetical earlier EmployeeArchived without 'reason'
    Schema current = CODEC.schemas().current("EmployeeArchived").orElseThrow();
    Schema withoutReason = SchemaEdits.withoutField(current, "reason");
    EventSchemas schemas = EventSchemas.of(List.of(new ReleasedSchema("v0/EmployeeArchived.avsc", 0, withoutReason)));
    EventCodec codec = new EventCodec(schemas);
    EmployeeArchived archived = SampleEvents.employeeArchived(Optional.of("ignored by the old writer"));

    // When a message written with it is decoded
    byte[] message = CraftedMessages.encodeGeneric(withoutReason, asWrittenWith(withoutReason, archived));
    DomainEvent decoded = codec.decode(message);

    // Then the missing field takes its default: no reason
    assertThat(decoded).isEqualTo(SampleEvents.employeeArchived(Optional.empty()));
  }

  @Test
  void aVersionOneEventReadsAsTheAnonymousActor() throws IOException {
    // Given a hire by a named actor, as a version-1 writer (which had no actor) wrote it
    EmployeeHired hired = SampleEvents.employeeHired();
    Schema v1 = CODEC.schemas().releasedVersions().get("EmployeeHired").get(0);
    assertThat(v1.getField("envelope").schema().getField("actor")).isNull();
    byte[] message = CraftedMessages.encodeGeneric(v1, asWrittenWith(v1, hired));

    // When today's codec decodes it
    DomainEvent decoded = CODEC.decode(message);

    // Then the actor takes the schema's default
    assertThat(hired.metadata().actor()).isEqualTo(SampleEvents.ADMIN);
    assertThat(decoded.metadata().actor()).isEqualTo(Actor.ANONYMOUS);
    assertThat(decoded.metadata().commandId()).isEqualTo(hired.metadata().commandId());
  }

  /** The metadata as a writer with this schema carried it: without an actor field, anonymous. */
  private static EventMetadata carriedBy(Schema released, EventMetadata metadata) {
    if (released.getField("envelope").schema().getField("actor") != null) {
      return metadata;
    }
    return new EventMetadata(metadata.eventId(), metadata.commandId(), metadata.aggregateId(),
        metadata.aggregateVersion(), metadata.occurredAt());
  }

  /** The event, encoded today and read back through Avro's resolution as the older schema. */
  private static GenericRecord asWrittenWith(Schema released, DomainEvent event) throws IOException {
    byte[] current = CODEC.encode(event);
    Schema writer = CODEC.schemas().findByFingerprint(fingerprintOf(current));
    return new GenericDatumReader<GenericRecord>(writer, released)
        .read(null, DecoderFactory.get().binaryDecoder(current, 10, current.length - 10, null));
  }

  private static long fingerprintOf(byte[] message) {
    return ByteBuffer.wrap(message, 2, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  private static boolean sameFields(Schema a, Schema b) {
    return SchemaNormalization.toParsingForm(a).equals(SchemaNormalization.toParsingForm(b));
  }
}
