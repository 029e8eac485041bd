package io.tablecast.views.adapter.out.tables;

/**
 * OData filters for the guide's range queries: always within one partition, so the service
 * answers from its index (SPEC §5; never a table scan).
 */
final class Filters {

  private Filters() {}

  static String partition(String partitionKey) {
    return "PartitionKey eq " + literal(partitionKey);
  }

  /** The rows of one partition whose RowKey starts with {@code prefix}: {@code ge prefix and lt} its successor. */
  static String rowKeyPrefix(String partitionKey, String prefix) {
    return partition(partitionKey) + " and RowKey ge " + literal(prefix) + " and RowKey lt " + literal(successor(prefix));
  }

  /** The smallest string greater than every string that starts with {@code prefix}. */
  static String successor(String prefix) {
    int end = prefix.length();
    while (end > 0 && prefix.charAt(end - 1) == Character.MAX_VALUE) {
      end--;
    }
    if (end == 0) {
      return String.valueOf(Character.MAX_VALUE).repeat(prefix.length() + 1);
    }
    return prefix.substring(0, end - 1) + (char) (prefix.charAt(end - 1) + 1);
  }

  /** A string literal: quoted, its quotes doubled. */
  static String literal(String value) {
    return "'" + value.replace("'", "''") + "'";
  }
}
