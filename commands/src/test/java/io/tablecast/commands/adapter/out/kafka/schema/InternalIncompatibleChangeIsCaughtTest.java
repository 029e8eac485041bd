package io.tablecast.commands.adapter.out.kafka.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.schemas.ReleasedSchema;
import io.tablecast.schemas.SchemaCompatibilityCheck;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/**
 * The gate really catches the changes to an internal schema that would break an instance of the
 * other version mid-deploy, or a store restored from an older changelog.
 */
class InternalIncompatibleChangeIsCaughtTest {

  private static final InternalSchemas SCHEMAS = InternalSchemas.load();
  private static final Schema RELEASED_ENVELOPE = released("CommandEnvelope");
  private static final Schema RELEASED_EMPLOYEE = released("EmployeeState");
  private static final Schema RELEASED_RESULT = released("CommandResult");
  private static final Schema STRING = Schema.create(Schema.Type.STRING);

  @Test
  void removingAFieldWithoutADefaultIsReportedBecauseOldReadersNeedIt() {
    Schema changed = SchemaEdits.withoutField(RELEASED_EMPLOYEE, "email");

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_EMPLOYEE);

    assertThat(problems).singleElement().asString()
        .contains("EmployeeState", "the released schema cannot read data written with the current schema", "'email'");
  }

  @Test
  void changingAFieldTypeIsReportedInBothDirections() {
    Schema changed = SchemaEdits.retypingField(RELEASED_EMPLOYEE, "age", Schema.Type.STRING);

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_EMPLOYEE);

    assertThat(problems).hasSize(2).allSatisfy(p -> assertThat(p).contains("TYPE_MISMATCH", "'age'"));
  }

  @Test
  void addingAFieldWithoutADefaultIsReportedNamingTheField() {
    Schema changed = SchemaEdits.withField(RELEASED_EMPLOYEE, "nickname", STRING);

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_EMPLOYEE);

    assertThat(problems).singleElement().asString()
        .contains("the current schema cannot read", "READER_FIELD_MISSING_DEFAULT_VALUE", "'nickname'");
  }

  @Test
  void addingAnOptionalFieldWithADefaultIsCompatible() {
    Schema optionalString = Schema.createUnion(Schema.create(Schema.Type.NULL), STRING);
    Schema changed = SchemaEdits.withField(RELEASED_EMPLOYEE, "nickname", optionalString, Schema.Field.NULL_DEFAULT_VALUE);

    assertThat(SchemaCompatibilityCheck.checkFull(changed, RELEASED_EMPLOYEE)).isEmpty();
  }

  @Test
  void removingAFieldFromACommandInsideTheEnvelopeIsReportedNamingTheCommand() {
    Schema changed = SchemaEdits.editingUnionBranch(
        RELEASED_ENVELOPE, "command", "HireEmployee", hire -> SchemaEdits.withoutField(hire, "email"));

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_ENVELOPE);

    // Avro sees the changed record as a branch the old union lacks.
    assertThat(problems).singleElement().asString()
        .contains("CommandEnvelope", "the released schema cannot read", "MISSING_UNION_BRANCH", "'command'", "HireEmployee");
  }

  @Test
  void addingACommandToTheUnionIsReportedBecauseOldInstancesCannotReadIt() {
    Schema promote = Schema.createRecord("PromoteEmployee", null, "io.tablecast.internal.avro", false,
        List.of(new Schema.Field("employeeId", STRING)));
    Schema changed = SchemaEdits.withUnionBranch(RELEASED_ENVELOPE, "command", promote);

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_ENVELOPE);

    assertThat(problems).singleElement().asString()
        .contains("the released schema cannot read", "MISSING_UNION_BRANCH", "'command'", "PromoteEmployee");
  }

  @Test
  void addingAnEnumSymbolIsReportedBecauseOldInstancesCannotReadIt() {
    Schema kind = RELEASED_RESULT.getField("kind").schema();
    Schema changed = SchemaEdits.retypingField(RELEASED_RESULT, "kind", SchemaEdits.withSymbol(kind, "POSTPONED"));

    List<String> problems = SchemaCompatibilityCheck.checkFull(changed, RELEASED_RESULT);

    assertThat(problems).singleElement().asString()
        .contains("the released schema cannot read", "MISSING_ENUM_SYMBOLS", "'kind'");
  }

  @Test
  void theGateOverTheReleasedFilesFailsOnABrokenCurrentSchema() {
    // Given today's schemas with one incompatible edit
    Map<String, Schema> current = new HashMap<>(SCHEMAS.current());
    current.put("EmployeeState", SchemaEdits.retypingField(current.get("EmployeeState"), "version", Schema.Type.INT));

    // When the gate runs over the real released files
    List<String> problems = SchemaCompatibilityCheck.checkAgainstReleased(current, SCHEMAS.released());

    // Then it names the record, the released file and the field
    assertThat(problems).isNotEmpty()
        .allSatisfy(p -> assertThat(p).contains("EmployeeState", "released v1/EmployeeState.avsc", "'version'"));
  }

  @Test
  void aReleasedRecordWithoutACurrentSchemaIsReported() {
    Map<String, Schema> current = new HashMap<>(SCHEMAS.current());
    current.remove("EmailClaim");

    List<String> problems = SchemaCompatibilityCheck.checkAgainstReleased(current, SCHEMAS.released());

    assertThat(problems).singleElement().asString().contains("EmailClaim", "has no current schema");
  }

  @Test
  void everyReleasedVersionIsCheckedNotJustTheLatest() {
    // Given v1, and a v2 that added 'nickname' with a default
    Schema v1 = RELEASED_EMPLOYEE;
    Schema v2 = SchemaEdits.withField(v1, "nickname", STRING, "");
    // and a current schema that drops the default: fine against v2, which always writes it
    Schema current = SchemaEdits.withoutDefault(v2, "nickname");
    List<ReleasedSchema> history =
        List.of(new ReleasedSchema("v1/EmployeeState.avsc", 1, v1), new ReleasedSchema("v2/EmployeeState.avsc", 2, v2));

    // When the whole history is checked
    List<String> problems = SchemaCompatibilityCheck.checkAgainstReleased(Map.of("EmployeeState", current), history);

    // Then the break with v1 is found
    assertThat(SchemaCompatibilityCheck.checkFull(current, v2)).isEmpty();
    assertThat(problems).singleElement().asString().contains("v1/EmployeeState.avsc", "'nickname'");
  }

  private static Schema released(String recordName) {
    return SCHEMAS.releasedVersions().get(recordName).get(0);
  }
}
