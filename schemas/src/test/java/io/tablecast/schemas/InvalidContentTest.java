package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.schemas.UndecodableEventException.Reason;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Well-formed Avro whose values break a domain rule is {@link Reason#INVALID_CONTENT}, never an
 * {@code IllegalArgumentException} from a domain record.
 */
class InvalidContentTest {

  private static final EventCodec CODEC = EventCodec.create();
  private static final Schema TRANSFERRED = CODEC.schemas().current("EmployeeTransferred").orElseThrow();

  @ParameterizedTest(name = "{0} = ''{1}''")
  @CsvSource({
    "fromDepartmentId, 1abc",
    "toDepartmentId, ''",
    "toDepartmentId, a/b",
    "employeeId, 123",
    "employeeId, 0000012a",
    "employeeId, 123456789",
  })
  void aBadIdInAWellFormedRecordIsInvalidContentNamingTheField(String field, String value) {
    GenericRecord record = validTransfer();
    record.put(field, value);

    UndecodableEventException thrown = UndecodableMessagesTest.decodeFailure(encode(record));

    assertThat(thrown.reason()).isEqualTo(Reason.INVALID_CONTENT);
    assertThat(thrown).hasMessageContaining("'" + field + "'").hasMessageContaining("EmployeeTransferred");
  }

  @ParameterizedTest(name = "envelope {0} = ''{1}''")
  @CsvSource({
    "eventId, not-a-uuid",
    "eventId, 1-2-3-4-5",
    "aggregateVersion, 0",
    "aggregateVersion, -7",
  })
  void aBadEnvelopeIsInvalidContentNamingTheField(String field, String value) {
    GenericRecord record = validTransfer();
    GenericRecord envelope = (GenericRecord) record.get("envelope");
    envelope.put(field, field.equals("aggregateVersion") ? (Object) Long.parseLong(value) : value);

    UndecodableEventException thrown = UndecodableMessagesTest.decodeFailure(encode(record));

    assertThat(thrown.reason()).isEqualTo(Reason.INVALID_CONTENT);
    assertThat(thrown).hasMessageContaining("'" + field + "'");
  }

  @Test
  void aControlCharacterInABadValueIsEscapedInTheMessage() {
    GenericRecord record = validTransfer();
    record.put("toDepartmentId", "Sales\nFAKE LOG LINE");

    UndecodableEventException thrown = UndecodableMessagesTest.decodeFailure(encode(record));

    assertThat(thrown).hasMessageNotContaining("\n").hasMessageContaining("Sales\\u000AFAKE");
  }

  @Test
  void theValidControlRecordDecodes() {
    assertThat(CODEC.decode(encode(validTransfer())).eventType()).isEqualTo("EmployeeTransferred");
  }

  private static GenericRecord validTransfer() {
    Schema envelopeSchema = TRANSFERRED.getField("envelope").schema();
    GenericRecord envelope = new GenericRecordBuilder(envelopeSchema)
        .set("eventId", "3f1c4a52-4b8e-4f0e-9d55-7a3b2a9c1e00")
        .set("commandId", "cmd-1")
        .set("aggregateId", "00000123")
        .set("aggregateVersion", 3L)
        .set("occurredAt", Instant.parse("2026-11-25T22:44:37.595Z").toEpochMilli())
        .build();
    return new GenericRecordBuilder(TRANSFERRED)
        .set("envelope", envelope)
        .set("employeeId", "00000123")
        .set("fromDepartmentId", "Sales")
        .set("toDepartmentId", "R-and-D")
        .build();
  }

  private static byte[] encode(GenericRecord record) {
    return CraftedMessages.encodeGeneric(TRANSFERRED, record);
  }
}
