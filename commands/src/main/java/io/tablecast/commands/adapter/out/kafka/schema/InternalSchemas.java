package io.tablecast.commands.adapter.out.kafka.schema;

import io.tablecast.internal.avro.CommandEnvelope;
import io.tablecast.internal.avro.CommandResult;
import io.tablecast.internal.avro.DepartmentState;
import io.tablecast.internal.avro.EmailClaim;
import io.tablecast.internal.avro.EmployeeFacts;
import io.tablecast.internal.avro.EmployeeState;
import io.tablecast.internal.avro.IdempotencyRecord;
import io.tablecast.schemas.ReleasedSchema;
import io.tablecast.schemas.ReleasedSchemaFiles;
import io.tablecast.schemas.SchemaFamily;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.message.SchemaStore;

/**
 * Every schema of the command side's internal records that a reader may meet, found by
 * CRC-64-AVRO fingerprint: the frozen released versions ({@value #RELEASED_ROOT}{@code
 * v<N>/<Record>.avsc} on the classpath, listed by its {@code index.txt}) and the current schemas
 * that the generated classes of {@code io.tablecast.internal.avro} were built from. It is to the
 * internal records what {@code EventSchemas} is to the events, kept apart so that neither family's
 * versions constrain the other's.
 *
 * <p>The top-level records are the values of {@code tablecast.commands} ({@code CommandEnvelope})
 * and {@code tablecast.command-results} ({@code CommandResult}), of the processor's state stores
 * and of the employee replica. Immutable and thread-safe once loaded; {@link
 * #findByFingerprint(long)} returns {@code null} for an unknown fingerprint, as {@link SchemaStore}
 * specifies.
 */
final class InternalSchemas implements SchemaStore {

  /** The classpath folder of the released internal schemas (the events' folder is {@code released/}). */
  static final String RELEASED_ROOT = "internal-released/";

  private final SchemaFamily family;

  private InternalSchemas(List<Schema> current, List<ReleasedSchema> released) {
    this.family = new SchemaFamily(current, released);
  }

  /**
   * The released schemas that {@value #RELEASED_ROOT}{@code index.txt} lists, plus the current
   * ones.
   *
   * @throws IllegalStateException if a released file is missing, unparseable, misnamed, or names a
   *     record without a current schema: all packaging defects
   */
  static InternalSchemas load() {
    return of(currentSchemas(), ReleasedSchemaFiles.load(InternalSchemas.class.getClassLoader(), RELEASED_ROOT));
  }

  /** The given schemas: for tests of other histories. */
  static InternalSchemas of(List<Schema> current, List<ReleasedSchema> released) {
    return new InternalSchemas(current, released);
  }

  @Override
  public Schema findByFingerprint(long fingerprint) {
    return family.findByFingerprint(fingerprint);
  }

  /** The current schema of every top-level internal record, by record name. */
  Map<String, Schema> current() {
    return family.current();
  }

  /** The released files, oldest version first. */
  List<ReleasedSchema> released() {
    return family.released();
  }

  /** Every released version of every record, by record name, oldest first. */
  Map<String, List<Schema>> releasedVersions() {
    return family.releasedVersions();
  }

  private static List<Schema> currentSchemas() {
    return List.of(
        CommandEnvelope.getClassSchema(),
        CommandResult.getClassSchema(),
        DepartmentState.getClassSchema(),
        EmployeeState.getClassSchema(),
        EmailClaim.getClassSchema(),
        IdempotencyRecord.getClassSchema(),
        EmployeeFacts.getClassSchema());
  }
}
