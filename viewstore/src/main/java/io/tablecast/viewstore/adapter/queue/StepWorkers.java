package io.tablecast.viewstore.adapter.queue;

import static io.tablecast.common.tables.Calls.NO_TIMEOUT;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.QueueMessageItem;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.concurrent.Doorbell;
import io.tablecast.common.concurrent.Parallel;
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
import io.tablecast.viewstore.adapter.queue.StepMessages.Failure;
import io.tablecast.viewstore.adapter.queue.StepMessages.Message;
import io.tablecast.viewstore.application.work.InProcessWorkers;
import io.tablecast.viewstore.application.work.WorkDeferred;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Exceptions;

/**
 * The competing consumers of a view set's step queues in one generation (SPEC §4), {@code
 * perQueue} of them on each. For each message: receive it, which hides it for the visibility timeout; run its items in
 * one turn of its step ({@link WorkStep#turn}, {@link TableTurns}: read the truth and the rows they keep, side by side, once
 * for all of them; fold each; write each partition's rows in one EGT on the ETags read); delete the message last. A worker
 * that dies leaves its message to reappear for another, and running an item again changes nothing ({@link WorkStep}).
 * The messages of one receive are handled side by side, {@code messagesInFlight} at a time for the whole process.
 *
 * <p>A failed attempt records its reason in the message and hides it for a growing backoff. A
 * message of several items that fails for good is split, one message per item, so that only the
 * bad item is parked. Items that cannot run yet ({@link WorkStep#notYet}) are kept alone in their
 * message, the others done, as a failure that retrying may mend until the projector has passed the
 * events that asked for them. A message received more than {@code maxDequeues} times goes to the poison
 * queue, its copy written before it is deleted, unless its last failure was transient (storage
 * unreachable): that one is sent again fresh, because an outage must not park good work. A
 * message that is not a step message of this queue's step is parked at once. A message whose
 * handling ends in an {@link Error} (a bug, not a failure of the store) is left as a crash leaves
 * it: it reappears, and is parked once received that many times.
 *
 * <p>A turn holds its items' intent rows under a lease that names this process's instance; once a
 * third of the lease, or three quarters of the visibility timeout, has passed since its message was
 * received, it stops before its next write ({@link TableTurns#applyItems(Turn, boolean, long,
 * Duration)}), and its message is kept with that reason before another worker could receive it. A large message's items go in slices, and
 * those not begun once half its time has passed stay in the message, which the worker keeps for its
 * next delivery: each delivery keeps what it did. An idle worker waits as {@link IdleWait}
 * says: until its doorbell rings ({@link Arrivals}), a message it hid is due again, or its wait,
 * doubling while its receives find nothing, has passed. Beside a projector whose views are behind
 * their freshness target, the workers give way ({@link GiveWay}).
 */
public final class StepWorkers implements InProcessWorkers.Running {

  private static final Logger log = LoggerFactory.getLogger(StepWorkers.class);
  private static final int MAX_BATCH = 16;
  /** The time one message may take, to size a receive: every message of a batch must start well within its visibility timeout. */
  private static final long SECONDS_PER_MESSAGE = 2;
  /** The pause after a receive that failed. */
  private static final long RETRY_MILLIS = 1_000;

  private final Generation generation;
  private final TableTurns turns;
  private final TableClient checkpoints;
  private final WorkerSettings settings;
  private final Beside beside;
  private final GiveWay giveWay;
  private final Clock clock;
  private final ViewSetMetrics metrics;
  private final Tracing tracing;
  private final ExecutorService readers;
  private final ExecutorService messages;
  private final Map<WorkStep<?>, Doorbell> bells = new LinkedHashMap<>();
  private final List<Worker> workers = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();

  /**
   * What the workers run beside, when a projector runs them in its own process.
   *
   * @param deadInstance the instance of a run of this process that crashed, whose leases the workers take over at once
   * @param viewsBehind whether the projector's views are behind their freshness target: the workers then give way
   * @param arrivals the doorbell of each queue, which the projector rings once it has sent work there
   */
  public record Beside(Optional<String> deadInstance, BooleanSupplier viewsBehind, Arrivals arrivals) {

    /** Alone: no projector rings, and the workers poll. */
    public static final Beside ALONE = new Beside(Optional.empty(), () -> false, Arrivals.NONE);
  }

