package io.tablecast.app;

import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.ViewSetJars;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.ReplayedDeadLetters.Place;
import io.tablecast.operations.DeadLetterQueue;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projection.ViewSetProvider;
import io.tablecast.projector.DeadLetterReplay;
import io.tablecast.projector.adapter.out.kafka.ParkedRecords.Parked;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tablecast dlq}: what the projectors parked on the dead-letter topic (SPEC §4), and
 * applying it again once the cause is fixed. Configured from the environment, as the services are.
 */
@Command(
    name = "dlq",
    mixinStandardHelpOptions = true,
    description = "Lists and replays the records parked on the dead-letter topic.",
    subcommands = {DlqCommand.ListCommand.class, DlqCommand.ReplayCommand.class})
final class DlqCommand {

  static DeadLetterQueue queue() {
    Env env = Env.system();
    ClassLoader viewSets = ViewSetJars.fromEnv(env).loader();
    return new DeadLetterQueue(KafkaSettings.fromEnv(env), new AzureClients(StorageSettings.fromEnv(env)), env.namespace(),
        PlannedViewSet.found(viewSets), ViewSetProvider.found(viewSets));
  }

  /** {@code --view-set}: only the records of one view set. */
  static final class ViewSetFilter {
    @Option(names = "--view-set", description = "Only the records of this view set: hr, or a team's.")
    String name;

    Predicate<Parked> test() {
      return parked -> name == null || parked.viewSet().equals(name);
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "Shows each parked record: where it is, its view set, where its event is in the log, and why it was parked.")
  static final class ListCommand implements Callable<Integer> {

    @Mixin
    ViewSetFilter viewSet;

    @Override
    public Integer call() {
      PrintStream out = System.out;
      DeadLetterQueue queue = queue();
      List<DeadLetterQueue.Entry> entries = queue.list().stream().filter(e -> viewSet.test().test(e.parked())).toList();
      long replayed = entries.stream().filter(DeadLetterQueue.Entry::replayed).count();
      out.printf("%s: %d parked, %d of them replayed%n", queue.topic(), entries.size(), replayed);
      for (DeadLetterQueue.Entry entry : entries) {
        Parked parked = entry.parked();
        out.printf("  %-8s %-8s %s  parked %s%s%n", parked.place(), parked.viewSet(), parked.source(),
            parked.parkedAt(), entry.replayed() ? "  (replayed)" : "");
        out.printf("    reason: %s%n", parked.reason());
      }
      return 0;
    }
  }

  @Command(name = "replay", mixinStandardHelpOptions = true,
      description = "Applies parked records again, once the cause is fixed, each once: through the projector's path for its view set, "
          + "into the active generation. A record that still fails stays parked.")
  static final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ViewSetFilter viewSet;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Which which;

    static final class Which {
      @Option(names = "--offset", split = ",", paramLabel = "PARTITION:OFFSET",
          description = "The records at these places on the topic, as 'dlq list' shows them (for example 0:17).")
      List<String> offsets;

      @Option(names = "--reason", paramLabel = "TEXT", description = "The records whose reason contains TEXT, in any case.")
      String reason;

      @Option(names = "--all", description = "Every record not replayed yet.")
      boolean all;
    }

    @Override
    public Integer call() {
      List<Place> places = which.offsets == null ? List.of() : places();
      Predicate<Parked> selected = viewSet.test().and(selection(places));
      List<DeadLetterReplay.Result> results = queue().replay(selected, result -> System.out.printf("%-8s %-16s %s%n",
          result.parked().place(), describe(result.outcome()), result.detail()));
      long failed = results.stream().filter(r -> r.outcome() == DeadLetterReplay.Outcome.FAILED).count();
      long done = results.stream().filter(r -> r.outcome() == DeadLetterReplay.Outcome.REPLAYED).count();
      System.out.printf("Replayed %d record(s); %d still fail%s.%n", done, failed, failed > 0 ? " and stay parked" : "");
      List<Place> missing = missing(places, results);
      if (!missing.isEmpty()) {
        System.out.printf("No such record%s: %s.%n", viewSet.name == null ? "" : " of view set " + viewSet.name, missing);
      }
      return failed > 0 || !missing.isEmpty() ? 1 : 0;
    }

    private Predicate<Parked> selection(List<Place> places) {
      if (which.offsets != null) {
        return parked -> places.contains(parked.place());
      }
      if (which.reason != null) {
        String text = which.reason.toLowerCase(Locale.ROOT);
        return parked -> parked.reason().toLowerCase(Locale.ROOT).contains(text);
      }
      return parked -> true;
    }

    private List<Place> places() {
      List<Place> places = new ArrayList<>();
      for (String offset : which.offsets) {
        String[] parts = offset.split(":", -1);
        try {
          places.add(parts.length == 2 ? new Place(Integer.parseInt(parts[0]), Long.parseLong(parts[1]))
              : new Place(0, Long.parseLong(parts[0])));
        } catch (NumberFormatException e) {
          throw new ParameterException(spec.commandLine(),
              "--offset must be PARTITION:OFFSET as 'dlq list' shows it, not '" + offset + "'");
        }
      }
      return places;
    }

    /** Of the places asked for, those no record was found at. */
    private static List<Place> missing(List<Place> places, List<DeadLetterReplay.Result> results) {
      List<Place> found = results.stream().map(r -> r.parked().place()).toList();
      return places.stream().filter(place -> !found.contains(place)).toList();
    }

    private static String describe(DeadLetterReplay.Outcome outcome) {
      return switch (outcome) {
        case REPLAYED -> "replayed into";
        case ALREADY_REPLAYED -> "skipped:";
        case FAILED -> "still fails:";
      };
    }
  }
}
