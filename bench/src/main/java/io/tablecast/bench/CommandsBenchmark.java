package io.tablecast.bench;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The commands benchmark: HTTP commands/s and latency per command kind at several concurrencies against
 * the embedded runtime, next to the raw Kafka producer ceiling for records of the same size,
 * measured in the same run so that their ratio survives a noisy, shared machine.
 *
 * <p>One run: start Kafka and Azurite in a temporary directory and a {@link CommandsService} in a
 * fresh namespace; create one department per client of the largest concurrency; measure the raw
 * and transactional producer ceilings; then, for each mix (hires only, the command mix) and each
 * concurrency, a warm-up and {@code rounds} rounds of {@code seconds}. Last, it counts the records
 * the pipeline committed per command. The temporary directory is deleted at the end.
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
    try (ScratchDir dir = ScratchDir.create("tablecast-bench-")) {
      run(settings, dir.path(), new Report(System.out));
    }
  }

  private static void run(BenchSettings settings, Path dir, Report report) {
    report.line("# Tablecast commands benchmark, %s", OffsetDateTime.now().withNano(0));
    report.line("clients %s, mixes %s, %d round(s) of %d s each, %d s warm-up each, %d partitions, command timeout %d s;"
            + " before them a JIT warm-up of up to %d s", settings.clients(), settings.mixes(), settings.rounds(), settings.seconds(),
        settings.warmup(), settings.partitions(), COMMAND_TIMEOUT.toSeconds(), settings.jitWarmupSeconds());
    report.line("machine: %d processors, Java %s, %s %s, max heap %d MiB", Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"), System.getProperty("os.name"), System.getProperty("os.arch"),
        Runtime.getRuntime().maxMemory() >> 20);
    try (EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(dir.resolve("runtime")))) {
      String prefix = "bench" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000);
      KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), settings.partitions());
      CommandsService service = runtime.closeFirst(CommandsService.start(new CommandsConfig(new Namespace(prefix), kafka,
          new HttpSettings("127.0.0.1", 0), dir.resolve("streams"), COMMAND_TIMEOUT, "bench-1")));
      String ceilingTopic = "ceiling" + prefix.substring("bench".length()) + ".records";
      TopicProvisioner.ensureTopics(kafka, List.of(ceilingTopic));
      try (HttpLoad load = new HttpLoad(service.uri(), settings.maxClients())) {
        load.createDepartments();
        EnvelopeSamples samples = EnvelopeSamples.ofHires(load.departments());
        report.line("ceiling records: the %d command-topic records of %d real hires, mean key %.1f B, mean value %.1f B;"
            + " fresh topic, %d partitions", samples.size(), load.departments().size(), samples.meanKeyBytes(),
            samples.meanValueBytes(), settings.partitions());
        Report.Ceilings ceilings;
        try (ProducerCeiling ceiling = new ProducerCeiling(runtime.bootstrapServers(), ceilingTopic, samples)) {
          ceilings = ceilings(settings, ceiling, report);
        }
        List<List<Report.RoundFigures>> runs = measure(settings, load, report);
        report.line("");
        report.medians(runs, ceilings);
        report.line("");
        report.line("Committed records in %s.* (read_committed; %d departments, %,d commands accepted, warm-ups included):",
            prefix, load.departments().size(), load.succeeded());
        report.line("");
        double busiest = runs.stream().mapToDouble(r -> Report.median(r, Report.RoundFigures::commandsPerSecond)).max().orElse(0);
        report.census(TopicCensus.count(runtime.bootstrapServers(), prefix + "."), prefix + ".", load.departments().size(),
            load.succeeded(), busiest, ceilings);
      }
    }
  }

  /** The raw and transactional producer ceilings, {@code rounds} times each, on the same broker. */
  private static Report.Ceilings ceilings(BenchSettings settings, ProducerCeiling ceiling, Report report) {
    ceiling.raw(PRODUCER_WARMUP);
    ceiling.transactional(PRODUCER_WARMUP);
    Duration phase = Duration.ofSeconds(settings.seconds());
    List<double[]> rounds = new ArrayList<>();
    for (int i = 1; i <= settings.rounds(); i++) {
      double[] round = {ceiling.raw(phase), ceiling.transactional(phase)};
      rounds.add(round);
      report.line("ceiling round %d: raw %,.0f records/s, transactional %,.0f records/s", i, round[0], round[1]);
    }
    return new Report.Ceilings(Report.median(rounds, r -> r[0]), Report.median(rounds, r -> r[1]));
  }

  /** Each mix at each concurrency: a warm-up, then its rounds. */
  private static List<List<Report.RoundFigures>> measure(BenchSettings settings, HttpLoad load, Report report) {
    report.line("");
    if (settings.jitWarmupSeconds() > 0) {
      boolean mix = settings.mixes().contains("mix");
      JitWarmup.Result jit = JitWarmup.run(seconds -> load.run(Duration.ofSeconds(seconds), settings.maxClients(), mix),
          settings.jitWarmupSeconds());
      report.line("JIT warm-up: %.0f s, %s (compiler threads at %.2f cores in the last %d s), %.1f s of compilation in it, %.1f s"
              + " since the JVM started", jit.seconds(), jit.settled() ? "settled" : "stopped at the maximum", jit.lastCores(),
          JitWarmup.CHECK_SECONDS, jit.compilationSeconds(), jit.totalCompilationSeconds());
      report.line("");
    }
    report.roundHeader();
    Duration phase = Duration.ofSeconds(settings.seconds());
    StreamsProbe probe = new StreamsProbe();
    List<List<Report.RoundFigures>> runs = new ArrayList<>();
    List<String> timings = new ArrayList<>();
    for (String mix : settings.mixes()) {
      for (int clients : settings.clients()) {
        if (settings.warmup() > 0) {
          load.run(Duration.ofSeconds(settings.warmup()), clients, mix.equals("mix"));
        }
        StreamsProbe.Snapshot before = probe.snapshot();
        MachineProbe.Snapshot machineBefore = MachineProbe.snapshot();
        List<Report.RoundFigures> rounds = new ArrayList<>();
        for (int i = 1; i <= settings.rounds(); i++) {
          Report.RoundFigures round = new Report.RoundFigures(mix, clients, i, load.run(phase, clients, mix.equals("mix")));
          rounds.add(round);
          report.round(round);
        }
        timings.add(mix + ", " + clients + " clients: " + probe.describe(before, probe.snapshot(), settings.rounds() * settings.seconds())
            + "; " + MachineProbe.describe(machineBefore, MachineProbe.snapshot()));
        runs.add(rounds);
      }
    }
    report.line("");
    timings.forEach(report::line);
    runs.forEach(rounds -> rounds.forEach(report::errors));
    return runs;
  }

}
