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

  /**
   * One round: the HTTP load, then the two producer ceilings, measured back to back.
   *
   * @param rawPerSecond records/s of the plain producer ceiling
   * @param txPerSecond records/s of the producer committing every 50 ms
   */
  record RoundFigures(int round, HttpLoad.Round commands, double rawPerSecond, double txPerSecond) {

    double commandsPerSecond() {
      return commands.commandsPerSecond();
    }

    double p50() {
      return commands.hires().percentileMillis(50);
    }

    double p99() {
      return commands.hires().percentileMillis(99);
    }

    double max() {
      return commands.hires().maxMillis();
    }

    double mean() {
      return commands.hires().meanMillis();
    }

    double ratioRaw() {
      return commandsPerSecond() / rawPerSecond;
    }

    double ratioTx() {
      return commandsPerSecond() / txPerSecond;
    }
  }

  void line(String format, Object... args) {
    out.println(String.format(Locale.ROOT, format, args));
  }

  void roundHeader() {
    line("| round | commands/s | hire p50 ms | hire p99 ms | hire max ms | hire mean ms | errors "
        + "| raw producer rec/s | tx producer rec/s | cmd/s ÷ raw | cmd/s ÷ tx |");
    line("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  }

  void round(RoundFigures r) {
    line("| %d | %,.0f | %.0f | %.0f | %.0f | %.0f | %d | %,.0f | %,.0f | %.5f | %.5f |", r.round(), r.commandsPerSecond(),
        r.p50(), r.p99(), r.max(), r.mean(), r.commands().errorCount(), r.rawPerSecond(), r.txPerSecond(),
        r.ratioRaw(), r.ratioTx());
    HttpLoad.Round c = r.commands();
    if (c.patches().count() > 0) {
      line("|   | PATCH p50 %.0f ms, p99 %.0f ms, %d answered | | | | | | | | | |",
          c.patches().percentileMillis(50), c.patches().percentileMillis(99), c.patches().count());
    }
  }

  /** Errors of a round, by kind, with one answer body each; nothing when there were none. */
  void errors(RoundFigures r) {
    r.commands().errors().forEach((kind, n) ->
        line("  round %d: %d x %s, e.g. %s", r.round(), n, kind, abbreviate(r.commands().errorSamples().get(kind))));
  }

  void medians(List<RoundFigures> rounds) {
    line("| median of %d rounds | value |", rounds.size());
    line("|---|---:|");
    line("| commands/s | %,.0f |", median(rounds, RoundFigures::commandsPerSecond));
    line("| hire latency p50 | %.0f ms |", median(rounds, RoundFigures::p50));
    line("| hire latency p99 | %.0f ms |", median(rounds, RoundFigures::p99));
    line("| errors (all rounds) | %d |", rounds.stream().mapToLong(r -> r.commands().errorCount()).sum());
    line("| raw producer ceiling | %,.0f records/s |", median(rounds, RoundFigures::rawPerSecond));
    line("| transactional producer ceiling (commit every %d ms) | %,.0f records/s |",
        ProducerCeiling.COMMIT_INTERVAL_MS, median(rounds, RoundFigures::txPerSecond));
    line("| ratio commands/s ÷ raw ceiling | %s |", ratio(median(rounds, RoundFigures::ratioRaw)));
    line("| ratio commands/s ÷ transactional ceiling | %s |", ratio(median(rounds, RoundFigures::ratioTx)));
  }

  /**
   * The records the pipeline committed, per topic and per accepted command, so that the ratio
   * can be read in records as well as in commands. Each department creation commits exactly 3
   * records (its command, its changelog entry, its event); those are taken out of the per-command
   * figure, which is then per hire (or PATCH).
   */
  void census(Map<String, Long> perTopic, String prefix, int departments, long commands, List<RoundFigures> rounds) {
    long total = perTopic.values().stream().mapToLong(Long::longValue).sum();
    line("| topic | committed records |");
    line("|---|---:|");
    perTopic.forEach((topic, n) -> line("| %s | %,d |", topic.substring(prefix.length()), n));
    line("| all | %,d |", total);
    double perCommand = (double) (total - 3L * departments) / commands;
    double commandsPerSecond = median(rounds, RoundFigures::commandsPerSecond);
    double recordsPerSecond = commandsPerSecond * perCommand;
    line("");
    line("Records committed per command: %.2f. At the median %,.0f commands/s the pipeline commits about %,.0f"
        + " records/s: %.2f%% of the raw producer ceiling, %.2f%% of the transactional one.", perCommand,
        commandsPerSecond, recordsPerSecond, 100 * recordsPerSecond / median(rounds, RoundFigures::rawPerSecond),
        100 * recordsPerSecond / median(rounds, RoundFigures::txPerSecond));
  }

  static double median(List<RoundFigures> rounds, ToDoubleFunction<RoundFigures> figure) {
    double[] values = rounds.stream().mapToDouble(figure).sorted().toArray();
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
