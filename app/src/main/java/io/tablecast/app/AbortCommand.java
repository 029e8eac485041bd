package io.tablecast.app;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.operations.rebuild.Rebuild;
import io.tablecast.operations.viewsets.ViewSetRebuild;
import io.tablecast.projector.ProjectorConfig;
import java.time.Clock;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code tablecast abort}: drops the pending generation of a rebuild (SPEC §6). */
@Command(
    name = "abort",
    mixinStandardHelpOptions = true,
    description = {
        "Drops the pending generation of a rebuild.",
        "Withdraws it from ViewCatalog, waits for the rebuilds working on it to stop, then deletes its tables, queues, "
            + "checkpoints and consumer group. The live views are untouched."})
final class AbortCommand implements Callable<Integer> {

  @Mixin
  ViewSetOption viewSet;

  @Override
  public Integer call() {
    Env env = Env.system();
    OptionalInt dropped;
    if (viewSet.isHr()) {
      ProjectorConfig config = ProjectorConfig.fromEnv(env);
      dropped = new Rebuild(config, new AzureClients(config.storage()), new SimpleMeterRegistry(), Clock.systemUTC()).abort();
    } else {
      dropped = ViewSetRebuild.abort(new AzureClients(StorageSettings.fromEnv(env)), env.namespace(), viewSet.viewSet(env));
    }
    if (dropped.isEmpty()) {
      System.out.println("No rebuild is pending; nothing to abort.");
    } else {
      String deleted = viewSet.isHr() ? "tables, queues, checkpoints and consumer group" : "tables, queues and checkpoints";
      System.out.printf("Generation %d of view set %s dropped: its %s are deleted.%n", dropped.getAsInt(), viewSet.name, deleted);
    }
    return 0;
  }
}
