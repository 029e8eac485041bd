package io.tablecast.projector.adapter.in.kafka;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * One partition's records applied per second over the last minute, from the offsets it was
 * applied up to and when. Keeps a sample a second at most, and the last sample before the window
 * as its start. Thread-safe.
 */
final class Rate {

  static final Duration WINDOW = Duration.ofMinutes(1);
  private static final long SAMPLE_MILLIS = 1_000;

  private record Sample(long atMillis, long offset) {}

  private final Clock clock;
  private final Deque<Sample> samples = new ArrayDeque<>();

  Rate(Clock clock) {
    this.clock = clock;
  }

  synchronized void appliedUpTo(long offset) {
    long now = clock.millis();
    Sample last = samples.peekLast();
    if (last != null && offset <= last.offset()) {
      return; // a batch read again after a failure or a rebalance: nothing new
    }
    if (last != null && samples.size() > 1 && now - last.atMillis() < SAMPLE_MILLIS) {
      samples.pollLast();
    }
    samples.addLast(new Sample(now, offset));
    trim(now);
  }

  /** Records per second since the start of the window; 0 with nothing applied in it. */
  synchronized double perSecond() {
    long now = clock.millis();
    trim(now);
    if (samples.size() < 2) {
      return 0;
    }
    Sample first = samples.peekFirst();
    long records = samples.peekLast().offset() - first.offset();
    return records * 1000.0 / Math.max(SAMPLE_MILLIS, now - first.atMillis());
  }

  /** Drops the samples before the window, but the newest of them: it marks where the window starts. */
  private void trim(long now) {
    long start = now - WINDOW.toMillis();
    while (samples.size() > 1) {
      Iterator<Sample> oldest = samples.iterator();
      oldest.next();
      if (oldest.next().atMillis() > start) {
        return;
      }
      samples.pollFirst();
    }
  }
}
