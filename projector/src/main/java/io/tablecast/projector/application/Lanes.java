package io.tablecast.projector.application;

import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiConsumer;

/**
 * Independent lanes of work, one per key: within a lane, one turn at a time, in the order the
 * items were submitted; lanes of different keys run side by side on a pool. A turn takes every
 * item that arrived while the lane's previous turn ran (up to {@code maxPerTurn}), so at low load
 * an item is applied at once, and under load turns grow only as far as the work needs.
 *
 * <p>A failed turn fails its items, and every item of its lane after them, without running
 * them, until {@link #reset}: nothing of a lane is ever applied after something before it failed.
 * Thread-safe.
 *
 * @param <K> the lane's key
 * @param <T> an item of work
 */
public final class Lanes<K, T> {

  private final Executor pool;
  private final int maxPerTurn;
  private final BiConsumer<K, List<T>> turn;
  private final Map<K, Lane> lanes = new HashMap<>();
  private final Map<K, Throwable> failed = new HashMap<>();

  /** @param turn applies the items of one turn of a lane, in order; runs on the pool */
  public Lanes(Executor pool, int maxPerTurn, BiConsumer<K, List<T>> turn) {
    this.pool = pool;
    this.maxPerTurn = maxPerTurn;
    this.turn = turn;
  }

  /** Queues an item on its lane; the future completes when its turn has run. */
  public CompletableFuture<Void> submit(K key, T item) {
    Pending<T> pending = new Pending<>(item, new CompletableFuture<>());
    Lane lane;
    boolean start;
    synchronized (this) {
      Throwable failure = failed.get(key);
      if (failure != null) {
        pending.done().completeExceptionally(failure);
        return pending.done();
      }
      lane = lanes.computeIfAbsent(key, Lane::new);
      lane.queue.add(pending);
      start = !lane.running;
      lane.running = true;
    }
    if (start) {
      pool.execute(() -> run(lane));
    }
    return pending.done();
  }

  /** Forgets the failures of earlier turns: the lanes take work again. Call once no turn runs. */
  public synchronized void reset() {
    failed.clear();
  }

  private void run(Lane lane) {
    List<Pending<T>> items = take(lane);
    while (!items.isEmpty()) {
      try {
        turn.accept(lane.key, items.stream().map(Pending::item).toList());
        items.forEach(p -> p.done().complete(null));
      } catch (RuntimeException | Error e) {
        fail(lane, items, e);
        return;
      }
      items = take(lane);
    }
  }

  /** The next turn's items; none when the lane is empty, which then ends its run. */
  private synchronized List<Pending<T>> take(Lane lane) {
    List<Pending<T>> items = new ArrayList<>();
    while (items.size() < maxPerTurn && !lane.queue.isEmpty()) {
      items.add(lane.queue.poll());
    }
    if (items.isEmpty()) {
      lane.running = false;
      lanes.remove(lane.key);
    }
    return items;
  }

  private void fail(Lane lane, List<Pending<T>> items, Throwable failure) {
    List<Pending<T>> rest;
    synchronized (this) {
      failed.put(lane.key, failure);
      rest = new ArrayList<>(lane.queue);
      lane.queue.clear();
      lane.running = false;
      lanes.remove(lane.key);
    }
    items.forEach(p -> p.done().completeExceptionally(failure));
    rest.forEach(p -> p.done().completeExceptionally(failure));
  }

  private record Pending<T>(T item, CompletableFuture<Void> done) {}

  private final class Lane {
    final K key;
    final Queue<Pending<T>> queue = new ArrayDeque<>();
    boolean running;

    Lane(K key) {
      this.key = key;
    }
  }
}
