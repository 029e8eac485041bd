package io.tablecast.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;

/**
 * Readers that poll the views API until each acknowledged command's effect shows: a few threads
 * share one queue of pending checks, ordered by when each is next due. A check is read every
 * {@code poll} at first, then every tenth of the time it has waited so far (so that each figure
 * is precise to about 10 %, and a slow pipeline is not flooded with reads that compete with its
 * own storage requests), whatever the number pending, as long as the readers keep up (the
 * lateness of each read is recorded). A check's visibility time is from the 2xx answer of its command to the
 * arrival of the first answer that shows the effect; its lower bound, from the 2xx to the sending
 * of the last read that did not show it, tells how precise it is when the readers fall behind. A check not seen within {@code giveUp} is
 * counted as not seen. Reads carry no consistency token: they see what any reader would see.
 */
final class VisibilityReaders implements AutoCloseable {

  /** What happens to a check when it is resolved: seen or given up. */
  interface Outcome {
    void resolved(Check check, boolean seen);
  }

  /** One awaited effect: where to read it and what the answer must show. */
  static final class Check implements Delayed {
    final CommandKind kind;
    final FreshnessWindow window;
    final Object subject;
    final URI uri;
    final BiPredicate<Integer, String> shows;
    /** Whether this check watches an index entry the workers write, beside its command's own effect. */
    boolean index;
    long answeredNanos;
    long due;
    /** When the last read that did not show the effect was sent: the effect became visible after it. */
    long lastMiss;

    Check(CommandKind kind, FreshnessWindow window, Object subject, URI uri, BiPredicate<Integer, String> shows) {
      this.kind = kind;
      this.window = window;
      this.subject = subject;
      this.uri = uri;
      this.shows = shows;
    }

    /** This check, as the watch of an index entry. */
    Check index() {
      index = true;
      return this;
    }

    @Override
    public long getDelay(TimeUnit unit) {
      return unit.convert(due - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
      return Long.compare(due, ((Check) other).due);
    }
  }

  private final DelayQueue<Check> queue = new DelayQueue<>();
  private final ExecutorService httpExecutor;
  private final HttpClient http;
  private final List<Thread> threads = new ArrayList<>();
  /** After the first reads, a check is read again after a tenth of the time it has waited. */
  private static final long BACKOFF_DIVISOR = 10;

  private final long pollNanos;
  private final long giveUpNanos;
  private final Outcome outcome;
  private volatile boolean running = true;

  VisibilityReaders(int readers, Duration poll, Duration giveUp, Outcome outcome) {
    this.pollNanos = poll.toNanos();
    this.giveUpNanos = giveUp.toNanos();
    this.outcome = outcome;
    AtomicInteger n = new AtomicInteger();
    this.httpExecutor = Executors.newFixedThreadPool(2, r -> daemon(r, "bench-reader-http-" + n.incrementAndGet()));
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
        .executor(httpExecutor).build();
    for (int i = 1; i <= readers; i++) {
      Thread t = daemon(this::read, "bench-reader-" + i);
      threads.add(t);
      t.start();
    }
  }

  /** Starts awaiting a check whose command answered 2xx at {@code answeredNanos}; its first read is due at once. */
  void await(Check check, long answeredNanos) {
    check.answeredNanos = answeredNanos;
    check.due = answeredNanos;
    check.lastMiss = answeredNanos;
    queue.add(check);
  }

  private void read() {
    while (running) {
      Check check;
      try {
        check = queue.take();
      } catch (InterruptedException e) {
        return;
      }
      long began = System.nanoTime();
      boolean failed = false;
      boolean seen = false;
      try {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(check.uri).timeout(Duration.ofSeconds(10)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
        seen = check.shows.test(response.statusCode(), response.body());
        failed = response.statusCode() >= 500;
      } catch (IOException e) {
        failed = true;
      } catch (InterruptedException e) {
        return;
      }
      long answered = System.nanoTime();
      check.window.read(Math.max(0, began - check.due), failed);
      if (seen) {
        check.window.visible(check, answered - check.answeredNanos, check.lastMiss - check.answeredNanos);
        outcome.resolved(check, true);
      } else if (answered - check.answeredNanos > giveUpNanos) {
        check.window.notSeen(check);
        outcome.resolved(check, false);
      } else {
        check.lastMiss = began;
        check.due = began + Math.max(pollNanos, (began - check.answeredNanos) / BACKOFF_DIVISOR);
        queue.add(check);
      }
    }
  }

  /** Checks still awaited, of every window. */
  int size() {
    return queue.size();
  }

  @Override
  public void close() {
    running = false;
    threads.forEach(Thread::interrupt);
    httpExecutor.shutdownNow();
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }
}
