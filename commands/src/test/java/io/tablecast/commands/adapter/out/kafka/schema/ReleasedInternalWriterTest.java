package io.tablecast.commands.adapter.out.kafka.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.commands.adapter.out.kafka.CommandResult;
import io.tablecast.commands.testdata.SampleInternalRecords;
import io.tablecast.schemas.ReleasedSchema;
import io.tablecast.testkit.ReleasedSchemaEncoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

/**
 * Records written with any released schema decode through today's serdes: the reader resolves
 * the writer schema by fingerprint and reads it into the current schema. This is what a rolling
 * deploy needs on the topics, and what a state store restored from its changelog needs.
 */
class ReleasedInternalWriterTest {

  private static final InternalSchemas SCHEMAS = InternalSchemas.load();

  @Test
  void everyReleasedVersionOfEveryInternalRecordIsReadable() {
    Map<String, List<Object>> samples = SampleInternalRecords.byRecordName();
    List<String> checked = new ArrayList<>();

    for (ReleasedSchema released : SCHEMAS.released()) {
      Serde<Object> serde = serdeOf(released.recordName());
      for (Object sample : samples.get(released.recordName())) {
        // Given the sample as a writer of that version would have written it, with Avro's generic API
        byte[] message = writtenWith(released.schema(), serde.serializer().serialize("t", sample));
        assertThat(fingerprintOf(message)).isEqualTo(SchemaNormalization.parsingFingerprint64(released.schema()));

        // When today's serde decodes it
        Object decoded = serde.deserializer().deserialize("t", message);

        // Then it is the same record, as far as that version could carry it
        assertThat(decoded).hasSameClassAs(sample);
        if (sameFields(released.schema(), SCHEMAS.current().get(released.recordName()))) {
          assertThat(decoded).isEqualTo(sample);
        }
      }
      checked.add(released.recordName());
    }

    assertThat(checked).as("released records checked").containsAll(samples.keySet());
  }

  @Test
  void anOlderWriterWithoutAnOptionalFieldDecodesWithItsDefault() {
    // Given a store that also knows a hypothetical earlier CommandResult without 'completion'
    Schema current = SCHEMAS.current().get("CommandResult");
    Schema withoutCompletion = SchemaEdits.withoutField(current, "completion");
    InternalSchemas history = InternalSchemas.of(
        List.copyOf(SCHEMAS.current().values()), List.of(new ReleasedSchema("v0/CommandResult.avsc", 0, withoutCompletion)));
    InternalCodec<CommandResult, io.tablecast.internal.avro.CommandResult> codec = new InternalCodec<>(
        history, current, CommandResultMapping::toAvro, CommandResultMapping::fromAvro);
    CommandResult duplicate = SampleInternalRecords.results().get(3);

    // When a result written with it is decoded
    CommandResult decoded = codec.decode(writtenWith(withoutCompletion, codec.encode(duplicate)));

    // Then the missing field takes its default: the original command has not ended
    assertThat(decoded.completion()).isEmpty();
    assertThat(decoded).isEqualTo(new CommandResult(duplicate.commandId(), duplicate.kind(), duplicate.aggregateKind(),
        duplicate.aggregateId(), duplicate.version(), duplicate.rejection(), duplicate.originalCommandId(),
        duplicate.originalIssuedAt(), Optional.empty()));
  }

  /** A message written today, read back through Avro's resolution as {@code older} and written with it. */
  private static byte[] writtenWith(Schema older, byte[] current) {
    return ReleasedSchemaEncoder.rewrittenWith(SCHEMAS.findByFingerprint(fingerprintOf(current)), older, current);
  }

  @SuppressWarnings("unchecked")
  private static Serde<Object> serdeOf(String recordName) {
    Serde<?> serde = switch (recordName) {
      case "CommandEnvelope" -> InternalSerdes.commandEnvelopes();
      case "CommandResult" -> InternalSerdes.commandResults();
      case "DepartmentState" -> InternalSerdes.departmentStates();
      case "EmployeeState" -> InternalSerdes.employeeStates();
      case "EmailClaim" -> InternalSerdes.emailClaims();
      case "IdempotencyRecord" -> InternalSerdes.idempotencyRecords();
      case "EmployeeFacts" -> InternalSerdes.employeeFacts();
      default -> throw new AssertionError("No serde for released record " + recordName);
    };
    return (Serde<Object>) serde;
  }

  private static long fingerprintOf(byte[] message) {
    return ReleasedSchemaEncoder.fingerprint(message);
  }

  private static boolean sameFields(Schema a, Schema b) {
    return SchemaNormalization.toParsingForm(a).equals(SchemaNormalization.toParsingForm(b));
  }
}
