package io.tablecast.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** Prints the benchmark's figures as Markdown tables, ready for {@code docs/benchmarks.md}. */
final class Report {

  private final PrintStream out;

  Report(PrintStream out) {
    this.out = out;
  }

  /** One round of one mix and concurrency. */
  record RoundFigures(String mix, int clients, int round, HttpLoad.Round commands) {

    double commandsPerSecond() {
      return commands.commandsPerSecond();
    }

    double percentile(CommandKind kind, double percentile) {
      return commands.latencies().get(kind).percentileMillis(percentile);
    }

    double max(CommandKind kind) {
      return commands.latencies().get(kind).maxMillis();
    }
  }

  /** The producer ceilings, medians of their rounds. */
  record Ceilings(double rawPerSecond, double txPerSecond) {}

  void line(String format, Object... args) {
    out.println(String.format(Locale.ROOT, format, args));
  }

  void roundHeader() {
    line("| mix | clients | round | commands/s | errors | %s |",
        String.join(" | ", java.util.Arrays.stream(CommandKind.values()).map(k -> k.name().toLowerCase(Locale.ROOT) + " p50/p99/max ms").toList()));
    line("|---|---:|---:|---:|---:|%s", "---:|".repeat(CommandKind.values().length));
  }

  void round(RoundFigures r) {
    line("| %s | %d | %d | %,.0f | %d | %s |", r.mix(), r.clients(), r.round(), r.commandsPerSecond(), r.commands().errorCount(),
        String.join(" | ", java.util.Arrays.stream(CommandKind.values()).map(k -> latencies(r.commands().latencies().get(k))).toList()));
  }

  private static String latencies(Latencies l) {
    return l.count() == 0 ? "" : String.format(Locale.ROOT, "%.0f / %.0f / %.0f", l.percentileMillis(50), l.percentileMillis(99), l.maxMillis());
  }

  /** Errors of a round, by kind, with one answer body each; nothing when there were none. */
  void errors(RoundFigures r) {
    r.commands().errors().forEach((kind, n) -> line("  %s, %d clients, round %d: %d x %s, e.g. %s", r.mix(), r.clients(), r.round(), n,
        kind, abbreviate(r.commands().errorSamples().get(kind))));
  }

  /** Per mix and concurrency, the medians of its rounds, and commands/s against the ceilings measured in the same run. */
  void medians(List<List<RoundFigures>> runs, Ceilings ceilings) {
    line("| mix | clients | commands/s | cmd/s ÷ raw | cmd/s ÷ tx | %s | errors |",
        String.join(" | ", java.util.Arrays.stream(CommandKind.values()).map(k -> k.name().toLowerCase(Locale.ROOT) + " p50 / p99 / max ms").toList()));
    line("|---|---:|---:|---:|---:|%s---:|", "---:|".repeat(CommandKind.values().length));
    for (List<RoundFigures> rounds : runs) {
      double perSecond = median(rounds, RoundFigures::commandsPerSecond);
      StringBuilder kinds = new StringBuilder();
      for (CommandKind kind : CommandKind.values()) {
        boolean seen = rounds.stream().anyMatch(r -> r.commands().latencies().get(kind).count() > 0);
        kinds.append(seen ? String.format(Locale.ROOT, "%.0f / %.0f / %.0f", median(rounds, r -> r.percentile(kind, 50)),
            median(rounds, r -> r.percentile(kind, 99)), median(rounds, r -> r.max(kind))) : "").append(" | ");
      }
      line("| %s | %d | %,.0f | %s | %s | %s%d |", rounds.get(0).mix(), rounds.get(0).clients(), perSecond,
          ratio(perSecond / ceilings.rawPerSecond()), ratio(perSecond / ceilings.txPerSecond()), kinds,
          rounds.stream().mapToLong(r -> r.commands().errorCount()).sum());
    }
    line("");
    line("Producer ceilings (median of their rounds): raw %,.0f records/s; transactional (commit every %d ms) %,.0f records/s.",
        ceilings.rawPerSecond(), ProducerCeiling.COMMIT_INTERVAL_MS, ceilings.txPerSecond());
  }

  /**
   * The records the pipeline committed, per topic and per accepted command, so that the ratio
   * can be read in records as well as in commands. Each department creation commits exactly 3
   * records (its command, its changelog entry, its event); those are taken out of the per-command
   * figure, which is then per command of the mixes measured.
   */
  void census(Map<String, Long> perTopic, String prefix, int departments, long commands, double commandsPerSecond, Ceilings ceilings) {
    long total = perTopic.values().stream().mapToLong(Long::longValue).sum();
    line("| topic | committed records |");
    line("|---|---:|");
    perTopic.forEach((topic, n) -> line("| %s | %,d |", topic.substring(prefix.length()), n));
    line("| all | %,d |", total);
    double perCommand = (double) (total - 3L * departments) / commands;
    double recordsPerSecond = commandsPerSecond * perCommand;
    line("");
    line("Records committed per command: %.2f. At %,.0f commands/s the pipeline commits about %,.0f"
        + " records/s: %.2f%% of the raw producer ceiling, %.2f%% of the transactional one.", perCommand,
        commandsPerSecond, recordsPerSecond, 100 * recordsPerSecond / ceilings.rawPerSecond(),
        100 * recordsPerSecond / ceilings.txPerSecond());
  }

  static <T> double median(List<T> rounds, ToDoubleFunction<T> figure) {
    double[] values = rounds.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).sorted().toArray();
    if (values.length == 0) {
      return Double.NaN;
    }
    int n = values.length;
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  }

  /** {@code 0.00123 (1 : 813)}. */
  private static String ratio(double ratio) {
    return String.format(Locale.ROOT, "%.5f (1 : %,.0f)", ratio, 1 / ratio);
  }

  private static String abbreviate(String text) {
    if (text == null) {
      return "(no body)";
    }
    String oneLine = text.replaceAll("\\s+", " ");
    return oneLine.length() <= 300 ? oneLine : oneLine.substring(0, 300) + "...";
  }
}
