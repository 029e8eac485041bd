package io.tablecast.viewstore.adapter.queue;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projection.Turn;
import io.tablecast.projection.WorkStep;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.out.tables.AzureFailures;
import io.tablecast.viewstore.adapter.out.tables.TableTurns;
import io.tablecast.viewstore.adapter.out.tables.TableTurns.Aside;
import io.tablecast.viewstore.adapter.queue.StepMessages.Message;
import io.tablecast.viewstore.adapter.queue.WorkMessages.Failure;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The competing consumers of a view set's step queues in one generation (SPEC §4), {@code
 * perQueue} of them on each. For each message: receive it, which hides it for the visibility timeout; run its items in
 * one turn of its step ({@link WorkStep#turn}, {@link TableTurns}: read the truth and the rows they keep, side by side, once
 * for all of them; fold each; write each partition's rows in one EGT on the ETags read); delete the message last. A worker
 * that dies leaves its message to reappear for another, and running an item again changes nothing ({@link WorkStep}).
 *
 * <p>A failed attempt records its reason in the message and hides it for a growing backoff. A
 * message of several items that fails for good is split, one message per item, so that only the
 * bad item is parked. Items that cannot run yet ({@link WorkStep#notYet}) are kept alone in their
 * message, the others done, as a failure that retrying may mend until the projector has passed the
 * events that asked for them. A message received more than {@code maxDequeues} times goes to the poison
 * queue, its copy written before it is deleted, unless its last failure was transient (storage
 * unreachable): that one is sent again fresh, because an outage must not park good work. A
 * message that is not a step message of this queue's step is parked at once.
 */
public final class StepWorkers implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(StepWorkers.class);
  private static final int RECEIVE = 16;
  private static final long LONGEST_IDLE_MILLIS = 1_000;

  private final Generation generation;
  private final TableTurns turns;
  private final TableClient checkpoints;
  private final WorkerSettings settings;
  private final Clock clock;
  private final ViewSetMetrics metrics;
  private final Tracing tracing;
  private final ExecutorService readers;
  private final List<Thread> threads = new ArrayList<>();
  private final Object bell = new Object();
  private volatile boolean running = true;

  private StepWorkers(AzureClients azure, Generation generation, WorkerSettings settings, ViewSetMetrics metrics, Tracing tracing,
      Clock clock) {
    this.generation = generation;
    this.readers = Executors.newFixedThreadPool(settings.messagesInFlight(),
        DaemonThreads.named(generation.viewSet().name() + "-g" + generation.number() + "-steps"));
    this.turns = TableTurns.reading(azure, generation, readers, settings.lease(), clock);
    this.checkpoints = azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints());
    this.settings = settings;
    this.metrics = metrics;
    this.tracing = tracing;
    this.clock = clock;
  }

  /**
   * Starts {@code perQueue} workers on the queue of each step, in {@code generation}; they count their items in {@code metrics},
   * and each item is a span in the trace of the event that asked for it ({@code tracing}).
   */
  public static StepWorkers start(AzureClients azure, Generation generation, List<WorkStep<?>> steps, WorkerSettings settings,
      ViewSetMetrics metrics, Tracing tracing, Clock clock) {
    StepWorkers workers = new StepWorkers(azure, generation, settings, metrics, tracing, clock);
    for (int i = 0; i < settings.perQueue(); i++) {
      steps.forEach(step -> workers.startWorker(azure, step));
    }
    return workers;
  }

  private void startWorker(AzureClients azure, WorkStep<?> step) {
    Worker worker = new Worker(step, azure.queue(generation.queue(step.queue())), azure.queue(generation.poisonQueue(step.queue())));
    Thread thread = new Thread(worker, "step-" + step.name() + "-g" + generation.number() + "-" + threads.size());
    thread.setDaemon(true);
    threads.add(thread);
    thread.start();
  }

  /** Work was sent: an idle worker receives at once. */
  public void wake() {
    synchronized (bell) {
      bell.notifyAll();
    }
  }

  /** False once a worker thread died. */
  public boolean alive() {
    return threads.stream().allMatch(Thread::isAlive);
  }

  /** Stops after the current messages. */
  @Override
  public void close() {
    running = false;
    wake();
    for (Thread thread : threads) {
      try {
        thread.join(TimeUnit.SECONDS.toMillis(30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    readers.shutdownNow();
  }

  private final class Worker implements Runnable {

    private final WorkStep<?> step;
    private final QueueClient queue;
    private final QueueClient poison;
    private long idleMillis;

    Worker(WorkStep<?> step, QueueClient queue, QueueClient poison) {
      this.step = step;
      this.queue = queue;
      this.poison = poison;
    }

    @Override
    public void run() {
      while (running) {
        try {
          List<QueueMessageItem> received = queue.receiveMessages(RECEIVE, settings.visibilityTimeout(), NO_TIMEOUT, Context.NONE)
              .stream().toList();
          received.forEach(this::handle);
          idleMillis = received.isEmpty() ? Math.min(LONGEST_IDLE_MILLIS, Math.max(50, idleMillis * 2)) : 0;
        } catch (RuntimeException e) {
          log.debug("Step {} of generation {} could not reach its queue {}: {}", step.name(), generation.number(), queue.getQueueName(),
              AzureFailures.INSTANCE.describe(e));
          idleMillis = LONGEST_IDLE_MILLIS;
        }
        idle();
      }
    }

    private void idle() {
      if (idleMillis == 0 || !running) {
        return;
      }
      synchronized (bell) {
        try {
          bell.wait(idleMillis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          running = false;
        }
      }
    }

    private void handle(QueueMessageItem received) {
      String text = received.getBody().toString();
      Message message;
      try {
        message = StepMessages.read(text);
        if (!message.step().equals(step.name())) {
          throw new IllegalArgumentException("a message of step '" + message.step() + "' on the queue of step '" + step.name() + "'");
        }
      } catch (IllegalArgumentException e) {
        park(received, text, "unreadable message: " + e.getMessage());
        return;
      }
      if (received.getDequeueCount() > settings.maxDequeues()) {
        expire(received, text, message);
        return;
      }
      try {
        Turn<?> turn = step.turn(message.items());
        List<Aside> applied = new ArrayList<>(1);
        tracing.acrossTraces(IntStream.range(0, message.items().size()).boxed().toList(), message::trace, i -> "step " + step.name(),
            () -> applied.add(turns.applyItems(turn, received.getDequeueCount() == 1 && message.lastFailure().isEmpty())));
        Aside aside = applied.get(0);
        metrics.stepItems(step.name(), "done", message.items().size() - aside.size());
        if (aside.isEmpty()) {
          delete(received);
        } else {
          metrics.stepItems(step.name(), "waiting", aside.size());
          keepWaiting(received, message, aside);
        }
      } catch (RuntimeException e) {
        metrics.stepItems(step.name(), "failed", message.items().size());
        held(received, message, new Failure(AzureFailures.INSTANCE.describe(e), !AzureFailures.INSTANCE.isTransient(e)));
      }
    }

    /**
     * Keeps the items set aside: those whose intent row another turn holds ({@link
     * WorkStep#intentRow}) wait in this message, as do those that cannot run yet ({@link
     * WorkStep#notYet}) whose events the projector has not passed, a failure that retrying may mend;
     * those that cannot run yet whose events it has passed have a final truth, and failed for good,
     * each in a message of its own.
     */
    private void keepWaiting(QueueMessageItem received, Message message, Aside aside) {
      Map<Integer, String> waiting = new TreeMap<>(aside.held());
      waiting.putAll(aside.notYet());
      Map<String, Long> applied = aside.notYet().isEmpty() ? Map.of() : CheckpointRows.applied(checkpoints, generation);
      Map<Boolean, List<Integer>> passed = waiting.keySet().stream()
          .collect(Collectors.partitioningBy(index -> aside.notYet().containsKey(index) && message.origin(index).passed(applied)));
      Failure failed = waitingFailure(passed.get(true), waiting, true);
      if (passed.get(false).isEmpty()) {
        held(received, message.keeping(passed.get(true)), failed);
        return;
      }
      if (!passed.get(true).isEmpty()) {
        message.keeping(passed.get(true)).failed(failed).split().forEach(part -> send(queue, StepMessages.write(part)));
      }
      held(received, message.keeping(passed.get(false)), waitingFailure(passed.get(false), waiting, false));
    }

    private static Failure waitingFailure(List<Integer> items, Map<Integer, String> waiting, boolean passed) {
      String reason = items.isEmpty() ? "" : waiting.get(items.get(0)) + (items.size() > 1 ? " (" + items.size() + " items wait)" : "");
      return new Failure(passed ? reason + ", and the projector has passed the event that asked for it" : reason, passed);
    }

    /**
     * Keeps {@code message} for a later attempt, hidden for a growing backoff, with the reason its
     * attempt failed; a message of several items that failed for good is split, one per item.
     */
    private void held(QueueMessageItem received, Message message, Failure failure) {
      if (failure.permanent() && message.items().size() > 1) {
        log.warn("Message {} on {} failed for good ({}); splitting its {} items", received.getMessageId(), queue.getQueueName(),
            failure.reason(), message.items().size());
        message.failed(failure).split().forEach(part -> send(queue, StepMessages.write(part)));
        delete(received);
        return;
      }
      Duration backoff = settings.backoffAfter(received.getDequeueCount());
      log.info("Message {} on {} failed ({}), attempt {}; trying again in {} ms", received.getMessageId(), queue.getQueueName(),
          failure.reason(), received.getDequeueCount(), backoff.toMillis());
      HeldMessages.update(queue, received, StepMessages.write(message.failed(failure)), backoff);
    }

    /** Received too often: parked, unless the last failure was transient, when it is sent again fresh. */
    private void expire(QueueMessageItem received, String text, Message message) {
      if (message.lastFailure().filter(f -> !f.permanent()).isPresent()) {
        send(queue, StepMessages.write(message.fresh()));
        delete(received);
        return;
      }
      park(received, text, message.lastFailure().map(Failure::reason)
          .orElse("received " + received.getDequeueCount() + " times and never finished: its worker stopped each time"));
    }

    private void park(QueueMessageItem received, String text, String reason) {
      HeldMessages.park(queue, poison, received, text, reason, clock);
      metrics.stepParked(step.name());
    }

    private void delete(QueueMessageItem received) {
      HeldMessages.delete(queue, received);
    }
  }

  private static void send(QueueClient target, String text) {
    HeldMessages.send(target, text);
  }
}
