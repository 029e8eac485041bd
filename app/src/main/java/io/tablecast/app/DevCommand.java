package io.tablecast.app;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tablecast dev}: the whole pipeline on this machine, in one process tree. Ctrl-C stops
 * the services, then Kafka and Azurite; a second start reuses the data.
 */
@Command(
    name = "dev",
    mixinStandardHelpOptions = true,
    description = "Runs Kafka, Azurite and the commands, projector and views services locally.")
final class DevCommand implements Callable<Integer> {

  @Option(
      names = "--data-dir",
      defaultValue = ".tablecast",
      description = "Where Kafka, Azurite and the command processor keep their data (default: ${DEFAULT-VALUE}).")
  Path dataDir;

  @Option(
      names = "--port-offset",
      defaultValue = "0",
      description = "Added to every port (Kafka 9092/9093, Azurite 10000-10002, services 8081-8083), "
          + "to run beside something that uses them (default: ${DEFAULT-VALUE}).")
  int portOffset;

  @Override
  public Integer call() throws InterruptedException {
    PrintStream out = System.out;
    out.println("Starting Tablecast in dev mode (data in " + dataDir.toAbsolutePath().normalize() + ") ...");
    DevMode dev = DevMode.start(dataDir, portOffset);
    out.println();
    out.println("Tablecast is running:");
    out.println("  commands   " + dev.commandsUri() + "   POST /departments, POST /employees");
    out.println("  views      " + dev.viewsUri() + "   GET /departments/{dept}, GET /departments/{dept}/employees/{id}");
    out.println("  projector  " + dev.projectorUri() + "/health");
    out.println("  kafka      " + dev.bootstrapServers());
    out.println("  azurite    " + dev.tableEndpoint() + " (tables), " + dev.queueEndpoint() + " (queues)");
    out.println("Press Ctrl-C to stop.");
    CountDownLatch forever = new CountDownLatch(1);
    forever.await(); // the shutdown hook registered by DevMode stops everything
    return 0;
  }
}
