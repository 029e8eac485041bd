package io.tablecast.bench;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.testkit.EmbeddedRuntime;
import io.tablecast.testkit.RuntimeOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * The commands benchmark (issue 3): HTTP commands/s and latency at a fixed concurrency against
 * the embedded runtime, next to the raw Kafka producer ceiling for records of the same size,
 * measured in the same run so that their ratio survives a noisy, shared machine.
 *
 * <p>One run: start Kafka and Azurite in a temporary directory and a {@link CommandsService} in a
 * fresh namespace; create one department per client; warm up; then {@code rounds} rounds of (HTTP
 * load, raw producer, transactional producer), {@code seconds} each, back to back. Last, it counts
 * the records the pipeline committed per command. The temporary directory is deleted at the end.
 *
 * <p>A command-line tool: it prints its results to standard output. It asserts nothing about
 * time. Run it as {@code docs/benchmarks.md} shows; parameters in {@link BenchSettings}.
 */
public final class CommandsBenchmark {

  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration PRODUCER_WARMUP = Duration.ofSeconds(2);

  private CommandsBenchmark() {}

  public static void main(String[] args) throws IOException {
    BenchSettings settings = BenchSettings.fromSystemProperties();
    Path dir = Files.createTempDirectory("tablecast-bench-");
    try {
      run(settings, dir, new Report(System.out));
    } finally {
      deleteRecursively(dir);
    }
  }

  private static void run(BenchSettings settings, Path dir, Report report) {
    report.line("# Tablecast commands benchmark, %s", OffsetDateTime.now().withNano(0));
    report.line("%d clients, %d round(s) of %d s, %d s warm-up, %d partitions, command timeout %d s",
        settings.clients(), settings.rounds(), settings.seconds(), settings.warmup(), settings.partitions(),
        COMMAND_TIMEOUT.toSeconds());
    report.line("machine: %d processors, Java %s, %s %s, max heap %d MiB", Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), System.getProperty("os.name"), System.getProperty("os.arch"),
        Runtime.getRuntime().maxMemory() >> 20);
    report.line("mix: %s", settings.mix());
    try (EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir.resolve("runtime")))) {
      String prefix = "bench" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000);
      KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), settings.partitions());
      CommandsService service = runtime.closeFirst(CommandsService.start(new CommandsConfig(new Namespace(prefix), kafka,
          new HttpSettings("127.0.0.1", 0), dir.resolve("streams"), COMMAND_TIMEOUT, "bench-1")));
      String ceilingTopic = "ceiling" + prefix.substring("bench".length()) + ".records";
      TopicProvisioner.ensureTopics(kafka, List.of(ceilingTopic));
      try (HttpLoad load = new HttpLoad(service.uri(), settings)) {
        load.createDepartments();
        EnvelopeSamples samples = EnvelopeSamples.ofHires(load.departments());
        report.line("ceiling records: the %d command-topic records of %d real hires (3 steps each), mean key %.1f B,"
            + " mean value %.1f B; fresh topic, %d partitions", samples.size(), settings.clients(),
            samples.meanKeyBytes(), samples.meanValueBytes(), settings.partitions());
        try (ProducerCeiling ceiling = new ProducerCeiling(runtime.bootstrapServers(), ceilingTopic, samples)) {
          List<Report.RoundFigures> rounds = measure(settings, load, ceiling, report);
          report.line("");
          report.medians(rounds);
          report.line("");
          long commands = load.hiresSucceeded() + load.patchesSucceeded();
          report.line("Committed records in %s.* (read_committed; %d departments, %,d hires, %,d PATCHes accepted,"
              + " warm-up included):", prefix, settings.clients(), load.hiresSucceeded(), load.patchesSucceeded());
          report.line("");
          report.census(TopicCensus.count(runtime.bootstrapServers(), prefix + "."), prefix + ".", settings.clients(),
              commands, rounds);
        }
      }
    }
  }

  /** The warm-up, then each round: HTTP load, raw producer, transactional producer. */
  private static List<Report.RoundFigures> measure(
      BenchSettings settings, HttpLoad load, ProducerCeiling ceiling, Report report) {
    if (settings.warmup() > 0) {
      HttpLoad.Round warmup = load.run(Duration.ofSeconds(settings.warmup()));
      report.line("warm-up: %,.0f commands/s, %d errors", warmup.commandsPerSecond(), warmup.errorCount());
      ceiling.raw(PRODUCER_WARMUP);
      ceiling.transactional(PRODUCER_WARMUP);
    }
    report.line("");
    report.roundHeader();
    Duration phase = Duration.ofSeconds(settings.seconds());
    List<Report.RoundFigures> rounds = new ArrayList<>();
    for (int i = 1; i <= settings.rounds(); i++) {
      HttpLoad.Round commands = load.run(phase);
      double raw = ceiling.raw(phase);
      double tx = ceiling.transactional(phase);
      Report.RoundFigures round = new Report.RoundFigures(i, commands, raw, tx);
      rounds.add(round);
      report.round(round);
    }
    rounds.forEach(report::errors);
    return rounds;
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.delete(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
