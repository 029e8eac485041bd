package io.tablecast.testkit;

import java.time.OffsetDateTime;

/**
 * Property values of table entities as tests compare them: every whole number as a {@code long}
 * (the service reads back {@code Edm.Int32} and {@code Edm.Int64} alike), every time as an
 * {@code Instant}.
 */
public final class TableValues {

  private TableValues() {}

  public static Object normalized(Object value) {
    if (value instanceof OffsetDateTime t) {
      return t.toInstant();
    }
    if (value instanceof Integer || value instanceof Short) {
      return ((Number) value).longValue();
    }
    return value;
  }
}
