package io.tablecast.workers.adapter.in.queue;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.tablecast.common.concurrent.Parallel;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.viewstore.adapter.queue.Arrivals;
import io.tablecast.viewstore.adapter.queue.GiveWay;
import io.tablecast.viewstore.adapter.queue.HeldMessages;
import io.tablecast.viewstore.adapter.queue.IdleWait;
import io.tablecast.viewstore.adapter.queue.StepMessages.Failure;
import io.tablecast.viewstore.adapter.queue.WorkMessages.Message;
import io.tablecast.viewstore.adapter.queue.WorkMessages;
import io.tablecast.viewstore.application.FailureClassifier;
import io.tablecast.viewstore.application.work.WorkDeferred;
import io.tablecast.viewstore.domain.work.WorkItem;
import io.tablecast.workers.application.work.WorkLeftOver;
import io.tablecast.workers.application.work.WorkReconciler;
import io.tablecast.workers.application.work.WorkRefused;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A competing consumer of one work queue (SPEC §4). For each message: receive it, which hides
 * it for the visibility timeout; reconcile what its items ask; delete it last. So a worker that
 * dies leaves its message to reappear for another.
 *
 * <p>When an attempt fails, the message is updated with the reason and hidden for a growing
 * backoff; when it did some of its items and the others must wait, the message keeps only those.
 * A message of several items that fails for good is split, one message per item, so that the
 * good items complete and only the bad one ends in the poison queue. A message
 * received more than {@code maxDequeues} times is parked in the poison queue, its copy written
 * before it is deleted, unless its last failure was transient (storage unreachable, another
 * worker busy on the same employee): that one is sent again as a fresh message, because an
 * outage must not park good work. A message whose handling ends in an {@link Error} (a bug, not
 * a failure of the store) is left as a crash leaves it, neither updated nor deleted: it
 * reappears, and is parked once received that many times.
 *
 * <p>The messages of one receive are handled side by side, on a pool the workers of the process
 * share; two that name the same employee meet at its lease, and in one of them that employee
 * waits its turn.
 *
 * <p>A worker whose receive found fewer messages than it asked for, none included, waits before the
 * next as {@link IdleWait} says: until the projector beside it rings ({@link Arrivals}; a ring
 * while it worked ends the wait at once), a message it hid is due again, or 50 ms after a receive
 * that found some, growing while they find none up to its arrivals' idle receive.
 *
 * <p>With tracing on, each item of a message gets a span, {@code work <ItemType>}, in the trace of
 * the event that caused it, around the message's reads and writes, which serve all its items at
 * once.
 */
final class QueueWorker implements Runnable {

  private static final Logger log = LoggerFactory.getLogger(QueueWorker.class);
  private static final int MAX_BATCH = 16;
  /** The time one message may take, to size a receive: every message of a batch must start well within its visibility timeout. */
  private static final long SECONDS_PER_MESSAGE = 2;
  /** The pause after a receive that failed. */
  private static final long RETRY_MILLIS = 1_000;

  private final String name;
  private final QueueClient queue;
  private final QueueClient poison;
  private final WorkReconciler reconciler;
  private final ExecutorService messages;
  private final WorkerSettings settings;
  private final FailureClassifier failures;
  private final WorkerMetrics metrics;
  private final Clock clock;
  private final GiveWay giveWay;
  private final IdleWait idle;
  private final Tracing tracing;
  private volatile boolean running = true;

  /**
   * @param messages where the messages of one receive are handled side by side; each waits for
   *     the slowest of its receive before the next receive
   */
  QueueWorker(String name, QueueClient queue, QueueClient poison, WorkReconciler reconciler, ExecutorService messages,
      WorkerSettings settings, FailureClassifier failures, WorkerMetrics metrics, Clock clock, GiveWay giveWay,
      IdleWait idle, Tracing tracing) {
    this.messages = messages;
    this.tracing = tracing;
    this.giveWay = giveWay;
    this.idle = idle;
    this.name = name;
    this.queue = queue;
    this.poison = poison;
    this.reconciler = reconciler;
    this.settings = settings;
    this.failures = failures;
    this.metrics = metrics;
    this.clock = clock;
  }

