package io.tablecast.devmode;

import io.tablecast.embedded.DependencyFailure;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tablecast dev}: the whole pipeline on this machine, in one process tree.
 *
 * <p>What its user sees:
 *
 * <ul>
 *   <li>One dev mode per data directory. A second start there, or a start whose port is taken,
 *       prints one line on stderr saying which instance (data directory, pid) or which port
 *       (and what it is for) is in the way, and exits with 1 at once, having changed nothing.
 *   <li>After a run that did not stop cleanly, one line saying so; the projector then recovers.
 *   <li>If Azurite or the Kafka broker dies or stops answering, one line on stderr saying which
 *       (pid, exit code, log), then everything stops and the exit code is 1.
 *   <li>Ctrl-C or SIGTERM stops the services, then Kafka, then Azurite, and exits with 0 once
 *       everything stopped cleanly ({@link StopSignals}); a second Ctrl-C stops at once. Azurite
 *       does not hear the terminal's Ctrl-C itself: it must outlive the services that write to it.
 *   <li>When the start took longer than it should, one line says where the time went ({@link
 *       StartTimes}).
 * </ul>
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

  @Option(
      names = "--kafka-sasl-ssl",
      description = "Kafka also takes logins over TLS (SASL_SSL, PLAIN) on 9094, with a certificate and a password made at start, "
          + "and the services connect that way; the client properties that do are written to <data-dir>/kafka-tls/client.properties.")
  boolean kafkaSaslSsl;

  /** Set once a dependency has failed: the JVM is on its way out with exit code 1. */
  private volatile boolean exiting;

  @Override
  public Integer call() throws InterruptedException {
    StartTimes times = StartTimes.ofThisJvm();
    PrintStream out = System.out;
    DevPorts ports;
    DataDirLock lock;
    try {
      ports = new DevPorts(portOffset, kafkaSaslSsl);
      lock = claim(dataDir, ports);
    } catch (StartRefused e) {
      System.err.println(e.getMessage());
      return 1;
    }
    StopSignals signals = StopSignals.install(out);
    out.println("Starting Tablecast in dev mode (data in " + lock.dataDir() + ") ...");
    lock.crashedRun().ifPresent(crash -> out.println(crash.notice()));
    TempDirectoryNote.of(lock.dataDir()).ifPresent(out::println);
    DevMode dev;
    try {
      dev = DevMode.start(lock, ports, times, this::dependencyFailed);
    } catch (RuntimeException e) {
      if (exiting) {
        new CountDownLatch(1).await(); // the start failed because a dependency died: already said
      }
      throw e;
    }
    if (!signals.requested()) {
      Duration took = times.total();
      out.println();
      out.println("Tablecast is running (started in " + StartTimes.seconds(took) + "):");
      out.println("  commands   " + dev.commandsUri() + "   POST /departments, POST /employees");
      out.println("  views      " + dev.viewsUri() + "   GET /departments/{dept}, GET /departments/{dept}/employees/{id}");
      out.println("  status     " + dev.viewsUri() + "/   the status page, in a browser");
      out.println("  projector  " + dev.projectorUri() + "/health");
      out.println("  kafka      " + dev.bootstrapServers());
      dev.kafkaLogin().ifPresent(login -> out.println("             " + login.bootstrapServers()
          + " over SASL_SSL, as the services reach it: TABLECAST_KAFKA_PROPERTIES=" + login.clientProperties()));
      out.println("  azurite    " + dev.tableEndpoint() + " (tables), " + dev.queueEndpoint() + " (queues)");
      times.slowStart(took).ifPresent(out::println);
      out.println("Press Ctrl-C to stop.");
    }
    signals.await();
    long stopping = System.nanoTime();
    dev.close();
    String took = StartTimes.seconds(Duration.ofNanos(System.nanoTime() - stopping));
    if (dev.stoppedCleanly()) {
      out.println("Tablecast stopped cleanly in " + took + ".");
      return 0;
    }
    out.println("Tablecast stopped in " + took + ", not cleanly: the next start recovers what this run may have lost.");
    return 1;
  }

  /** The data directory's lock first, so that a refused start touches nothing; then the ports. */
  private static DataDirLock claim(Path dataDir, DevPorts ports) {
    DataDirLock lock = DataDirLock.acquire(dataDir);
    try {
      ports.checkFree();
      return lock;
    } catch (StartRefused e) {
      lock.close();
      throw e;
    }
  }

  /** Says which dependency failed, then exits with 1; the shutdown hook stops the rest. */
  private void dependencyFailed(DependencyFailure failure) {
    exiting = true;
    System.err.println(failure.message() + "; stopping dev mode.");
    // Not on the watchdog's thread: exit() waits for the hooks, and the hook stops the watchdog.
    Thread exit = new Thread(() -> System.exit(1), "dev-mode-exit");
    exit.start();
  }
}
