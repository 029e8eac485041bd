package io.tablecast.schemas;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.Incompatibility;

/**
 * Proves that a schema change keeps old and new services talking (SPEC §2), with Avro's {@link
 * SchemaCompatibility}. FULL compatibility means both directions: the current schema can read data
 * written with a released one (backward: a new projector reads the old log), and the released one
 * can read data written with the current one (forward: an old projector reads new events).
 *
 * <p>The checks return human-readable incompatibilities, each naming the record, the direction,
 * the kind of problem and the field; an empty list means compatible. Stateless and thread-safe.
 */
public final class SchemaCompatibilityCheck {

  private SchemaCompatibilityCheck() {}

  /** The incompatibilities between a current schema and one released version, both ways. */
  public static List<String> checkFull(Schema current, Schema released) {
    Objects.requireNonNull(current, "'current' cannot be null.");
    Objects.requireNonNull(released, "'released' cannot be null.");
    return checkFull(current, released, "the released schema");
  }

  /**
   * The incompatibilities between every current event schema and every released version of the
   * same record (transitive, not just the latest). A current record without a released version
   * is new, and compatible by definition.
   */
  public static List<String> checkAgainstReleased(EventSchemas schemas) {
    Objects.requireNonNull(schemas, "'schemas' cannot be null.");
    List<String> problems = new ArrayList<>();
    for (ReleasedSchema released : schemas.releasedFiles()) {
      schemas.current(released.recordName()).ifPresentOrElse(
          current -> problems.addAll(checkFull(current, released.schema(), "released " + released.path())),
          () -> problems.add(released.recordName() + ": released " + released.path() + " has no current schema"));
    }
    return List.copyOf(problems);
  }

  private static List<String> checkFull(Schema current, Schema released, String releasedLabel) {
    List<String> problems = new ArrayList<>();
    problems.addAll(check(current, "the current schema", released, releasedLabel));
    problems.addAll(check(released, releasedLabel, current, "the current schema"));
    return problems;
  }

  private static List<String> check(Schema reader, String readerLabel, Schema writer, String writerLabel) {
    List<Incompatibility> incompatibilities =
        SchemaCompatibility.checkReaderWriterCompatibility(reader, writer).getResult().getIncompatibilities();
    List<String> problems = new ArrayList<>();
    for (Incompatibility incompatibility : incompatibilities) {
      problems.add(String.format(
          "%s: %s cannot read data written with %s: %s at %s (%s)",
          reader.getName(),
          readerLabel,
          writerLabel,
          incompatibility.getType(),
          SchemaLocations.describe(reader, incompatibility.getLocation()),
          incompatibility.getMessage()));
    }
    return problems;
  }
}
