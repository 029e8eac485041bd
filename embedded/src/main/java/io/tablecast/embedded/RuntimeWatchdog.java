package io.tablecast.embedded;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches the two dependencies of a running {@link EmbeddedRuntime} and reports the first that
 * fails, once.
 *
 * <ul>
 *   <li>Azurite: its process's exit, seen at once ({@link Process#onExit()}).
 *   <li>Kafka: a {@link KafkaProbe} every {@link #PROBE_INTERVAL}; {@link #FAILED_PROBES} failures
 *       in a row (a broker that stopped, or one that no longer answers) make a failure. A dead
 *       broker is reported within about 6 s, one that hangs within about 15 s.
 * </ul>
 *
 * <p>Guarantees: at most one report, never after {@link #close()}, and no log line per probe (a
 * failed probe is logged at DEBUG). {@link #close()} does not wait for anything, so it can be
 * called from the report itself.
 */
public final class RuntimeWatchdog implements AutoCloseable {

  public static final Duration PROBE_INTERVAL = Duration.ofSeconds(2);
  static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);
  static final int FAILED_PROBES = 3;

  private static final Logger log = LoggerFactory.getLogger(RuntimeWatchdog.class);

  private final EmbeddedKafka kafka;
  private final Azurite azurite;
  private final Consumer<DependencyFailure> onFailure;
  private final AtomicBoolean done = new AtomicBoolean();
  private final ScheduledExecutorService probes;
  private int failuresInARow;

  private RuntimeWatchdog(EmbeddedKafka kafka, Azurite azurite, Consumer<DependencyFailure> onFailure) {
    this.kafka = kafka;
    this.azurite = azurite;
    this.onFailure = onFailure;
    this.probes = Executors.newSingleThreadScheduledExecutor(runnable -> {
      Thread thread = new Thread(runnable, "runtime-watchdog");
      thread.setDaemon(true);
      return thread;
    });
  }

  /** Starts watching; {@code onFailure} runs on the watchdog's thread or the process reaper's. */
  static RuntimeWatchdog start(EmbeddedKafka kafka, Azurite azurite, Consumer<DependencyFailure> onFailure) {
    RuntimeWatchdog watchdog = new RuntimeWatchdog(kafka, azurite, onFailure);
    azurite.onExit().thenAccept(process -> watchdog.report(
        DependencyFailure.azuriteExited(process.pid(), process.exitValue(), azurite.logFile())));
    watchdog.probes.scheduleWithFixedDelay(
        watchdog::probeKafka, PROBE_INTERVAL.toMillis(), PROBE_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    return watchdog;
  }

  private void probeKafka() {
    try {
      KafkaProbe.ask(kafka.port(), PROBE_TIMEOUT);
      failuresInARow = 0;
    } catch (IOException e) {
      failuresInARow++;
      log.debug("Kafka probe {} of {} failed: {}", failuresInARow, FAILED_PROBES, e.toString());
      if (failuresInARow >= FAILED_PROBES) {
        report(DependencyFailure.kafkaUnanswered(
            kafka.bootstrapServers(), FAILED_PROBES, PROBE_INTERVAL, e.toString(), kafka.dataDir()));
      }
    }
  }

  private void report(DependencyFailure failure) {
    if (!done.compareAndSet(false, true)) {
      return;
    }
    probes.shutdown();
    if (failure.dependency() == DependencyFailure.Dependency.AZURITE) {
      azurite.exitReported();
    }
    onFailure.accept(failure);
  }

  /** Stops watching, at once: no report begins after this returns. */
  @Override
  public void close() {
    done.set(true);
    probes.shutdownNow();
  }
}
