package io.tablecast.bench;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.embedded.Azurite;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EventTopicNames;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.ProjectorService;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.StorageProbe;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.common.TopicPartition;

/**
 * The projector benchmark (issue 4): projects a generated HR workload into Azurite and compares
 * its speed with raw loaders that make the same writes, at the same table size, in the same run.
 *
 * <p>One run: start Kafka and Azurite (the projector's) and a second Azurite (the raw loaders'),
 * in a temporary directory; generate the workload; then, for each phase: write the phase's events
 * in an open Kafka transaction, start the projector, commit (the timer starts), wait until every
 * event of the phase is applied (the timer stops), stop the projector, and run the raw loaders on
 * their own Azurite for exactly the writes the projector made in that phase: its EGT-batchable
 * writes in 100-entity EGTs, its single-partition writes as concurrent single upserts, its queue
 * messages as concurrent sends. The raw tables grow by as many rows as the projector's did, so
 * after every phase each raw table is as large as the projector table it stands for.
 *
 * <p>A command-line tool: it prints Markdown tables to standard output and asserts nothing about
 * time. Run it as {@code docs/benchmarks.md} shows; parameters in {@link ProjectorBenchSettings}.
 */
public final class ProjectorBenchmark {

  /**
   * How often the benchmark scrapes the projector's metrics while it waits. A scrape costs the
   * projector's JVM some CPU (at 100 ms it was about 8 % of the JVM's samples), and the phase's end is
   * taken from the probe, not from the scrape, so a slow poll costs no precision.
   */
  private static final Duration POLL = Duration.ofSeconds(1);
  private static final double IDLE_WAIT_SECONDS = 30;
  /** Reads of each kind in the read check after each phase (not part of any ratio). */
  private static final int READ_SAMPLES = 400;

  private ProjectorBenchmark() {}

  public static void main(String[] args) throws IOException {
    ProjectorBenchSettings settings = ProjectorBenchSettings.fromSystemProperties();
    try (ScratchDir dir = ScratchDir.create("tablecast-projector-bench-")) {
      run(settings, dir.path(), new ProjectorReport(System.out));
    }
  }

  private static void run(ProjectorBenchSettings s, Path dir, ProjectorReport report) {
    report.header(s);
    List<DomainEvent> events = HrHistory.generate(s.seed(), s.departments(), s.events(), HrHistory.Mix.TYPICAL);
    List<List<DomainEvent>> phases = split(events, s.phases());
    report.workload(events, phases);
    RuntimeOptions options = RuntimeOptions.freePorts(dir.resolve("runtime"));
    try (EmbeddedRuntime runtime = EmbeddedRuntime.start(options)) {
      RuntimeOptions.Ports ceilingPorts = RuntimeOptions.Ports.free();
      try (Azurite ceilingAzurite = Azurite.start(dir.resolve("raw-azurite"), ceilingPorts.blob(), ceilingPorts.queue(),
          ceilingPorts.table())) {
        run(s, runtime, ceilingAzurite, phases, report);
      }
    }
  }

  private static void run(ProjectorBenchSettings s, EmbeddedRuntime runtime, Azurite rawAzurite,
      List<List<DomainEvent>> phases, ProjectorReport report) {
    Namespace namespace = new Namespace("pb" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), s.partitions());
    TopicNames topics = TopicNames.of(namespace, EventTopicNames.ALL);
    TopicProvisioner.ensureTopics(kafka, topics);
    StorageSettings projectorStorage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    AzureClients projectorSide = new AzureClients(projectorStorage);
    StorageProbe rawProbe = new StorageProbe();
    AzureClients rawSide = new AzureClients(StorageSettings.ofConnectionString(rawAzurite.connectionString()), List.of(rawProbe));
    ProcessCpu projectorAzurite = new ProcessCpu(runtime.azurite().pid());
    ProcessCpu rawAzuriteCpu = new ProcessCpu(rawAzurite.pid());

    // The two Azurite instances should be alike when empty: a short check. A first, unreported pass on
    // each warms up the SDK's code paths and both Azurites, which otherwise favours whichever goes second.
    RawLoaders.calibrate(projectorSide, "RawCalibration", 1000, 10);
    RawLoaders.calibrate(rawSide, "RawCalibration", 1000, 10);
    double[] calProjector = RawLoaders.calibrate(projectorSide, "RawCalibration", 3000, 30);
    double[] calRaw = RawLoaders.calibrate(rawSide, "RawCalibration", 3000, 30);
    rawProbe.drain();
    report.calibration(calProjector, calRaw);

