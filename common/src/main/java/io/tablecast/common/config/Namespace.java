package io.tablecast.common.config;

import java.util.regex.Pattern;

/**
 * An optional prefix that isolates one Tablecast pipeline from another on shared Kafka and Azure
 * Storage: every topic, consumer group, table and queue name goes through it.
 *
 * <p>Production uses {@link #NONE}, so names are exactly those of the SPEC ({@code
 * tablecast.commands}) and of the view sets' declarations ({@code CustomersG1}, {@code orders-by-status-g1}). Tests give each test
 * its own prefix, which keeps them independent on one shared broker and one Azurite.
 *
 * <p>A prefix is 1–16 lower-case letters or digits, starting with a letter, so that it is legal
 * in all three naming schemes (Azure table names are alphanumeric only).
 */
public record Namespace(String prefix) {

  public static final Namespace NONE = new Namespace("");

  private static final Pattern FORMAT = Pattern.compile("[a-z][a-z0-9]{0,15}");

  public Namespace {
    if (prefix == null || !(prefix.isEmpty() || FORMAT.matcher(prefix).matches())) {
      throw new IllegalArgumentException(
          "'prefix' must be empty or 1-16 lower-case letters and digits starting with a letter, was '"
              + prefix + "'.");
    }
  }

  /** {@code tablecast.commands} → {@code <prefix>.tablecast.commands}. */
  public String topic(String name) {
    return prefix.isEmpty() ? name : prefix + "." + name;
  }

  /** Consumer groups and Kafka Streams application ids follow the topic scheme. */
  public String group(String name) {
    return topic(name);
  }

  /** {@code CustomersG1} → {@code <prefix>CustomersG1}. */
  public String table(String name) {
    return prefix + name;
  }

  /** {@code orders-by-status-g1} → {@code <prefix>-orders-by-status-g1}. */
  public String queue(String name) {
    return prefix.isEmpty() ? name : prefix + "-" + name;
  }

  @Override
  public String toString() {
    return prefix.isEmpty() ? "(none)" : prefix;
  }
}
