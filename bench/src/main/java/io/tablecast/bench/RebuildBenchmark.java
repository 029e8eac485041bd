package io.tablecast.bench;

import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.events.DomainEvent;
import io.tablecast.projector.adapter.out.tables.ViewStoreBootstrap;
import io.tablecast.testkit.Azurite;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.EmbeddedRuntime;
import io.tablecast.testkit.EventTopicWriter;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.RuntimeOptions;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * The rebuild benchmark (issue 7): a generated log of {@code events} events rebuilt into a new
 * generation by the {@code rebuild} command's code in a JVM of its own with a 512 MiB heap,
 * while a reader reads the views every 20 ms. Reports throughput every {@code interval} events,
 * each beside the raw EGT ceiling of a second Azurite whose table has grown by as many entities
 * (one per event, as {@code EmployeeActivity} grows), the overall rate, the time to drain the
 * queues, the cut-over as readers saw it, and the rebuild's peak heap.
 *
 * <p>Both Azurites keep their data in memory ({@link Azurite.Persistence#MEMORY}): on disk, Azurite
 * rewrites its whole table database every 5 s, a pause that grows with the tables and would be
 * measured instead of the rebuild.
 *
 * <p>A command-line tool that prints Markdown and asserts nothing about time; see
 * {@code docs/benchmarks.md}.
 */
public final class RebuildBenchmark {

  private RebuildBenchmark() {}

  /** @param maxMinutes stop the rebuild after this long and report the intervals it reached (0: no limit) */
  record Settings(int events, int interval, int departments, int partitions, long seed, int workers, int maxMinutes) {
    static Settings fromSystemProperties() {
      return new Settings(Integer.getInteger("events", 300_000), Integer.getInteger("interval", 50_000),
          Integer.getInteger("departments", 100), Integer.getInteger("partitions", 3), Long.getLong("seed", 42L),
          Integer.getInteger("workers", 4), Integer.getInteger("maxMinutes", 0));
    }
  }

  public static void main(String[] args) throws Exception {
    Settings s = Settings.fromSystemProperties();
    Path dir = Files.createTempDirectory("tablecast-rebuild-bench-");
    try (EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir.resolve("runtime")).azuriteInMemory())) {
      RuntimeOptions.Ports raw = RuntimeOptions.Ports.free();
      try (Azurite rawAzurite = Azurite.start(dir.resolve("raw-azurite"), raw.blob(), raw.queue(), raw.table(), Azurite.Persistence.MEMORY)) {
        run(s, runtime, rawAzurite, dir);
      }
    } finally {
      ProjectorBenchmark.deleteRecursively(dir);
    }
  }

  private static void run(Settings s, EmbeddedRuntime runtime, Azurite rawAzurite, Path dir) throws Exception {
    Namespace namespace = new Namespace("rb" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), s.partitions());
    TopicNames topics = TopicNames.of(namespace);
    TopicProvisioner.ensureTopics(kafka, topics.all());
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    AzureClients azure = new AzureClients(storage);
    ViewStoreBootstrap.ensure(azure, namespace);

    System.out.printf("## Rebuild benchmark: %,d events (HrHistory TYPICAL, %d departments, seed %d), %d partitions, %d workers per queue%n%n",
        s.events(), s.departments(), s.seed(), s.partitions(), s.workers());
    List<DomainEvent> events = HrHistory.generate(s.seed(), s.departments(), s.events(), HrHistory.Mix.TYPICAL);
    long started = System.nanoTime();
    try (EventTopicWriter writer = new EventTopicWriter(runtime.bootstrapServers(), topics)) {
      writer.write(events);
    }
    System.out.printf("Log written in %.1f s.%n%n", seconds(started));
    events = null;
    long offsets = endOffsets(runtime.bootstrapServers(), topics.eventTopics());

    try (ViewsService views = ViewsService.start(ViewsConfig.of(namespace, storage, kafka, new HttpSettings("127.0.0.1", 0)));
        CutOverReader reader = CutOverReader.start(views.uri().resolve("/departments/D1"))) {
      System.out.printf("Raw EGT ceiling first, on a second Azurite: 100-entity EGTs on 4 threads into one table that grows by %,d"
          + " entities per interval (one per event, as EmployeeActivity grows).%n%n", s.interval());
      Map<String, String> env = Map.of("TABLECAST_NAMESPACE", namespace.prefix(), "TABLECAST_KAFKA_BOOTSTRAP", runtime.bootstrapServers(),
          "TABLECAST_STORAGE_CONNECTION_STRING", runtime.storageConnectionString(), "TABLECAST_PARTITIONS", Integer.toString(s.partitions()),
          "TABLECAST_WORKERS", Integer.toString(s.workers()));
      RawLoaders.Run[] ceilings = ceilings(rawAzurite, s);
      System.out.println("| events | rebuild events/s | raw EGT entities/s at that table size | ratio |");
      System.out.println("|---|---|---|---|");
      long t0 = System.nanoTime();
      long deadline = s.maxMinutes() > 0 ? t0 + Duration.ofMinutes(s.maxMinutes()).toNanos() : Long.MAX_VALUE;
      int crossed = 0;
      double previous = 0;
      try (ChildJvm rebuild = ChildJvm.start(dir.resolve("rebuild.out"), env, RebuildRun.class, "PT10S")) {
        double step = (double) offsets * s.interval() / s.events();
        long applied = 0;
        while (applied < offsets && System.nanoTime() < deadline) {
          Thread.sleep(250);
          applied = applied(azure, namespace);
          while (crossed < ceilings.length && applied >= Math.min(offsets, Math.round(step * (crossed + 1)))) {
            double at = seconds(t0);
            double rate = s.interval() / (at - previous);
            System.out.printf("| %,d–%,d | %,.0f | %,.0f | %.2f |%n", crossed * s.interval(), (crossed + 1) * s.interval(), rate,
                ceilings[crossed].perSecond(), rate / ceilings[crossed].perSecond());
            previous = at;
            crossed++;
          }
        }
        if (applied < offsets) {
          System.out.printf("%nStopped after %d min (-DmaxMinutes), at %,d of %,d records of the log; peak heap so far %s MiB (-Xmx512m).%n",
              s.maxMinutes(), applied, offsets, lastValue(rebuild, "HEAP_MIB="));
          rebuild.signal("KILL");
          verify(dir, env, "2");
          return;
        }
        double projected = seconds(t0);
        if (!rebuild.awaitExit(Duration.ofHours(2))) {
          throw new IllegalStateException("The rebuild did not finish: " + rebuild.tail());
        }
        double total = seconds(t0);
        reader.close();
        System.out.printf("%nProjection of the whole log: %.1f s, %,.0f events/s overall (JVM start included).%n", projected,
            s.events() / projected);
        System.out.printf("Queue work drained, flipped, old generation dropped (10 s grace): %.1f s in all.%n", total);
        System.out.printf("Peak heap of the rebuild's JVM (-Xmx512m; the sum of the heap pools' peaks): %s MiB.%n%n",
            value(rebuild, "PEAK_HEAP_MIB="));
        reader.report(Long.parseLong(value(rebuild, "FLIPPED_AT=")));
      }
      verify(dir, env);
    }
  }

  private static void verify(Path dir, Map<String, String> env, String... generation) {
    try (ChildJvm verify = ChildJvm.start(dir.resolve("verify.out"), env, VerifyRun.class, generation)) {
      if (!verify.awaitExit(Duration.ofHours(1))) {
        throw new IllegalStateException("verify did not finish: " + verify.tail());
      }
      System.out.printf("%nVerify of generation %s against the whole log: %s events read, %s differences, %s s, peak heap %s MiB"
          + " (-Xmx512m).%n", generation.length == 0 ? "2 (active)" : generation[0] + " (stopped midway)", value(verify, "EVENTS="),
          value(verify, "DIFFERENCES="), value(verify, "SECONDS="), value(verify, "PEAK_HEAP_MIB="));
    }
  }

  private static String lastValue(ChildJvm jvm, String prefix) {
    List<String> lines = jvm.output().stream().filter(l -> l.startsWith(prefix)).toList();
    return lines.isEmpty() ? "?" : lines.get(lines.size() - 1).substring(prefix.length());
  }

  private static String value(ChildJvm jvm, String prefix) {
    return jvm.awaitLine(l -> l.startsWith(prefix), Duration.ofSeconds(1)).substring(prefix.length());
  }

  private static RawLoaders.Run[] ceilings(Azurite rawAzurite, Settings s) {
    AzureClients rawSide = new AzureClients(StorageSettings.ofConnectionString(rawAzurite.connectionString()));
    RawLoaders.Run[] runs = new RawLoaders.Run[s.events() / s.interval()];
    try (RawLoaders loaders = new RawLoaders(rawSide, 4, 8, s.seed())) {
      for (int k = 0; k < runs.length; k++) {
        runs[k] = loaders.egt(s.interval(), s.interval());
      }
    }
    return runs;
  }

  private static long applied(AzureClients azure, Namespace namespace) {
    return CheckpointRows.recordsApplied(azure.table(new CatalogTables(namespace).projectorCheckpoints()), new Generation(namespace, 2));
  }

  /** The sum of the end offsets of the event topics' partitions. */
  private static long endOffsets(String bootstrapServers, List<String> topics) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      admin.describeTopics(topics).allTopicNames().get().forEach((topic, d) ->
          d.partitions().forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest())));
      return admin.listOffsets(latest).all().get().values().stream().mapToLong(ListOffsetsResultInfo::offset).sum();
    }
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }
}
