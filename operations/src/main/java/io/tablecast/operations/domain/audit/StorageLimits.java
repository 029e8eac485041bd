package io.tablecast.operations.domain.audit;

import io.tablecast.projection.RowChange;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The limits on one entity that Azure Table Storage enforces and refuses a write over (SPEC §8):
 * keys of at most 1 KiB, a string or binary property of at most 64 KiB (a string counts two bytes
 * per UTF-16 unit), at most 252 properties of one's own, and at most 1 MiB in all. A row over them can never be
 * written: the live projector dead-letters (or pauses at) the event that would write it, and the
 * fold does the same. Pure.
 */
public final class StorageLimits {

  static final int MAX_PROPERTY_BYTES = 64 * 1024;
  static final int MAX_PROPERTIES = 252;
  static final int MAX_ENTITY_BYTES = 1024 * 1024;
  static final int MAX_KEY_BYTES = 1024;

  private StorageLimits() {}

  /** Why the store would refuse the row; empty when it fits. */
  public static Optional<String> violation(RowChange.Put row) {
    if (2L * row.ref().partitionKey().length() > MAX_KEY_BYTES || 2L * row.ref().rowKey().length() > MAX_KEY_BYTES) {
      return Optional.of("a key of " + row.ref().table().baseName() + " is over the limit of 1 KiB");
    }
    return violation(row.properties());
  }

  /** Why the store would refuse a row with these properties; empty when they fit. */
  public static Optional<String> violation(Map<String, Object> properties) {
    if (properties.size() > MAX_PROPERTIES) {
      return Optional.of(properties.size() + " properties, over the limit of " + MAX_PROPERTIES);
    }
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      long bytes = size(property.getValue());
      if (bytes > MAX_PROPERTY_BYTES) {
        return Optional.of("property " + property.getKey() + " is " + bytes + " bytes, over the limit of 64 KiB");
      }
    }
    long total = bytes(properties);
    return total > MAX_ENTITY_BYTES ? Optional.of("the entity is " + total + " bytes, over the limit of 1 MiB") : Optional.empty();
  }

  /** The row's size as the store counts it, near enough: its keys, and its properties' names and values. */
  public static long bytes(RowChange.Put row) {
    return 2L * (row.ref().partitionKey().length() + row.ref().rowKey().length()) + bytes(row.properties());
  }

  private static long bytes(Map<String, Object> properties) {
    long total = 0;
    for (Map.Entry<String, Object> property : properties.entrySet()) {
      total += size(property.getValue()) + 2L * property.getKey().length();
    }
    return total;
  }

  private static long size(Object value) {
    if (value instanceof String s) {
      return 2L * s.length();
    }
    if (value instanceof byte[] bytes) {
      return bytes.length;
    }
    return value == null ? 0 : value.toString().getBytes(StandardCharsets.UTF_8).length;
  }
}
