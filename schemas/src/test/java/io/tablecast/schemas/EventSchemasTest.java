package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.junit.jupiter.api.Test;

class EventSchemasTest {

  private static final EventSchemas SCHEMAS = EventSchemas.load();

  @Test
  void holdsTheCurrentSchemaOfEachOfTheSixEvents() {
    assertThat(SCHEMAS.current()).containsOnlyKeys(
        "DepartmentCreated",
        "DepartmentManagerAssigned",
        "EmployeeHired",
        "EmployeeDetailsChanged",
        "EmployeeTransferred",
        "EmployeeArchived");
    assertThat(SCHEMAS.current().values())
        .allSatisfy(schema -> assertThat(schema.getNamespace()).isEqualTo("io.tablecast.events.avro"));
  }

  @Test
  void findsEveryCurrentAndReleasedSchemaByItsFingerprint() {
    SCHEMAS.current().values().forEach(this::assertFoundByFingerprint);
    SCHEMAS.releasedVersions().values().stream().flatMap(List::stream).forEach(this::assertFoundByFingerprint);
  }

  @Test
  void anUnknownFingerprintFindsNothing() {
    assertThat(SCHEMAS.findByFingerprint(0x0123456789ABCDEFL)).isNull();
  }

  @Test
  void releasedFilesAreSelfContainedWithTheEnvelopeInlined() {
    List<String> v1 = List.of("eventId", "commandId", "aggregateId", "aggregateVersion", "occurredAt");
    List<String> v2 = List.of("eventId", "commandId", "aggregateId", "aggregateVersion", "occurredAt", "actor");
    SCHEMAS.releasedFiles().forEach(file -> assertThat(file.schema().getField("envelope").schema().getFields())
        .as(file.path())
        .extracting(Schema.Field::name)
        .containsExactlyElementsOf(file.version() == 1 ? v1 : v2));
  }

  @Test
  void everyRecordAndFieldIsDocumented() {
    for (Schema schema : SCHEMAS.current().values()) {
      assertThat(schema.getDoc()).as(schema.getName()).isNotBlank();
      assertDocumentedFields(schema);
    }
  }

  private void assertDocumentedFields(Schema record) {
    for (Schema.Field field : record.getFields()) {
      assertThat(field.doc()).as(record.getName() + "." + field.name()).isNotBlank();
      if (field.schema().getType() == Schema.Type.RECORD) {
        assertThat(field.schema().getDoc()).as(field.schema().getName()).isNotBlank();
        assertDocumentedFields(field.schema());
      }
    }
  }

  private void assertFoundByFingerprint(Schema schema) {
    Schema found = SCHEMAS.findByFingerprint(SchemaNormalization.parsingFingerprint64(schema));
    assertThat(found).isNotNull();
    assertThat(SchemaNormalization.toParsingForm(found)).isEqualTo(SchemaNormalization.toParsingForm(schema));
  }
}
