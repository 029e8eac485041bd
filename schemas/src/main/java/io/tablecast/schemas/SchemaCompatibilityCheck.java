package io.tablecast.schemas;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.Incompatibility;
import org.apache.avro.SchemaCompatibility.SchemaIncompatibilityType;

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
    return checkAgainstReleased(schemas.current(), schemas.releasedFiles());
  }

  /**
   * The same check for any family of records: every current schema, by record name, against every
   * released version of the same record. A released record without a current schema is a problem:
   * its data could no longer be read.
   */
  public static List<String> checkAgainstReleased(Map<String, Schema> current, List<ReleasedSchema> released) {
    Objects.requireNonNull(current, "'current' cannot be null.");
    Objects.requireNonNull(released, "'released' cannot be null.");
    List<String> problems = new ArrayList<>();
    for (ReleasedSchema file : released) {
      Schema currentSchema = current.get(file.recordName());
      if (currentSchema == null) {
        problems.add(file.recordName() + ": released " + file.path() + " has no current schema");
      } else {
        problems.addAll(checkFull(currentSchema, file.schema(), "released " + file.path()));
      }
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
          "%s: %s cannot read data written with %s: %s at %s (%s%s)",
          reader.getName(),
          readerLabel,
          writerLabel,
          incompatibility.getType(),
          SchemaLocations.describe(reader, incompatibility.getLocation()),
          incompatibility.getMessage(),
          writerBranch(incompatibility)));
    }
    return problems;
  }

  /**
   * The name of the union branch that the reader cannot read, when it is a named type: Avro gives
   * the whole writer union and the branch's position (the last token of the location), and a record
   * changed inside a union is reported as a branch the reader lacks.
   */
  private static String writerBranch(Incompatibility incompatibility) {
    Schema union = incompatibility.getWriterFragment();
    if (incompatibility.getType() != SchemaIncompatibilityType.MISSING_UNION_BRANCH || union.getType() != Schema.Type.UNION) {
      return "";
    }
    String location = incompatibility.getLocation();
    try {
      Schema branch = union.getTypes().get(Integer.parseInt(location.substring(location.lastIndexOf('/') + 1)));
      boolean named = branch.getType() == Schema.Type.RECORD
          || branch.getType() == Schema.Type.ENUM
          || branch.getType() == Schema.Type.FIXED;
      return named ? "; the writer's branch is " + branch.getName() : "";
    } catch (NumberFormatException | IndexOutOfBoundsException e) {
      return "";
    }
  }
}
