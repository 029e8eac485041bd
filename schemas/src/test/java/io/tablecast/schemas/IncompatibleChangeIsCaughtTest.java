package io.tablecast.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** The compatibility check really catches the changes that would break old or new readers. */
class IncompatibleChangeIsCaughtTest {

  private static final EventSchemas SCHEMAS = EventSchemas.load();
  private static final Schema RELEASED_HIRED = SCHEMAS.releasedVersions().get("EmployeeHired").get(0);
  private static final Schema RELEASED_ARCHIVED = SCHEMAS.releasedVersions().get("EmployeeArchived").get(0);
  private static final Schema STRING = Schema.create(Schema.Type.STRING);

  @Test
  void addingAFieldWithoutADefaultIsReportedNamingTheField() {
    Schema changed = SchemaEdits.withField(RELEASED_HIRED, "middleName", STRING);

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_HIRED);

    assertThat(problems).singleElement().asString()
        .contains("EmployeeHired", "the current schema cannot read", "READER_FIELD_MISSING_DEFAULT_VALUE", "'middleName'");
  }

  @Test
  void addingAFieldWithADefaultIsCompatible() {
    Schema changed = SchemaEdits.withField(RELEASED_HIRED, "middleName", STRING, "");

    assertThat(SchemaCompatibilityCheck.checkFull(changed, RELEASED_HIRED)).isEmpty();
  }

  @Test
  void renamingAFieldIsReportedInBothDirections() {
    Schema changed = SchemaEdits.renamingField(RELEASED_HIRED, "lastName", "surname");

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_HIRED);

    assertThat(problems).hasSize(2);
    assertThat(problems).anySatisfy(p -> assertThat(p).contains("the current schema cannot read", "'surname'"));
    assertThat(problems).anySatisfy(p -> assertThat(p).contains("the released schema cannot read", "'lastName'"));
  }

  @Test
  void removingAFieldWithoutADefaultIsReportedBecauseOldReadersNeedIt() {
    Schema changed = SchemaEdits.withoutField(RELEASED_HIRED, "email");

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_HIRED);

    assertThat(problems).singleElement().asString()
        .contains("the released schema cannot read data written with the current schema", "'email'");
  }

  @Test
  void removingAFieldThatHasADefaultIsCompatible() {
    Schema changed = SchemaEdits.withoutField(RELEASED_ARCHIVED, "reason");

    assertThat(SchemaCompatibilityCheck.checkFull(changed, RELEASED_ARCHIVED)).isEmpty();
  }

  @Test
  void changingAFieldTypeFromIntToStringIsReportedNamingTheField() {
    Schema changed = SchemaEdits.retypingField(RELEASED_HIRED, "age", Schema.Type.STRING);

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_HIRED);

    assertThat(problems).hasSize(2).allSatisfy(p -> assertThat(p).contains("TYPE_MISMATCH", "'age'"));
  }

  @Test
  void wideningIntToLongIsOnlyBackwardCompatibleAndSoReported() {
    Schema changed = SchemaEdits.retypingField(RELEASED_HIRED, "age", Schema.Type.LONG);

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_HIRED);

    assertThat(problems).singleElement().asString().contains("the released schema cannot read", "'age'");
  }

  @Test
  void aChangeInTheNestedEnvelopeIsReportedWithItsPath() {
    Schema envelope = RELEASED_HIRED.getField("envelope").schema();
    Schema changedEnvelope = SchemaEdits.withField(envelope, "traceId", STRING);
    Schema changed = SchemaEdits.retypingField(RELEASED_HIRED, "envelope", changedEnvelope);

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_HIRED);

    assertThat(problems).singleElement().asString().contains("'envelope.traceId'");
  }

  @Test
  void aRecordChangedInsideAUnionIsReportedNamingTheRecord() {
    // Given a record whose field is a union of records, as a family of records might have
    Schema released = Schema.createRecord("Holder", null, "io.tablecast.test", false, List.of(
        new Schema.Field("payload", Schema.createUnion(Schema.create(Schema.Type.NULL), RELEASED_HIRED))));
    Schema changedHired = SchemaEdits.withoutField(RELEASED_HIRED, "email");
    Schema changed = SchemaEdits.retypingField(
        released, "payload", Schema.createUnion(Schema.create(Schema.Type.NULL), changedHired));

    // When the changed branch is checked
    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, released);

    // Then Avro reports a branch the old union lacks, and the report names it
    assertThat(problems).singleElement().asString()
        .contains("the released schema cannot read", "MISSING_UNION_BRANCH", "'payload'", "EmployeeHired");
  }

  @Test
  void everyReleasedVersionIsCheckedNotJustTheLatest() {
    // Given v1, and a v2 that added 'nickname' with a default
    Schema v1 = RELEASED_HIRED;
    Schema v2 = SchemaEdits.withField(v1, "nickname", STRING, "");
    // and a current schema that drops the default: fine against v2, which always writes it
    Schema current = SchemaEdits.withoutDefault(v2, "nickname");
    EventSchemas history = EventSchemas.of(
        List.of(current),
        List.of(new ReleasedSchema("v1/EmployeeHired.avsc", 1, v1), new ReleasedSchema("v2/EmployeeHired.avsc", 2, v2)));

    // When the whole history is checked
    List<String> problems = SchemaCompatibilityCheck.checkAgainstReleased(history);

    // Then the break with v1 is found
    assertThat(SchemaCompatibilityCheck.checkFull(current, v2)).isEmpty();
    assertThat(problems).singleElement().asString().contains("v1/EmployeeHired.avsc", "'nickname'");
  }
}
