package io.tablecast.schemas;

import io.tablecast.events.avro.DepartmentCreated;
import io.tablecast.events.avro.DepartmentManagerAssigned;
import io.tablecast.events.avro.EmployeeArchived;
import io.tablecast.events.avro.EmployeeDetailsChanged;
import io.tablecast.events.avro.EmployeeHired;
import io.tablecast.events.avro.EmployeeTransferred;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.message.SchemaStore;

/**
 * Every event schema a reader may meet, found by CRC-64-AVRO fingerprint: the frozen released
 * versions ({@code released/v<N>/<Record>.avsc} on the classpath) and the current schemas that
 * the generated classes were built from. This is Tablecast's schema registry (SPEC §2); there is no
 * registry server.
 *
 * <p>Immutable and thread-safe once {@link #load() loaded}. {@link #findByFingerprint(long)}
 * returns {@code null} for an unknown fingerprint, as {@link SchemaStore} specifies.
 */
public final class EventSchemas implements SchemaStore {

  private final SchemaFamily family;

  private EventSchemas(List<Schema> current, List<ReleasedSchema> released) {
    this.family = new SchemaFamily(current, released);
  }

  /**
   * Loads the released schemas listed in {@code released/index.txt} on the classpath, plus the
   * current ones.
   *
   * @throws IllegalStateException if a released file is missing, unparseable, misnamed, or names a
   *     record that no longer has a current schema: all packaging defects
   */
  public static EventSchemas load() {
    return new EventSchemas(currentSchemas(), ReleasedSchemaFiles.load(EventSchemas.class.getClassLoader()));
  }

  /** Today's current schemas with the given released ones: for tests of other histories. */
  static EventSchemas of(List<ReleasedSchema> released) {
    return of(currentSchemas(), released);
  }

  static EventSchemas of(List<Schema> current, List<ReleasedSchema> released) {
    return new EventSchemas(current, released);
  }

  /** The writer schema with this CRC-64-AVRO fingerprint, or {@code null} when none has it. */
  @Override
  public Schema findByFingerprint(long fingerprint) {
    return family.findByFingerprint(fingerprint);
  }

  /** The current schema of every event record, by record name (such as {@code EmployeeHired}). */
  public Map<String, Schema> current() {
    return family.current();
  }

  /** The current schema of the named event record, if there is one. */
  public Optional<Schema> current(String recordName) {
    return Optional.ofNullable(family.current().get(recordName));
  }

  /**
   * Every released version of every event record, by record name, oldest first. A record that was
   * never released (a new one) is absent.
   */
  public Map<String, List<Schema>> releasedVersions() {
    return family.releasedVersions();
  }

  /** The released files, oldest version first. */
  List<ReleasedSchema> releasedFiles() {
    return family.released();
  }

  private static List<Schema> currentSchemas() {
    return List.of(
        DepartmentCreated.getClassSchema(),
        DepartmentManagerAssigned.getClassSchema(),
        EmployeeHired.getClassSchema(),
        EmployeeDetailsChanged.getClassSchema(),
        EmployeeTransferred.getClassSchema(),
        EmployeeArchived.getClassSchema());
  }
}
