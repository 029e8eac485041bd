package io.tablecast.common.tables;

import io.tablecast.common.config.Namespace;
import java.util.Arrays;
import java.util.List;

/**
 * One generation of the view set: the names of its tables ({@code EmployeesG<N>}) and queues
 * ({@code archive-employee-g<N>}), within a {@link Namespace}.
 *
 * <p>Nothing outside this record spells a generation suffix, so a rebuild (SPEC §6) only has to
 * pick another number.
 */
public record Generation(Namespace namespace, int number) {

  public Generation {
    if (namespace == null) {
      throw new IllegalArgumentException("'namespace' cannot be null.");
    }
    if (number < 1) {
      throw new IllegalArgumentException("'number' must be at least 1, was " + number);
    }
  }

  public String table(ViewTable table) {
    return namespace.table(table.baseName() + "G" + number);
  }

  public String queue(WorkQueue queue) {
    return namespace.queue(queue.baseName() + "-g" + number);
  }

  public String poisonQueue(WorkQueue queue) {
    return queue(queue) + "-poison";
  }

  /** The PartitionKey of this generation's rows in {@code ProjectorCheckpoints}. */
  public String checkpointPartition() {
    return "G" + number;
  }

  public List<String> tables() {
    return Arrays.stream(ViewTable.values()).map(this::table).toList();
  }

  public Generation next() {
    return new Generation(namespace, number + 1);
  }
}
