package io.tablecast.bench;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.tablecast.common.tables.AzureClients;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The raw ceiling of the queue workers: single-message round trips (send one, receive one,
 * delete it) with plain SDK calls on a queue of their own, on {@code threads} threads.
 */
final class RawQueueRoundTrips {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final String MESSAGE = "{\"format\":1,\"generation\":1,\"items\":[{\"type\":\"reindex-employee\",\"employeeId\":\"00000042\",\"version\":2}]}";

  private RawQueueRoundTrips() {}

  /** Round trips per second over {@code seconds}, after a two-second warm-up: {messages/s}. */
  static double[] measure(AzureClients azure, int threads, int seconds) {
    QueueClient queue = azure.queue("raw-roundtrip-" + threads);
    queue.createIfNotExists();
    run(queue, threads, 2);
    return new double[] {run(queue, threads, seconds) / (double) seconds};
  }

  private static long run(QueueClient queue, int threads, int seconds) {
    AtomicLong trips = new AtomicLong();
    long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<?>> running = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      running.add(pool.submit(() -> {
        while (System.nanoTime() < end) {
          queue.sendMessageWithResponse(MESSAGE, null, null, TIMEOUT, Context.NONE);
          for (QueueMessageItem m : queue.receiveMessages(1, Duration.ofSeconds(30), TIMEOUT, Context.NONE)) {
            queue.deleteMessageWithResponse(m.getMessageId(), m.getPopReceipt(), TIMEOUT, Context.NONE);
            trips.incrementAndGet();
          }
        }
      }));
    }
    for (Future<?> f : running) {
      try {
        f.get();
      } catch (Exception e) {
        throw new IllegalStateException("A raw round trip failed", e);
      }
    }
    pool.shutdown();
    return trips.get();
  }
}