    StorageProbe probe = new StorageProbe();
    ProjectorConfig config = ProjectorConfig.of(namespace, kafka, projectorStorage, new HttpSettings("127.0.0.1", 0))
        .withMaxPollRecords(s.maxPoll())
        .withThreads(Integer.getInteger("projectorThreads", 8))
        .withWorkers(WorkerSettings.DEFAULT.withPerQueue(0)); // the projector alone; its work items wait on the queues
    report.line("Projector: %d storage threads, max.poll.records %d, namespace %s; raw loaders: EGT %d threads,"
        + " single upserts and queue sends %d threads.", config.threads(), config.maxPollRecords(), namespace,
        s.egtThreads(), s.singleThreads());
    report.line("");
    List<PhaseResult> results = new ArrayList<>();
    TableClient checkpoints = projectorSide.table(new CatalogTables(namespace).projectorCheckpoints());
    try (PhaseWriter writer = new PhaseWriter(runtime.bootstrapServers(), topics, namespace.prefix() + "-bench-writer");
        RawLoaders loaders = new RawLoaders(rawSide, s.egtThreads(), s.singleThreads(), s.seed())) {
      rawProbe.drain();
      ProjectorService service = null;
      long cumulative = 0;
      List<Long> naive = NaiveWrites.perPhase(phases);
      try {
        for (int k = 0; k < phases.size(); k++) {
          List<DomainEvent> phase = phases.get(k);
          cumulative += phase.size();
          PhaseResult r = new PhaseResult(k + 1, phase.size(), cumulative, expectedGrowth(phase, k == 0, s.departments()));
          r.naiveWrites = naive.get(k);
          long started = System.nanoTime();
          Map<TopicPartition, Long> last = writer.write(phase);
          r.writeSeconds = seconds(started);
          if (service == null) {
            started = System.nanoTime();
            service = ProjectorService.start(config, List.of(probe));
            awaitAssigned(service, 2 * s.partitions());
            r.startSeconds = seconds(started);
          }
          r.idleWaitSeconds += ProcessCpu.awaitIdle(IDLE_WAIT_SECONDS, projectorAzurite, rawAzuriteCpu);
          probe.drain(); // start-up and idle heartbeats: not part of the phase
          PromMetrics before = PromMetrics.scrape(service.uri());
          double azuriteBefore = projectorAzurite.seconds();
          double jvmBefore = ProcessCpu.jvmSeconds();
          double machineBefore = ProcessCpu.machineSeconds();
          double rawAzuriteBefore = rawAzuriteCpu.seconds();
          long t0 = System.nanoTime();
          writer.commit();
          awaitApplied(service, before, phase.size(), Duration.ofMinutes(s.phaseTimeoutMinutes()));
          StorageProbe.Window window = probe.drain();
          long t1 = Math.max(window.lastEnd(), t0);
          r.projectorSeconds = (t1 - t0) / 1e9;
          r.projectorAzuriteCpu = projectorAzurite.seconds() - azuriteBefore;
          r.jvmCpu = ProcessCpu.jvmSeconds() - jvmBefore;
          r.foreignCpu = ProcessCpu.machineSeconds() - machineBefore - r.jvmCpu - r.projectorAzuriteCpu
              - (rawAzuriteCpu.seconds() - rawAzuriteBefore);
          PromMetrics after = PromMetrics.scrape(service.uri());
          r.projector(before, after, window, t0, t1);
          verifyApplied(checkpoints, last);
          if (!s.keepProjector()) {
            started = System.nanoTime();
            service.close();
            service = null;
            r.closeSeconds = seconds(started);
          }
          r.idleWaitSeconds += ProcessCpu.awaitIdle(IDLE_WAIT_SECONDS, projectorAzurite, rawAzuriteCpu);
          measureCeilings(r, loaders, rawProbe, rawAzuriteCpu, projectorAzurite);
          r.projectorAzuriteRss = projectorAzurite.rssMiB();
          r.rawAzuriteRss = rawAzuriteCpu.rssMiB();
          results.add(r);
          report.phaseDone(r);
        }
      } finally {
        if (service != null) {
          service.close();
        }
      }
    }
    report.results(results);
    report.failures("projector", probe.failureExamples());
    report.failures("raw loaders", rawProbe.failureExamples());
  }

  /** The raw loaders, for exactly the writes the projector made in the phase, each after an idle Azurite. */
  private static void measureCeilings(PhaseResult r, RawLoaders loaders, StorageProbe rawProbe,
      ProcessCpu rawAzurite, ProcessCpu projectorAzurite) {
    rawProbe.drain();
    double cpu = rawAzurite.seconds();
    double jvm = ProcessCpu.jvmSeconds();
    double machine = ProcessCpu.machineSeconds();
    double other = projectorAzurite.seconds();
    r.egt = loaders.egt(r.egtWrites(), r.growthEmployees);
    r.rawAzuriteCpuEgt = rawAzurite.seconds() - cpu;
    r.rawJvmCpuEgt = ProcessCpu.jvmSeconds() - jvm;
    r.foreignCpuEgt = ProcessCpu.machineSeconds() - machine - r.rawAzuriteCpuEgt - r.rawJvmCpuEgt
        - (projectorAzurite.seconds() - other);
    r.idleWaitSeconds += ProcessCpu.awaitIdle(IDLE_WAIT_SECONDS, projectorAzurite, rawAzurite);
    cpu = rawAzurite.seconds();
    jvm = ProcessCpu.jvmSeconds();
    machine = ProcessCpu.machineSeconds();
    other = projectorAzurite.seconds();
    r.single = loaders.single(r.locatorWrites, r.growthIndex, r.activityWrites, r.growthActivity);
    r.rawAzuriteCpuSingle = rawAzurite.seconds() - cpu;
    r.rawJvmCpuSingle = ProcessCpu.jvmSeconds() - jvm;
    r.foreignCpuSingle = ProcessCpu.machineSeconds() - machine - r.rawAzuriteCpuSingle - r.rawJvmCpuSingle
        - (projectorAzurite.seconds() - other);
    r.idleWaitSeconds += ProcessCpu.awaitIdle(IDLE_WAIT_SECONDS, projectorAzurite, rawAzurite);
    r.queue = loaders.queue(r.workMessages, r.queueMessageChars());
    r.idleWaitSeconds += ProcessCpu.awaitIdle(IDLE_WAIT_SECONDS, projectorAzurite, rawAzurite);
    r.readMillis = loaders.reads(READ_SAMPLES);
    r.idleWaitSeconds += ProcessCpu.awaitIdle(IDLE_WAIT_SECONDS, projectorAzurite, rawAzurite);
    r.rawRows = new long[] {loaders.egtRows(), loaders.locatorRows(), loaders.activityRows()};
    StorageProbe.Window window = rawProbe.drain();
    r.rawLabels = window.byLabel(Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /** Waits until the projector owns every partition of the two event topics (one lag gauge each). */
  private static void awaitAssigned(ProjectorService service, int partitions) {
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (PromMetrics.scrape(service.uri()).count("tablecast_projector_lag") < partitions) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("The projector was not assigned its " + partitions + " partitions in 2 minutes");
      }
      ProcessCpu.sleep(POLL.toMillis());
    }
  }

  /** Waits until the projector has applied {@code events} more events than at {@code before}. */
  private static void awaitApplied(ProjectorService service, PromMetrics before, int events, Duration timeout) {
    String applied = "tablecast_projector_events_applied_total";
    double target = before.sum(applied) + events;
    long deadline = System.nanoTime() + timeout.toNanos();
    while (PromMetrics.scrape(service.uri()).sum(applied) < target) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("The phase was not applied within " + timeout);
      }
      ProcessCpu.sleep(POLL.toMillis());
    }
  }

  /** Every partition's {@code AppliedOffset} in {@code ProjectorCheckpoints} reaches the phase's last record. */
  private static void verifyApplied(TableClient checkpoints, Map<TopicPartition, Long> last) {
    Map<String, Long> applied = new HashMap<>();
    for (TableEntity row : checkpoints.listEntities(new ListEntitiesOptions(), Duration.ofSeconds(30), Context.NONE)) {
      Object offset = row.getProperty("AppliedOffset");
      if (offset instanceof Number n) {
        applied.put(row.getRowKey(), n.longValue());
      }
    }
    last.forEach((partition, offset) -> {
      long done = applied.getOrDefault(partition.topic() + "-" + partition.partition(), -1L);
      if (done < offset) {
        throw new IllegalStateException("Checkpoint of " + partition + " is " + done + ", expected " + offset);
      }
    });
  }

  /** Equal consecutive slices; the first keeps the department creations at its head. */
  static List<List<DomainEvent>> split(List<DomainEvent> events, int phases) {
    List<List<DomainEvent>> slices = new ArrayList<>();
    int size = events.size();
    for (int k = 0; k < phases; k++) {
      slices.add(events.subList((int) ((long) size * k / phases), (int) ((long) size * (k + 1) / phases)));
    }
    return slices;
  }

  /** Counts by event type, in order of first appearance. */
  static Map<String, Integer> byType(List<DomainEvent> events) {
    Map<String, Integer> counts = new TreeMap<>();
    events.forEach(e -> counts.merge(e.getClass().getSimpleName(), 1, Integer::sum));
    return counts;
  }

  /** Rows the projection rules give for these events: Employees, EmployeeIndex, EmployeeActivity. */
  static long[] expectedGrowth(List<DomainEvent> events, boolean first, int departments) {
    long hires = events.stream().filter(e -> e instanceof EmployeeHired).count();
    long employeeEvents = events.stream().filter(e -> e instanceof EmployeeEvent).count();
    return new long[] {2 * hires + (first ? departments : 0), hires, employeeEvents};
  }

  static double seconds(long startedNanos) {
    return (System.nanoTime() - startedNanos) / 1e9;
  }

  static String now() {
    return OffsetDateTime.now().withNano(0).toString();
  }

}
