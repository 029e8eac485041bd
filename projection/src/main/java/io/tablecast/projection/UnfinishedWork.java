package io.tablecast.projection;

import java.util.List;

/**
 * How a view set finds, from its tables alone, the cross-partition work that may be unfinished
 * after the store lost writes: a crash of a store that saves its tables and its queues apart
 * (Azurite does, every few seconds) can lose a queued item whose rows were written, or keep the
 * deletion of a message whose step's writes were lost. The engine queues the items found, once,
 * when it knows of such a loss. Items are triggers: one still queued, or being done, changes
 * nothing.
 */
@FunctionalInterface
public interface UnfinishedWork {

  /** Nothing is ever unfinished: the view set's steps, if any, leave their state nowhere else than in their queue. */
  UnfinishedWork NONE = tables -> new Found(List.of(), "no step keeps its state in the tables");

  Found find(TableScan tables);

  /**
   * @param items the work to queue again
   * @param account what the scan looked at and found, for the log ({@code 3 of 1,200 accounts not settled})
   */
  record Found(List<Work> items, String account) {
    public Found {
      items = List.copyOf(items);
    }
  }
}
