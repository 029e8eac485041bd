package io.tablecast.projection;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A set of views that is built, rebuilt and flipped as one (SPEC §6, §9): its generation-suffixed
 * tables and work queues, its own {@code ViewCatalog} row ({@code catalog}/{@code <name>}), and its
 * own checkpoints in {@code ProjectorCheckpoints} ({@code <name>.G<N>}).
 *
 * <p>The engine names tables and queues only through a view set: it creates, drops, audits and
 * reports what the view set declares, whichever views those are.
 *
 * @param checkpointPrefix what precedes {@code G<N>} in the PartitionKey of its checkpoints
 */
public record ViewSet(String name, List<Table> tables, List<Queue> queues, String checkpointPrefix) {

  /** A generation-suffixed table: {@code <baseName>G<N>}. */
  public interface Table {
    String baseName();
  }

  /** A generation-suffixed work queue, with its poison queue: {@code <baseName>-g<N>}. */
  public interface Queue {
    String baseName();
  }

  /** A table known by its name alone: {@code ViewSet.table("Customers")}. */
  public record NamedTable(String baseName) implements Table {}

  /** A queue known by its name alone: {@code ViewSet.queue("orders-by-status")}. */
  public record NamedQueue(String baseName) implements Queue {}

  public static Table table(String baseName) {
    return new NamedTable(baseName);
  }

  public static Queue queue(String baseName) {
    return new NamedQueue(baseName);
  }

  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]{0,31}");

  public ViewSet {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("A view set's name is 1-32 lower-case letters and digits starting with a letter, was '" + name + "'.");
    }
    if (tables == null || tables.isEmpty()) {
      throw new IllegalArgumentException("View set '" + name + "' declares no table.");
    }
    tables = List.copyOf(tables);
    queues = queues == null ? List.of() : List.copyOf(queues);
    distinct(name, "table", tables.stream().map(Table::baseName).toList());
    distinct(name, "queue", queues.stream().map(Queue::baseName).toList());
    if (checkpointPrefix == null) {
      throw new IllegalArgumentException("'checkpointPrefix' cannot be null.");
    }
  }

  /** A view set whose checkpoints are kept under {@code <name>.G<N>}. */
  public static ViewSet of(String name, List<? extends Table> tables, List<? extends Queue> queues) {
    return new ViewSet(name, List.copyOf(tables), List.copyOf(queues), name + ".");
  }

  /** The checkpoints' PartitionKey of generation {@code number} of a view set made by {@link #of}, known by its name alone. */
  public static String checkpointPartition(String name, int number) {
    return name + ".G" + number;
  }

  /** The same view set with its checkpoints under {@code G<N>}, as the first view set's were before there were others. */
  public ViewSet withUnprefixedCheckpoints() {
    return new ViewSet(name, tables, queues, "");
  }

  private static void distinct(String viewSet, String what, List<String> names) {
    if (names.stream().distinct().count() != names.size()) {
      throw new IllegalArgumentException("View set '" + viewSet + "' declares a " + what + " twice: " + names);
    }
  }
}
