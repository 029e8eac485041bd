package io.tablecast.app;

import io.tablecast.common.config.Env;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.projection.ViewSet;
import io.tablecast.operations.Poison;
import io.tablecast.viewstore.adapter.queue.PoisonQueues;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tablecast poison}: what the queue workers parked (SPEC §4), and putting it back to work
 * once the cause is fixed. Acts on the active generation, configured from the environment.
 */
@Command(
    name = "poison",
    mixinStandardHelpOptions = true,
    description = "Lists and requeues the messages parked in the poison queues.",
    subcommands = {PoisonCommand.ListCommand.class, PoisonCommand.RequeueCommand.class})
final class PoisonCommand {

  /** The poison queues of the view set's active generation. */
  static Poison poison(ViewSetOption viewSet) {
    Env env = Env.system();
    return Poison.onActiveGeneration(new AzureClients(StorageSettings.fromEnv(env)), env.namespace(), viewSet.viewSet(env));
  }

  @Command(name = "list", mixinStandardHelpOptions = true, description = "Shows each poison queue's messages with their reasons.")
  static final class ListCommand implements Callable<Integer> {
    @Mixin
    ViewSetOption viewSet;

    @Override
    public Integer call() {
      PrintStream out = System.out;
      for (PoisonQueues.Listing listing : poison(viewSet).list()) {
        out.printf("%s: %d parked%n", listing.name(), listing.count());
        for (PoisonQueues.Entry entry : listing.first()) {
          out.printf("  %s  parked %s%n", entry.messageId(), entry.parkedAt());
          entry.parked().ifPresentOrElse(p -> {
            out.printf("    reason:  %s%n", p.reason());
            out.printf("    message: %s%n", p.message());
          }, () -> out.printf("    (not a parked message) %s%n", entry.text()));
        }
        if (listing.count() > listing.first().size()) {
          out.printf("  ... and about %d more%n", listing.count() - listing.first().size());
        }
      }
      return 0;
    }
  }

  @Command(name = "requeue", mixinStandardHelpOptions = true,
      description = "Sends parked messages back to their work queue, then removes them from the poison queue.")
  static final class RequeueCommand implements Callable<Integer> {

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ViewSetOption viewSet;

    @Option(names = "--queue", required = true, description = "A work queue of the view set: for hr, archive-employee, "
        + "transfer-employee or index-maintenance.")
    String queue;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Which which;

    static final class Which {
      @Option(names = "--id", description = "The message id that 'poison list' shows.")
      String id;

      @Option(names = "--all", description = "Every message of the queue.")
      boolean all;
    }

    @Override
    public Integer call() {
      List<ViewSet.Queue> queues = viewSet.viewSet(Env.system()).queues();
      ViewSet.Queue kind = queues.stream().filter(q -> q.baseName().equals(queue.toLowerCase(Locale.ROOT))).findFirst()
          .orElseThrow(() -> new ParameterException(spec.commandLine(), "--queue must be " + oneOf(queues) + ", not '" + queue + "'"));
      int requeued = poison(viewSet).requeue(kind, Optional.ofNullable(which.id));
      System.out.printf("Requeued %d message(s) onto %s.%n", requeued, kind.baseName());
      return which.id != null && requeued == 0 ? 1 : 0;
    }

    /** {@code a, b or c} */
    private static String oneOf(List<ViewSet.Queue> queues) {
      List<String> names = queues.stream().map(ViewSet.Queue::baseName).toList();
      return names.size() == 1 ? names.get(0)
          : String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }
  }
}
