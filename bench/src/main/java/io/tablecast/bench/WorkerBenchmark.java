package io.tablecast.bench;

import static io.tablecast.hr.tables.HrViewSet.HR;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.ProjectorService;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.queue.StepWorkers;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The queue workers' benchmark (issue 5): archives/s, transfers/s and index work items/s with 1
 * and 4 workers per queue, against the raw ceiling of single-message round trips (send, receive,
 * delete) measured in the same run with as many threads.
 *
 * <p>For each worker count: hire a batch of employees, transfer each of them once, archive each
 * of them; the projector (running without workers) queues one item per event. Each kind's items
 * are then worked off by freshly started workers, timed from their start until the last item is
 * done. Then a second batch as a burst arrives live: every employee's hire, transfer and archive
 * queued before the workers start, so that the three queues' workers meet at the same employees.
 * A command-line tool: it prints Markdown and asserts nothing about time.
 */
public final class WorkerBenchmark {

  private static final Duration TIMEOUT = Duration.ofMinutes(30);

  private WorkerBenchmark() {}

  /** One timed drain; {@code deferred}, the items whose attempt had to wait and were retried. */
  record Drain(int workers, String kind, long items, double seconds, long requests, long deferred) {
    double perSecond() {
      return items / seconds;
    }
  }

  public static void main(String[] args) throws IOException {
    int employees = Integer.getInteger("employees", 5_000);
    int departments = Integer.getInteger("departments", 50);
    int rawSeconds = Integer.getInteger("rawSeconds", 15);
    List<Integer> workerCounts = List.of(1, 4);
    System.out.printf("# Tablecast queue-worker benchmark, %s%n%n", ProjectorBenchmark.now());
    System.out.printf("%,d employees per worker count, hired, then transferred once, then archived; %d departments; "
        + "machine: %d processors, Java %s%n%n", employees, departments, Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"));
    List<Drain> drains = new ArrayList<>();
    List<double[]> raw = new ArrayList<>();
    try (ScratchDir dir = ScratchDir.create("tablecast-worker-bench-");
        EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir.resolve("runtime")))) {
      Namespace namespace = new Namespace("wb" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
      KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 6);
      TopicNames topics = TopicNames.of(namespace, EventTopicNames.ALL);
      TopicProvisioner.ensureTopics(kafka, topics);
      StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
      StorageProbe requests = new StorageProbe();
      AzureClients azure = new AzureClients(storage, List.of(requests));
      Generation generation = new Generation(HR, namespace, 1);
      ProjectorConfig config = ProjectorConfig.of(namespace, kafka, storage, new HttpSettings("127.0.0.1", 0))
          .withWorkers(WorkerSettings.DEFAULT.withPerQueue(0));
      WorkerWorkload workload = new WorkerWorkload(departments);
      try (ProjectorService projector = ProjectorService.start(config);
          PhaseWriter writer = new PhaseWriter(runtime.bootstrapServers(), topics, namespace.prefix() + "-worker-bench")) {
        long applied = 0;
        applied = project(writer, projector, workload.departments(), applied);
        for (int workers : workerCounts) {
          List<Integer> batch = workload.nextBatch(employees);
          for (WorkerWorkload.Kind kind : WorkerWorkload.Kind.values()) {
            applied = project(writer, projector, workload.events(kind, batch), applied);
            drains.add(print(drain(azure, generation, kind.label(), workers, batch.size(), requests)));
          }
          // A burst as it comes live: each employee's hire, transfer and archive queued before any is worked.
          List<Integer> together = workload.nextBatch(employees);
          List<DomainEvent> all = new ArrayList<>();
          for (WorkerWorkload.Kind kind : WorkerWorkload.Kind.values()) {
            all.addAll(workload.events(kind, together));
          }
          applied = project(writer, projector, all, applied);
          drains.add(print(drain(azure, generation, "all three at once", workers, all.size(), requests)));
          raw.add(RawQueueRoundTrips.measure(azure, workers, rawSeconds));
          System.out.printf("raw round trips, %d thread(s): %,.0f messages/s%n", workers, raw.get(raw.size() - 1)[0]);
        }
      }
    }
    report(drains, raw, workerCounts);
  }

  private static long project(PhaseWriter writer, ProjectorService projector, List<DomainEvent> events, long applied) {
    writer.write(events);
    writer.commit();
    long target = applied + events.size();
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (PromMetrics.scrape(projector.uri()).sum("tablecast_projector_events_applied_total") < target) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("The projector did not apply " + events.size() + " events in " + TIMEOUT);
      }
      ProcessCpu.sleep(200);
    }
    return target;
  }

  private static Drain print(Drain d) {
    System.out.printf("%d worker(s): %,d %s in %.1f s (%,.0f/s, %.1f storage requests per item, %,d deferred)%n",
        d.workers(), d.items(), d.kind(), d.seconds(), d.perSecond(), (double) d.requests() / d.items(), d.deferred());
    return d;
  }

  private static Drain drain(AzureClients azure, Generation generation, String kind, int workers, long items, StorageProbe requests) {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    long requestsBefore = requests.count();
    long t0 = System.nanoTime();
    try (StepWorkers running = StepWorkers.start(azure, generation, HrProjections.VIEWS.steps(),
        WorkerSettings.DEFAULT.withPerQueue(workers), new ViewSetMetrics(registry, generation.viewSet().name()), Tracing.OFF,
        Clock.systemUTC())) {
      long deadline = t0 + TIMEOUT.toNanos();
      while (items(registry, "done") < items) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("The workers did not finish " + items + " " + kind + " items in " + TIMEOUT);
        }
        ProcessCpu.sleep(20);
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      return new Drain(workers, kind, items, seconds, requests.count() - requestsBefore, (long) items(registry, "deferred"));
    }
  }

  private static double items(SimpleMeterRegistry registry, String outcome) {
    return registry.find("tablecast.worker.items").tag("outcome", outcome).counters().stream().mapToDouble(Counter::count).sum();
  }

  private static void report(List<Drain> drains, List<double[]> raw, List<Integer> workerCounts) {
    System.out.println();
    System.out.println("| workers per queue | work | items | seconds | **items/s** | storage requests per item | items deferred "
        + "| raw round trips/s, as many threads | **ratio** |");
    System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    for (Drain d : drains) {
      double ceiling = raw.get(workerCounts.indexOf(d.workers()))[0];
      System.out.printf("| %d | %s | %,d | %.1f | **%,.0f** | %.1f | %,d | %,.0f | **%.2f×** |%n", d.workers(), d.kind(), d.items(),
          d.seconds(), d.perSecond(), (double) d.requests() / d.items(), d.deferred(), ceiling, d.perSecond() / ceiling);
    }
    System.out.println();
    System.out.println("Target: work items/s at least 5× the raw single-message round trips/s.");
  }
}
