package io.tablecast.views.domain.dashboard;

import java.util.ArrayList;
import java.util.List;

/**
 * The last {@code capacity} values added, oldest first: the status page's charts keep a fixed
 * window of samples, so memory stays flat however long the service runs. Thread-safe: one
 * sampler adds while any number of requests read.
 */
public final class RingBuffer<T> {

  private final Object[] slots;
  private int next;
  private int size;

  public RingBuffer(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("'capacity' must be at least 1, was " + capacity);
    }
    this.slots = new Object[capacity];
  }

  /** Adds {@code value}, dropping the oldest once full. */
  public synchronized void add(T value) {
    slots[next] = value;
    next = (next + 1) % slots.length;
    size = Math.min(size + 1, slots.length);
  }

  /** A copy of the values, oldest first. */
  @SuppressWarnings("unchecked")
  public synchronized List<T> values() {
    List<T> values = new ArrayList<>(size);
    int first = (next - size + slots.length) % slots.length;
    for (int i = 0; i < size; i++) {
      values.add((T) slots[(first + i) % slots.length]);
    }
    return values;
  }

  public int capacity() {
    return slots.length;
  }
}