  private StepWorkers(AzureClients azure, Generation generation, WorkerSettings settings, Beside beside, ViewSetMetrics metrics,
      Tracing tracing, Clock clock) {
    this.generation = generation;
    String name = generation.viewSet().name() + "-g" + generation.number();
    this.readers = Executors.newFixedThreadPool(Math.max(4, settings.messagesInFlight()), DaemonThreads.named(name + "-step-reads"));
    this.messages = Executors.newFixedThreadPool(settings.messagesInFlight(), DaemonThreads.named(name + "-step-messages"));
    this.giveWay = new GiveWay(beside.viewsBehind());
    this.turns = TableTurns.reading(azure.with(giveWay), generation, readers, settings, beside.deadInstance(), clock);
    this.checkpoints = azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints());
    this.settings = settings;
    this.beside = beside;
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
    return start(azure, generation, steps, settings, Beside.ALONE, metrics, tracing, clock);
  }

  /** As above, beside a projector ({@link Beside}). */
  public static StepWorkers start(AzureClients azure, Generation generation, List<WorkStep<?>> steps, WorkerSettings settings,
      Beside beside, ViewSetMetrics metrics, Tracing tracing, Clock clock) {
    StepWorkers workers = new StepWorkers(azure, generation, settings, beside, metrics, tracing, clock);
    AzureClients paced = azure.with(workers.giveWay);
    steps.forEach(step -> workers.bells.put(step, beside.arrivals() == Arrivals.NONE ? new Doorbell()
        : beside.arrivals().bells().apply(step.queue())));
    for (int i = 0; i < settings.perQueue(); i++) {
      steps.forEach(step -> workers.startWorker(paced, step));
    }
    workers.threads.forEach(Thread::start);
    return workers;
  }

  private void startWorker(AzureClients azure, WorkStep<?> step) {
    Worker worker = new Worker(step, azure.queue(generation.queue(step.queue())), azure.queue(generation.poisonQueue(step.queue())),
        new IdleWait(beside.arrivals(), bells.get(step), IdleWait::monotonicMillis));
    Thread thread = new Thread(worker, "step-" + step.name() + "-g" + generation.number() + "-" + threads.size());
    thread.setDaemon(true);
    workers.add(worker);
    threads.add(thread);
  }

  /** Work was sent: idle workers receive at once. */
  public void wake() {
    bells.values().forEach(Doorbell::ring);
  }

  /** How many workers run. */
  @Override
  public int size() {
    return workers.size();
  }

  /** False once a worker thread died. */
  @Override
  public boolean alive() {
    return threads.stream().allMatch(Thread::isAlive);
  }

  /** Stops after the current messages; a message cut short reappears for others. */
  @Override
  public void close() {
    workers.forEach(Worker::stop);
    for (Thread thread : threads) {
      try {
        thread.join(TimeUnit.SECONDS.toMillis(30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    messages.shutdownNow();
    readers.shutdownNow();
  }

  private final class Worker implements Runnable {

    private final WorkStep<?> step;
    private final QueueClient queue;
    private final QueueClient poison;
    private final IdleWait idle;
    private final String queueName;
    private volatile boolean running = true;

    Worker(WorkStep<?> step, QueueClient queue, QueueClient poison, IdleWait idle) {
      this.step = step;
      this.queueName = step.queue().baseName();
      this.queue = queue;
      this.poison = poison;
      this.idle = idle;
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
          if (received.size() < batch && running) {
            idle.await(); // the queue had no more: a receive now would most likely find nothing
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        } catch (RuntimeException e) {
          log.debug("Step {} of generation {} could not reach its queue {}: {}", step.name(), generation.number(), queue.getQueueName(),
              AzureFailures.INSTANCE.describe(e));
          sleep(RETRY_MILLIS);
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

    void stop() {
      running = false;
      idle.wake();
    }

    private void handle(QueueMessageItem received, long receivedNanos) {
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
        boolean firstDelivery = received.getDequeueCount() == 1 && message.lastFailure().isEmpty();
        tracing.acrossTraces(IntStream.range(0, message.items().size()).boxed().toList(), message::trace, i -> "step " + step.name(),
            () -> applied.add(turns.applyItems(turn, firstDelivery, receivedNanos, settings.visibilityTimeout())));
        Aside aside = applied.get(0);
        metrics.stepItems(step.name(), queueName, "done", message.items().size() - aside.size());
        metrics.stepDone(queueName, IntStream.range(0, message.items().size()).filter(i -> !aside.contains(i))
            .mapToObj(i -> message.origin(i).occurred()).toList(), clock.millis());
        if (aside.isEmpty()) {
          delete(received);
        } else {
          metrics.stepItems(step.name(), queueName, "waiting", aside.size());
          keepWaiting(received, message, aside);
        }
      } catch (RuntimeException e) {
        if (Exceptions.unwrap(e) instanceof Error error) {
          leftAsACrash(received, error); // the SDK's calls wrap what their pipeline throws
          return;
        }
        metrics.stepItems(step.name(), queueName, "failed", message.items().size());
        boolean permanent = !(e instanceof WorkDeferred) && !AzureFailures.INSTANCE.isTransient(e);
        held(received, message, new Failure(e instanceof WorkDeferred ? e.getMessage() : AzureFailures.INSTANCE.describe(e), permanent));
      } catch (OutOfMemoryError e) {
        throw e; // the process is in trouble: the worker stops, and the service's health says so
      } catch (Error e) {
        leftAsACrash(received, e);
      }
    }

    private void leftAsACrash(QueueMessageItem received, Error e) {
      if (e instanceof OutOfMemoryError) {
        throw e;
      }
      log.error("Step {} left message {} on {} as a crash would, to reappear in {} s", step.name(), received.getMessageId(),
          queue.getQueueName(), settings.visibilityTimeout().toSeconds(), e);
      idle.hidden(settings.visibilityTimeout());
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
      idle.hidden(backoff);
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
      metrics.stepParked(step.name(), queueName);
    }

    private void delete(QueueMessageItem received) {
      HeldMessages.delete(queue, received);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void send(QueueClient target, String text) {
    HeldMessages.send(target, text);
  }
}
