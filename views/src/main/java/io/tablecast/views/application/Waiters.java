package io.tablecast.views.application;

import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.ConsistencyToken.AggregateVersion;
import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The reads waiting for their writes, grouped so that one reading settles them all: the
 * checkpoint offsets settle every event-position token, one version of an aggregate every token
 * on that aggregate. Pure bookkeeping, no I/O; thread-safe.
 */
final class Waiters {

  /** One waiting read: its future completes once the views reflect its token. */
  static final class Waiter {
    private final ConsistencyToken token;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private boolean checked;

    private Waiter(ConsistencyToken token) {
      this.token = token;
    }

    CompletableFuture<Void> done() {
      return done;
    }
  }

  private final List<Waiter> positions = new ArrayList<>();
  private final Map<Aggregate, List<Waiter>> byAggregate = new HashMap<>();

  synchronized Waiter add(ConsistencyToken token) {
    Waiter waiter = new Waiter(token);
    if (token instanceof AggregateVersion aggregate) {
      byAggregate.computeIfAbsent(Aggregate.of(aggregate), a -> new ArrayList<>()).add(waiter);
    } else {
      positions.add(waiter);
    }
    return waiter;
  }

  /** Forgets a waiter, answered or given up. */
  synchronized void remove(Waiter waiter) {
    if (waiter.token instanceof AggregateVersion aggregate) {
      Aggregate key = Aggregate.of(aggregate);
      List<Waiter> list = byAggregate.get(key);
      if (list != null && list.remove(waiter) && list.isEmpty()) {
        byAggregate.remove(key);
      }
    } else {
      positions.remove(waiter);
    }
  }

  synchronized boolean isEmpty() {
    return positions.isEmpty() && byAggregate.isEmpty();
  }

  synchronized int size() {
    return positions.size() + byAggregate.values().stream().mapToInt(List::size).sum();
  }

  /**
   * The aggregates to read now: every one waited on when {@code all}, otherwise only those with a
   * waiter that no reading has seen yet. The waiters of the aggregates returned count as seen.
   */
  synchronized Set<Aggregate> toRead(boolean all) {
    Set<Aggregate> read = new LinkedHashSet<>();
    byAggregate.forEach((aggregate, waiters) -> {
      if (all || waiters.stream().anyMatch(w -> !w.checked)) {
        read.add(aggregate);
        waiters.forEach(w -> w.checked = true);
      }
    });
    return read;
  }

  /** Answers the event-position tokens these offsets have reached. */
  synchronized void settle(AppliedOffsets offsets) {
    positions.removeIf(w -> offsets.reached((EventPosition) w.token) && answer(w));
  }

  /** Answers the tokens on this aggregate that its version has reached. */
  synchronized void settle(Aggregate aggregate, OptionalLong version) {
    List<Waiter> waiters = byAggregate.get(aggregate);
    if (waiters == null || version.isEmpty()) {
      return;
    }
    waiters.removeIf(w -> ((AggregateVersion) w.token).version() <= version.getAsLong() && answer(w));
    if (waiters.isEmpty()) {
      byAggregate.remove(aggregate);
    }
  }

  /** Wakes the waiting read; true, so that it can end a removal's condition. */
  private static boolean answer(Waiter waiter) {
    waiter.done.complete(null);
    return true;
  }
}
