package io.tablecast.commands.adapter.out.kafka.schema;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.commands.testdata.SampleInternalRecords;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.message.BinaryMessageEncoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.junit.jupiter.api.Test;

/**
 * Bytes that are not a record of the expected kind fail with a {@link SerializationException}
 * that says why, never with Avro's own exceptions or an allocation as large as a garbage length.
 */
class UndecodableInternalRecordsTest {

  private static final Deserializer<?> ENVELOPES = InternalSerdes.commandEnvelopes().deserializer();
  private static final Deserializer<?> STATES = InternalSerdes.employeeStates().deserializer();

  @Test
  void aValueWrittenAsJsonIsNotASingleObjectMessage() {
    byte[] json = "{\"commandId\":\"c-1\",\"issuedAt\":\"2026-11-25T22:44:37.595Z\"}".getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> ENVELOPES.deserialize("t", json))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("Cannot decode CommandEnvelope")
        .hasMessageContaining("not the single-object marker");
  }

  @Test
  void anUnknownFingerprintIsReportedAsSuch() {
    byte[] message = employeeStateMessage();
    message[5] ^= 0x5A;

    assertThatThrownBy(() -> STATES.deserialize("t", message))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("no released or current schema has the fingerprint");
  }

  @Test
  void anotherRecordIsNotReadAsThisOne() {
    byte[] result = InternalSerdes.commandResults().serializer().serialize("t", SampleInternalRecords.results().get(0));

    assertThatThrownBy(() -> ENVELOPES.deserialize("t", result))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("it was written as another record, io.tablecast.internal.avro.CommandResult");
  }

  @Test
  void aTruncatedBodyIsMalformed() {
    byte[] message = employeeStateMessage();
    byte[] truncated = Arrays.copyOf(message, message.length - 3);

    assertThatThrownBy(() -> STATES.deserialize("t", truncated))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("MALFORMED_BODY");
  }

  @Test
  void aGarbageLengthDoesNotAllocateIt() {
    // Given a header, then a string length prefix of about 1 GB (zig-zag varint) and nothing else
    byte[] header = Arrays.copyOf(employeeStateMessage(), 10);
    byte[] message = Arrays.copyOf(header, 15);
    byte[] length = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08};
    System.arraycopy(length, 0, message, 10, length.length);

    assertThatThrownBy(() -> STATES.deserialize("t", message))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("MALFORMED_BODY");
  }

  @Test
  void anEmployeeIdThatIsNotCanonicalBreaksADomainRule() {
    io.tablecast.internal.avro.EmployeeState state = io.tablecast.internal.avro.EmployeeState.newBuilder()
        .setEmployeeId("42")
        .setVersion(1)
        .setDepartmentId("Sales")
        .setFirstName("Zoë")
        .setLastName("O'Brien")
        .setEmail("zoe@example.com")
        .setAge(41)
        .setArchived(false)
        .build();

    assertThatThrownBy(() -> STATES.deserialize("t", encode(state)))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("breaks a domain rule")
        .hasMessageContaining("'employeeId'");
  }

  @Test
  void anEnvelopeWithoutStepsBreaksADomainRule() {
    io.tablecast.internal.avro.CommandEnvelope envelope = io.tablecast.internal.avro.CommandEnvelope.newBuilder()
        .setCommandId("c-1")
        .setIssuedAt(Instant.EPOCH)
        .setRoute(List.of())
        .setCommand(io.tablecast.internal.avro.CreateDepartment.newBuilder().setDepartmentId("Sales").setName("Sales").build())
        .setClaimedEmail(false)
        .build();

    assertThatThrownBy(() -> ENVELOPES.deserialize("t", encode(envelope)))
        .isInstanceOf(SerializationException.class)
        .hasMessageContaining("breaks a domain rule")
        .hasMessageContaining("'route'");
  }

  private static byte[] employeeStateMessage() {
    return InternalSerdes.employeeStates().serializer().serialize("t", SampleInternalRecords.employeeState());
  }

  private static byte[] encode(SpecificRecord record) throws Exception {
    Schema schema = record.getSchema();
    ByteBuffer buffer = new BinaryMessageEncoder<SpecificRecord>(SpecificData.getForSchema(schema), schema).encode(record);
    byte[] message = new byte[buffer.remaining()];
    buffer.get(message);
    return message;
  }
}
