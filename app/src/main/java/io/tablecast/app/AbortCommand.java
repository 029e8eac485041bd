package io.tablecast.app;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.Env;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.operations.rebuild.Rebuild;
import io.tablecast.projector.ProjectorConfig;
import java.time.Clock;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code tablecast abort}: drops the pending generation of a rebuild (SPEC §6). */
@Command(
    name = "abort",
    mixinStandardHelpOptions = true,
    description = {
        "Drops the pending generation of a rebuild.",
        "Withdraws it from ViewCatalog, waits for the rebuilds working on it to stop, then deletes its tables, queues, "
            + "checkpoints and consumer group. The live views are untouched."})
final class AbortCommand implements Callable<Integer> {

  @Override
  public Integer call() {
    ProjectorConfig config = ProjectorConfig.fromEnv(Env.system());
    OptionalInt dropped = new Rebuild(config, new AzureClients(config.storage()), new SimpleMeterRegistry(), Clock.systemUTC()).abort();
    if (dropped.isEmpty()) {
      System.out.println("No rebuild is pending; nothing to abort.");
    } else {
      System.out.printf("Generation %d dropped: its tables, queues, checkpoints and consumer group are deleted.%n", dropped.getAsInt());
    }
    return 0;
  }
}
