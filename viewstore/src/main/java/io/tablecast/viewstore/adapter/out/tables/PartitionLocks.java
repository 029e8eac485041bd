package io.tablecast.viewstore.adapter.out.tables;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The partitions that the turns of one process are writing: a turn takes those it will read and
 * write before it reads, and gives them back once it has written, so that the turns of one process
 * take turns in a partition instead of racing one another there (a race costs the loser its reads
 * and its fold again). Only turns of other processes can still race it. A turn takes its
 * partitions all at once, in one order, so that no two turns can each wait for the other; each partition
 * is held by one turn at a time, first come first served, and forgotten once nobody holds or waits
 * for it.
 */
final class PartitionLocks {

  private static final Logger log = LoggerFactory.getLogger(PartitionLocks.class);

  private static final Comparator<Partition> ORDER = Comparator.comparing((Partition p) -> p.table().baseName())
      .thenComparing(Partition::key);

  private final Map<Partition, Entry> entries = new HashMap<>();

  /** What a turn holds; given back once, however often {@link #release} is called. */
  interface Held {

    Held NONE = () -> {};

    void release();
  }

  /**
   * Waits for each of {@code partitions}, in the one order, and holds them until {@link
   * Held#release}; waits until {@code deadlineNanos} ({@link System#nanoTime}) at most: a turn that
   * has waited that long for a partition another turn holds gives back what it took and goes on
   * holding nothing ({@link Held#NONE}), to race as turns of other processes do. So a turn that
   * hangs holds up the others no longer than their patience, and none waits past its fence.
   */
  Held acquire(Collection<Partition> partitions, long deadlineNanos) {
    TreeSet<Partition> ordered = new TreeSet<>(ORDER);
    ordered.addAll(partitions);
    List<Entry> taken = new ArrayList<>(ordered.size());
    for (Partition partition : ordered) {
      Entry entry = join(partition);
      if (!take(entry, deadlineNanos)) {
        leave(entry);
        giveBack(taken);
        log.debug("A turn went on without {} partition '{}', which another turn of this process held past the wait's end",
            partition.table().baseName(), partition.key());
        return Held.NONE;
      }
      taken.add(entry);
    }
    return new Once(taken);
  }

  private static boolean take(Entry entry, long deadlineNanos) {
    try {
      return entry.lock.tryLock(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private synchronized Entry join(Partition partition) {
    Entry entry = entries.computeIfAbsent(partition, Entry::new);
    entry.users++;
    return entry;
  }

  private synchronized void leave(Entry entry) {
    if (--entry.users == 0) {
      entries.remove(entry.partition);
    }
  }

  private void giveBack(List<Entry> taken) {
    for (int i = taken.size() - 1; i >= 0; i--) {
      Entry entry = taken.get(i);
      entry.lock.unlock();
      leave(entry);
    }
  }

  /** How many partitions are held or waited for: none once every turn has given its back. */
  synchronized int size() {
    return entries.size();
  }

  private static final class Entry {

    private final Partition partition;
    private final ReentrantLock lock = new ReentrantLock(true);
    private int users;

    Entry(Partition partition) {
      this.partition = partition;
    }
  }

  private final class Once implements Held {

    private List<Entry> taken;

    Once(List<Entry> taken) {
      this.taken = taken;
    }

    @Override
    public void release() {
      if (taken != null) {
        giveBack(taken);
        taken = null;
      }
    }
  }
}
