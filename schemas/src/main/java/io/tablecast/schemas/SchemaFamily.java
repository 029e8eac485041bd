package io.tablecast.schemas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.message.SchemaStore;

/**
 * One family of record schemas that a reader may meet, found by CRC-64-AVRO fingerprint: the
 * current schemas that the generated classes were built from and the frozen released versions.
 * The events are one family ({@link EventSchemas}), the command side's internal records another,
 * so that neither family's versions constrain the other's.
 *
 * <p>Immutable and thread-safe. {@link #findByFingerprint(long)} returns {@code null} for an
 * unknown fingerprint, as {@link SchemaStore} specifies.
 */
public final class SchemaFamily implements SchemaStore {

  private final Map<String, Schema> current;
  private final List<ReleasedSchema> released;
  private final Map<Long, Schema> byFingerprint;

  /**
   * @throws IllegalStateException if a released schema names a record without a current schema (a
   *     released record is never removed), or two different schemas share a fingerprint
   */
  public SchemaFamily(List<Schema> current, List<ReleasedSchema> released) {
    Map<String, Schema> byName = new LinkedHashMap<>();
    current.forEach(schema -> byName.put(schema.getName(), schema));
    this.current = Collections.unmodifiableMap(byName);
    this.released = List.copyOf(released);
    this.byFingerprint = indexByFingerprint(current, released);
    for (ReleasedSchema file : released) {
      if (!byName.containsKey(file.recordName())) {
        throw new IllegalStateException(
            "Released schema " + file.path() + " has no current schema: a released record is never removed");
      }
    }
  }

  /** The writer schema with this CRC-64-AVRO fingerprint, or {@code null} when none has it. */
  @Override
  public Schema findByFingerprint(long fingerprint) {
    return byFingerprint.get(fingerprint);
  }

  /** The current schema of every top-level record, by record name. */
  public Map<String, Schema> current() {
    return current;
  }

  /** The released files, oldest version first. */
  public List<ReleasedSchema> released() {
    return released;
  }

  /** Every released version of every record, by record name, oldest first; a record never released is absent. */
  public Map<String, List<Schema>> releasedVersions() {
    Map<String, List<Schema>> byName = new LinkedHashMap<>();
    for (ReleasedSchema file : released) {
      byName.computeIfAbsent(file.recordName(), name -> new ArrayList<>()).add(file.schema());
    }
    byName.replaceAll((name, versions) -> List.copyOf(versions));
    return Collections.unmodifiableMap(byName);
  }

  private static Map<Long, Schema> indexByFingerprint(List<Schema> current, List<ReleasedSchema> released) {
    Map<Long, Schema> index = new HashMap<>();
    current.forEach(schema -> add(index, schema));
    released.forEach(file -> add(index, file.schema()));
    return Map.copyOf(index);
  }

  private static void add(Map<Long, Schema> index, Schema schema) {
    long fingerprint = SchemaNormalization.parsingFingerprint64(schema);
    Schema known = index.putIfAbsent(fingerprint, schema);
    if (known != null && !SchemaNormalization.toParsingForm(known).equals(SchemaNormalization.toParsingForm(schema))) {
      throw new IllegalStateException(
          "Schemas " + known.getFullName() + " and " + schema.getFullName() + " share fingerprint " + fingerprint);
    }
  }
}
