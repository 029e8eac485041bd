package io.tablecast.bench;

import static io.tablecast.hr.tables.HrViewSet.HR;

import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.embedded.Azurite;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.operations.application.audit.GenerationLoad;
import io.tablecast.operations.application.audit.LogFold;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.EventTopicWriter;
import io.tablecast.testkit.HrHistory;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import io.tablecast.viewstore.adapter.out.tables.ViewStoreBootstrap;
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
 * The rebuild benchmark: a generated log of {@code events} events rebuilt into a new generation
 * by the {@code rebuild} command's code in a JVM of its own with a 512 MiB heap, while a reader
 * reads the views every 20 ms. Reports the time of each phase (fold, bulk load, catch-up, flip),
 * the load's rows/s per table beside the raw EGT ceiling of a second Azurite growing one table to
 * the same size (measured in {@code interval} steps), the cut-over as readers saw it, the
 * rebuild's peak heap, and then {@code verify} with its own.
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
    try (ScratchDir dir = ScratchDir.create("tablecast-rebuild-bench-");
        EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir.resolve("runtime")).azuriteInMemory())) {
      RuntimeOptions.Ports raw = RuntimeOptions.Ports.free();
      try (Azurite rawAzurite = Azurite.start(dir.resolve("raw-azurite"), raw.blob(), raw.queue(), raw.table(), Azurite.Persistence.MEMORY)) {
        run(s, runtime, rawAzurite, dir.path());
      }
    }
  }

  private static void run(Settings s, EmbeddedRuntime runtime, Azurite rawAzurite, Path dir) throws Exception {
    Namespace namespace = new Namespace("rb" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), s.partitions());
    TopicNames topics = TopicNames.of(namespace, EventTopicNames.ALL);
    TopicProvisioner.ensureTopics(kafka, topics);
    StorageSettings storage = StorageSettings.ofConnectionString(runtime.storageConnectionString());
    AzureClients azure = new AzureClients(storage);
    ViewStoreBootstrap.ensure(azure, namespace, HR);

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
          + " entities per interval.%n%n", s.interval());
      Map<String, String> env = Map.of("TABLECAST_NAMESPACE", namespace.prefix(), "TABLECAST_KAFKA_BOOTSTRAP", runtime.bootstrapServers(),
          "TABLECAST_STORAGE_CONNECTION_STRING", runtime.storageConnectionString(), "TABLECAST_PARTITIONS", Integer.toString(s.partitions()),
          "TABLECAST_WORKERS", Integer.toString(s.workers()));
      RawLoaders.Run[] ceilings = ceilings(rawAzurite, s);
      System.out.println("| raw EGT ceiling: table size | entities/s |");
      System.out.println("|---|---:|");
      for (int k = 0; k < ceilings.length; k++) {
        System.out.printf("| %,d–%,d | %,.0f |%n", k * s.interval(), (k + 1) * s.interval(), ceilings[k].perSecond());
      }
      long t0 = System.currentTimeMillis();
      try (ChildJvm rebuild = ChildJvm.start(dir.resolve("rebuild.out"), env, RebuildRun.class, "PT10S")) {
        Duration limit = s.maxMinutes() > 0 ? Duration.ofMinutes(s.maxMinutes()) : Duration.ofHours(2);
        if (!rebuild.awaitExit(limit)) {
          System.out.printf("%nStopped after %d min (-DmaxMinutes); peak heap so far %s MiB (-Xmx512m). Last lines:%n%s%n",
              limit.toMinutes(), lastValue(rebuild, "HEAP_MIB="), rebuild.tail());
          rebuild.signal("KILL");
          return;
        }
        reader.close();
        report(s, rebuild, t0, offsets, ceilings);
        reader.report(Long.parseLong(value(rebuild, "FLIPPED_AT=")));
      }
      verify(dir, env);
    }
  }

  /** The phases as the rebuild's JVM reported them, the load by table beside the ceiling at the same table size. */
  private static void report(Settings s, ChildJvm rebuild, long t0, long offsets, RawLoaders.Run[] ceilings) {
    long started = Long.parseLong(value(rebuild, "STARTED_AT="));
    long loadedAt = Long.parseLong(value(rebuild, "LOADED_AT="));
    double read = Double.parseDouble(value(rebuild, "READ_S="));
    double load = Double.parseDouble(value(rebuild, "LOAD_S="));
    long rows = Long.parseLong(value(rebuild, "ROWS="));
    long caughtUp = Long.parseLong(value(rebuild, "CAUGHT_UP_AT="));
    long flipped = Long.parseLong(value(rebuild, "FLIPPED_AT="));
    System.out.printf("%n| phase | s |%n|---|---:|%n");
    System.out.printf("| JVM start, claim, tables created | %.1f |%n", (started - t0) / 1e3);
    System.out.printf("| fold, first pass: the log read (%,d records), departments folded, employee events sorted | %.1f |%n", offsets, read);
    System.out.printf("| fold, second pass, and bulk load: employees folded, %,d rows stored | %.1f |%n", rows, load);
    System.out.printf("| catch-up: projector from the load's end to no lag | %.1f |%n", (caughtUp - loadedAt) / 1e3);
    System.out.printf("| queues drained, flip | %.1f |%n", (flipped - caughtUp) / 1e3);
    System.out.printf("| **total, `rebuild` to the flip** | **%.1f** |%n", (flipped - t0) / 1e3);
    System.out.printf("%nFirst pass, per %,d events of the log: %s events/s.%n", s.interval(), readRates(rebuild, s.interval()));
    foldWindows(rebuild, s.interval(), ceilings);

    System.out.printf("%n| table | rows | rows/s over the load | raw EGT entities/s growing one table to that size | ratio |%n");
    System.out.println("|---|---:|---:|---:|---:|");
    long largest = 0;
    for (String line : rebuild.output().stream().filter(l -> l.startsWith("TABLE=")).toList()) {
      String[] fields = line.substring("TABLE=".length()).split(",");
      long tableRows = Long.parseLong(fields[1]);
      largest = Math.max(largest, tableRows);
      double ceiling = ceilingTo(tableRows, s.interval(), ceilings);
      System.out.printf("| %s | %,d | %,.0f | %,.0f | %.2f |%n", fields[0], tableRows, tableRows / load, ceiling, tableRows / load / ceiling);
    }
    double all = ceilingTo(largest, s.interval(), ceilings);
    System.out.printf("| **all** | **%,d** | **%,.0f** | %,.0f (to the largest table's size) | **%.2f** |%n", rows, rows / load, all, rows / load / all);
    System.out.printf("%nPeak heap of the rebuild's JVM (-Xmx512m; the sum of the heap pools' peaks): %s MiB.%n%n",
        value(rebuild, "PEAK_HEAP_MIB="));
  }

  /**
   * The second pass per {@code interval} events folded: the rows stored meanwhile, per second,
   * beside the ceiling at the same table size. Every event adds one row to {@code EmployeeActivity},
   * so after {@code k} windows it holds about {@code k × interval} rows, as the ceiling's table did
   * in its interval {@code k}.
   */
  private static void foldWindows(ChildJvm rebuild, int interval, RawLoaders.Run[] ceilings) {
    List<long[]> rows = new ArrayList<>(); // {count, at}
    List<long[]> folded = new ArrayList<>();
    long previousAt = 0; // the first pass's end
    for (String line : rebuild.output().stream().filter(l -> l.startsWith("LOAD=")).toList()) {
      String[] fields = line.substring("LOAD=".length()).split(",");
      long[] point = {Long.parseLong(fields[1]), Long.parseLong(fields[2])};
      if (fields[0].equals(GenerationLoad.ROWS_LOADED)) {
        rows.add(point);
      } else if (fields[0].equals(LogFold.EVENTS_FOLDED)) {
        folded.add(point);
      } else if (fields[0].equals(LogFold.EVENTS_READ)) {
        previousAt = point[1];
      }
    }
    System.out.printf("%n| events folded | rows stored/s | raw EGT entities/s at that table size | ratio |%n|---|---:|---:|---:|%n");
    long previousRows = 0;
    long previousEvents = 0;
    int k = 0;
    for (long[] point : folded) {
      if (point[0] == previousEvents) {
        continue; // the closing report of a count already reported
      }
      long at = point[1];
      long stored = rows.stream().filter(r -> r[1] <= at).mapToLong(r -> r[0]).max().orElse(0);
      double rate = (stored - previousRows) * 1e3 / Math.max(1, at - previousAt);
      double ceiling = ceilings[Math.min(k++, ceilings.length - 1)].perSecond();
      System.out.printf("| %,d–%,d | %,.0f | %,.0f | %.2f |%n", previousEvents, point[0], rate, ceiling, rate / ceiling);
      previousAt = at;
      previousRows = stored;
      previousEvents = point[0];
    }
  }

  /** The first pass's rate over each {@code interval} events, from its progress lines. */
  private static String readRates(ChildJvm rebuild, int interval) {
    List<String> rates = new ArrayList<>();
    long previousAt = Long.parseLong(value(rebuild, "STARTED_AT="));
    long previousCount = 0;
    for (String line : rebuild.output().stream().filter(l -> l.startsWith("LOAD=" + LogFold.EVENTS_READ + ",")).toList()) {
      String[] fields = line.substring("LOAD=".length()).split(",");
      long count = Long.parseLong(fields[1]);
      long at = Long.parseLong(fields[2]);
      if (count - previousCount >= interval) {
        rates.add(String.format("%,.0f", (count - previousCount) * 1e3 / Math.max(1, at - previousAt)));
        previousAt = at;
        previousCount = count;
      }
    }
    return String.join(", ", rates);
  }

  /** Raw EGT entities/s of growing one table from empty to {@code size} entities, from the measured intervals. */
  static double ceilingTo(long size, int interval, RawLoaders.Run[] ceilings) {
    double seconds = 0;
    long left = size;
    for (int k = 0; left > 0; k++) {
      RawLoaders.Run run = ceilings[Math.min(k, ceilings.length - 1)];
      long part = Math.min(left, interval);
      seconds += part / run.perSecond();
      left -= part;
    }
    return seconds == 0 ? 0 : size / seconds;
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