  @Override
  public void run() {
    while (running) {
      try {
        int batch = giveWay.viewsBehind() ? 1 : batchSize();
        long started = IdleWait.monotonicMillis();
        List<QueueMessageItem> received = queue.receiveMessages(batch, settings.visibilityTimeout(), NO_TIMEOUT, Context.NONE)
            .stream().toList();
        long receivedNanos = System.nanoTime();
        idle.received(received.size(), started);
        Parallel.each(messages, received, message -> handle(message, receivedNanos));
        if (received.size() < batch) {
          idle.await(); // the queue had no more: a receive now would most likely find nothing
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException e) {
        if (failures.isTransient(e)) {
          log.debug("Worker {} could not reach its queue {}: {}", name, queue.getQueueName(), failures.describe(e)); // the outage is logged once
        } else {
          log.warn("Worker {} could not reach its queue {}: {}", name, queue.getQueueName(), failures.describe(e));
        }
        sleepQuietly(RETRY_MILLIS);
      }
    }
  }

  /**
   * Messages per receive: 16 with the default 2-minute visibility timeout, fewer with a short one.
   * A message that waits in a batch past its visibility timeout reappears for another worker
   * while this one still holds it, and both then spend attempts on it.
   */
  private int batchSize() {
    return (int) Math.max(1, Math.min(MAX_BATCH, settings.visibilityTimeout().toSeconds() / SECONDS_PER_MESSAGE / 2));
  }

  /** Stops after the current message; an idle worker stops at once. */
  void stop() {
    running = false;
    idle.wake();
  }

  private void handle(QueueMessageItem received, long receivedNanos) {
    String text = received.getBody().toString();
    Message message;
    try {
      message = WorkMessages.read(text);
    } catch (IllegalArgumentException e) {
      park(received, text, "unreadable message: " + e.getMessage());
      return;
    }
    try {
      if (received.getDequeueCount() > settings.maxDequeues()) {
        expire(received, text, message);
        return;
      }
      boolean firstDelivery = received.getDequeueCount() == 1 && message.lastFailure().isEmpty();
      tracing.acrossTraces(message.items(), WorkItem::traceparent,
          item -> "work " + item.getClass().getSimpleName(), () -> reconciler.reconcile(message.items(), receivedNanos, firstDelivery));
      delete(received);
      metrics.done(message.items());
    } catch (RuntimeException e) {
      failed(received, message, e);
    } catch (OutOfMemoryError e) {
      throw e; // the process is in trouble: the worker stops, and the service's health says so
    } catch (Error e) {
      log.error("Worker {} left message {} on {} as a crash would, to reappear in {} s", name, received.getMessageId(),
          queue.getQueueName(), settings.visibilityTimeout().toSeconds(), e);
      idle.hidden(settings.visibilityTimeout());
    }
  }

  private void failed(QueueMessageItem received, Message message, RuntimeException e) {
    boolean permanent = e instanceof WorkRefused || !(e instanceof WorkDeferred) && !failures.isTransient(e);
    Failure failure = new Failure(describe(e), permanent);
    if (e instanceof WorkLeftOver partly) {
      List<WorkItem> done = message.items().stream().filter(item -> !partly.left().contains(item)).toList();
      metrics.done(done);
      message = message.leaving(partly.left());
    }
    metrics.failed(message.items(), permanent);
    if (permanent && message.items().size() > 1) {
      log.warn("Message {} on {} failed for good ({}); splitting its {} items", received.getMessageId(), queue.getQueueName(),
          failure.reason(), message.items().size());
      message.failed(failure).split().forEach(part -> send(queue, WorkMessages.write(part)));
      delete(received);
      return;
    }
    Duration backoff = settings.backoffAfter(received.getDequeueCount());
    if (permanent) {
      log.info("Message {} on {} failed ({}), attempt {}; trying again in {} ms", received.getMessageId(), queue.getQueueName(),
          failure.reason(), received.getDequeueCount(), backoff.toMillis());
    } else {
      // Work that waits (another worker, the projector, the storage service) is expected, not news.
      log.debug("Message {} on {} deferred ({}), attempt {}; trying again in {} ms", received.getMessageId(), queue.getQueueName(),
          failure.reason(), received.getDequeueCount(), backoff.toMillis());
    }
    update(received, WorkMessages.write(message.failed(failure)), backoff);
    idle.hidden(backoff);
  }

  /** Received too often: parked, unless the last failure was transient, when it is sent again fresh. */
  private void expire(QueueMessageItem received, String text, Message message) {
    if (message.lastFailure().filter(f -> !f.permanent()).isPresent()) {
      send(queue, text);
      delete(received);
      return;
    }
    String reason = message.lastFailure().map(Failure::reason)
        .orElse("received " + received.getDequeueCount() + " times and never finished: its worker stopped each time");
    park(received, text, reason);
  }

  private void park(QueueMessageItem received, String text, String reason) {
    HeldMessages.park(queue, poison, received, text, reason, clock);
    metrics.parked();
  }

  private static void send(QueueClient target, String text) {
    HeldMessages.send(target, text);
  }

  private void delete(QueueMessageItem received) {
    HeldMessages.delete(queue, received);
  }

  private void update(QueueMessageItem received, String text, Duration visibility) {
    HeldMessages.update(queue, received, text, visibility);
  }

  private String describe(RuntimeException e) {
    return e instanceof WorkRefused || e instanceof WorkDeferred ? e.getMessage() : failures.describe(e);
  }

  private static void sleepQuietly(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
