package io.tablecast.workers.adapter.in.queue;

import com.azure.storage.queue.QueueClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projection.ViewSet;
import io.tablecast.viewstore.adapter.queue.Arrivals;
import io.tablecast.viewstore.adapter.queue.GiveWay;
import io.tablecast.viewstore.adapter.queue.IdleWait;
import io.tablecast.viewstore.application.FailureClassifier;
import io.tablecast.viewstore.application.work.InProcessWorkers;
import io.tablecast.workers.application.work.LeaseOwners;
import io.tablecast.workers.application.work.WorkReconciler;
import io.tablecast.workers.application.work.WorkerStores;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The queue workers of one generation in this process: {@code perQueue} competing workers on
 * each work queue, sharing one pool for their storage requests.
 */
public final class Workers implements InProcessWorkers.Running {

  private static final int IO_THREADS = 8;

  private final List<QueueWorker> workers = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();
  private final ExecutorService io;
  private final ExecutorService messages;

  private Workers(ExecutorService io, ExecutorService messages) {
    this.io = io;
    this.messages = messages;
  }

  /**
   * @param stores the stores the workers read and write, over the clients given (which pace
   *     their requests while the views are behind)
   * @param failures tells transient storage failures from lasting ones
   * @param deadInstance the worker instance of a run known to be dead, whose leases are void
   *     ({@link LeaseOwners})
   * @param viewsBehind whether the projector beside these workers is past its freshness target:
   *     the workers then give way, so that the views' own writes get the storage first
   * @param arrivals how idle workers learn of new work: a doorbell per queue, rung by the projector
   *     beside these workers when it has sent work, or none
   * @param tracing a span per work item, in the trace of the event that caused it
   */
  public static Workers start(AzureClients azure, Generation generation, Function<AzureClients, WorkerStores> stores,
      FailureClassifier failures, WorkerSettings settings, Optional<String> deadInstance, MeterRegistry metrics,
      BooleanSupplier viewsBehind, Arrivals arrivals, Tracing tracing) {
    Workers started = new Workers(Executors.newFixedThreadPool(IO_THREADS, DaemonThreads.named("worker-io")),
        Executors.newFixedThreadPool(settings.messagesInFlight(), DaemonThreads.named("worker-message")));
    GiveWay giveWay = new GiveWay(viewsBehind);
    AzureClients paced = azure.with(giveWay);
    WorkReconciler reconciler = new WorkReconciler(stores.apply(paced),
        new LeaseOwners(settings.instance(), deadInstance), started.io, Clock.systemUTC(), settings.lease());
    for (ViewSet.Queue kind : generation.viewSet().queues()) {
      QueueClient queue = paced.queue(generation.queue(kind));
      QueueClient poison = paced.queue(generation.poisonQueue(kind));
      WorkerMetrics counters = new WorkerMetrics(metrics, kind.baseName(), Clock.systemUTC());
      for (int n = 1; n <= settings.perQueue(); n++) {
        String name = kind.baseName() + "-" + n;
        QueueWorker worker = new QueueWorker(name, queue, poison, reconciler, started.messages, settings, failures, counters,
            Clock.systemUTC(), giveWay, new IdleWait(arrivals, arrivals.bells().apply(kind), IdleWait::monotonicMillis), tracing);
        Thread thread = new Thread(worker, "worker-" + name);
        thread.setDaemon(true);
        started.workers.add(worker);
        started.threads.add(thread);
      }
    }
    started.threads.forEach(Thread::start);
    return started;
  }

  /** How many workers run here. */
  @Override
  public int size() {
    return workers.size();
  }

  /** Whether every worker thread is still running. */
  @Override
  public boolean alive() {
    return threads.stream().allMatch(Thread::isAlive);
  }

  /** Stops the workers after their current message; a message cut short reappears for others. */
  @Override
  public void close() {
    workers.forEach(QueueWorker::stop);
    for (Thread thread : threads) {
      try {
        thread.join(TimeUnit.SECONDS.toMillis(30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    messages.shutdown();
    io.shutdown();
  }
}
