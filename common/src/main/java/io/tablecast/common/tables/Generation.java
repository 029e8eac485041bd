package io.tablecast.common.tables;

import io.tablecast.common.config.Namespace;
import io.tablecast.projection.ViewSet;
import java.util.List;
import java.util.stream.Stream;

/**
 * One generation of a view set: the names of its tables ({@code CustomersG<N>}) and queues
 * ({@code orders-by-status-g<N>}), within a {@link Namespace}, and the PartitionKey of its
 * checkpoints.
 *
 * <p>Nothing outside this record spells a generation suffix, so a rebuild (SPEC §6) only has to
 * pick another number.
 */
public record Generation(ViewSet viewSet, Namespace namespace, int number) {

  public Generation {
    if (viewSet == null) {
      throw new IllegalArgumentException("'viewSet' cannot be null.");
    }
    if (namespace == null) {
      throw new IllegalArgumentException("'namespace' cannot be null.");
    }
    if (number < 1) {
      throw new IllegalArgumentException("'number' must be at least 1, was " + number);
    }
  }

  public String table(ViewSet.Table table) {
    return namespace.table(table.baseName() + "G" + number);
  }

  public String queue(ViewSet.Queue queue) {
    return namespace.queue(queue.baseName() + "-g" + number);
  }

  public String poisonQueue(ViewSet.Queue queue) {
    return queue(queue) + "-poison";
  }

  /** The PartitionKey of this generation's rows in {@code ProjectorCheckpoints}: {@code G<N>}, or {@code <view-set>.G<N>}. */
  public String checkpointPartition() {
    return viewSet.checkpointPrefix() + "G" + number;
  }

  /** The names of the view set's tables in this generation. */
  public List<String> tables() {
    return viewSet.tables().stream().map(this::table).toList();
  }

  /** The names of the view set's work queues in this generation, each followed by its poison queue. */
  public List<String> queues() {
    return viewSet.queues().stream().flatMap(q -> Stream.of(queue(q), poisonQueue(q))).toList();
  }

  public Generation next() {
    return new Generation(viewSet, namespace, number + 1);
  }
}
