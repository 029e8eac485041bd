package io.tablecast.hr.tables.rows;

import io.tablecast.hr.tables.EmployeesLayout;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads and writes the typed values of a property map, as the rows' codecs share them. */
final class Values {

  private Values() {}

  static String string(Map<String, Object> properties, String name) {
    return (String) properties.get(name);
  }

  /** An {@code Edm.Int32}, from whatever number the source holds. */
  static Integer int32(Map<String, Object> properties, String name) {
    return properties.get(name) instanceof Number n ? n.intValue() : null;
  }

  /** An {@code Edm.Int64}, from whatever number the source holds. */
  static Long int64(Map<String, Object> properties, String name) {
    return properties.get(name) instanceof Number n ? n.longValue() : null;
  }

  /** An {@code Edm.DateTime}: an Instant from a fold, an OffsetDateTime from the SDK. */
  static Instant instant(Map<String, Object> properties, String name) {
    Object value = properties.get(name);
    return value instanceof OffsetDateTime t ? t.toInstant() : (Instant) value;
  }

  /** Collects the properties of one row, in order, leaving null values out. */
  static final class Writer {

    private final Map<String, Object> properties = new LinkedHashMap<>();

    Writer(String entityType) {
      properties.put(EmployeesLayout.ENTITY_TYPE, entityType);
    }

    Writer put(String name, Object value) {
      if (value != null) {
        properties.put(name, value);
      }
      return this;
    }

    Map<String, Object> done() {
      return Collections.unmodifiableMap(properties);
    }
  }
}
