package io.tablecast.embedded;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole embedded infrastructure of Tablecast on one machine: a real Kafka broker in this JVM
 * ({@link EmbeddedKafka}) and Azurite as a child process ({@link Azurite}), used by dev mode and
 * by the integration tests (through {@link TablecastRuntimeExtension}).
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>{@link #start} returns once both serve, or fails having stopped whatever had started.
 *       Azurite starts on a second thread while Kafka starts, so the start costs about Kafka's.
 *   <li>Data lives in {@code <dataDir>/kafka} and {@code <dataDir>/azurite}; starting again on the
 *       same options finds the same topics, offsets, tables and queues.
 *   <li>{@link #close()} stops both, and is idempotent. One JVM shutdown hook, registered by
 *       {@link #start} and removed by an explicit close, does the same when the JVM is asked to
 *       stop (Ctrl-C, SIGTERM), so no Azurite outlives the JVM. Even a SIGKILLed JVM leaves no
 *       Azurite behind (see {@link Azurite}).
 *   <li><b>A stop never hangs.</b> Each step has a deadline: the dependents share {@link
 *       #DEPENDENTS_STOP} (each gets what is left of it, and at least {@link #DEPENDENT_STOP_MIN}),
 *       Kafka has {@link #KAFKA_STOP}, and Azurite its own escalation (SIGTERM, then SIGKILL). A
 *       step that overruns is logged in one line and abandoned. With three dependents, the worst
 *       case is about 32 s. {@link #stoppedCleanly()} says afterwards whether every step finished
 *       in time and Azurite saved its data.
 *   <li>{@link #watch} reports the first of Kafka and Azurite that dies or stops answering while
 *       the runtime runs (see {@link RuntimeWatchdog}).
 * </ul>
 */
public final class EmbeddedRuntime implements AutoCloseable {

  /** How long the dependents may take to close, together; a service's close can take 10 s. */
  public static final Duration DEPENDENTS_STOP = Duration.ofSeconds(15);
  /** The least time a dependent gets, even when those before it used up {@link #DEPENDENTS_STOP}. */
  public static final Duration DEPENDENT_STOP_MIN = Duration.ofSeconds(1);
  /** How long Kafka may take to stop; it takes about 1 s. */
  public static final Duration KAFKA_STOP = Duration.ofSeconds(8);

  private static final Logger log = LoggerFactory.getLogger(EmbeddedRuntime.class);

  private final RuntimeOptions options;
  private final EmbeddedKafka kafka;
  private final Azurite azurite;
  private final Thread shutdownHook;
  private final Deque<Dependent> dependents = new ArrayDeque<>();
  private RuntimeWatchdog watchdog;
  private boolean closed;
  private boolean stoppedCleanly;

  private record Dependent(String name, AutoCloseable closeable) {}

  private EmbeddedRuntime(RuntimeOptions options, EmbeddedKafka kafka, Azurite azurite) {
    this.options = options;
    this.kafka = kafka;
    this.azurite = azurite;
    this.shutdownHook = new Thread(this::stop, "tablecast-runtime-shutdown");
  }

  /** Starts Kafka and Azurite concurrently and returns once both serve. */
  public static EmbeddedRuntime start(RuntimeOptions options) {
    Objects.requireNonNull(options, "'options' cannot be null.");
    RuntimeOptions.Ports ports = options.ports();
    log.info("Starting the embedded runtime in {} (Kafka {}/{}, Azurite blob/queue/table {}/{}/{})",
        options.dataDir(), ports.kafka(), ports.kafkaController(), ports.blob(), ports.queue(),
        ports.table());
    long started = System.nanoTime();
    CompletableFuture<Azurite> azuriteStart = new CompletableFuture<>();
    Thread azuriteStarter = new Thread(() -> {
      try {
        azuriteStart.complete(startAzurite(options));
      } catch (Throwable e) {
        azuriteStart.completeExceptionally(e);
      }
    }, "azurite-start");
    azuriteStarter.setDaemon(true);
    azuriteStarter.start();

    EmbeddedKafka kafka;
    try {
      kafka = startKafka(options);
    } catch (RuntimeException kafkaFailure) {
      try {
        awaitAzurite(azuriteStart).close();
      } catch (RuntimeException azuriteFailure) {
        kafkaFailure.addSuppressed(azuriteFailure);
      }
      throw kafkaFailure;
    }
    Azurite azurite;
    try {
      azurite = awaitAzurite(azuriteStart);
    } catch (RuntimeException azuriteFailure) {
      kafka.close();
      throw azuriteFailure;
    }
    EmbeddedRuntime runtime = new EmbeddedRuntime(options, kafka, azurite);
    Runtime.getRuntime().addShutdownHook(runtime.shutdownHook);
    // One hook for the lot, so that on Ctrl-C the dependents stop before Kafka and Azurite.
    azurite.handOverShutdown();
    log.info("Embedded runtime ready in {} ms: bootstrap servers {}, Azurite pid {}",
        millisSince(started), kafka.bootstrapServers(), azurite.pid());
    return runtime;
  }

  private static EmbeddedKafka startKafka(RuntimeOptions options) {
    long started = System.nanoTime();
    EmbeddedKafka kafka = EmbeddedKafka.start(
        options.kafkaDir(), options.ports().kafka(), options.ports().kafkaController(), options.kafkaSaslSsl());
    log.info("Kafka started in {} ms at {}", millisSince(started), kafka.bootstrapServers());
    return kafka;
  }

  private static Azurite startAzurite(RuntimeOptions options) {
    long started = System.nanoTime();
    RuntimeOptions.Ports ports = options.ports();
    Azurite azurite = Azurite.start(options.azuriteDir(), ports.blob(), ports.queue(), ports.table(), options.azurite());
    log.info("Azurite started in {} ms (pid {})", millisSince(started), azurite.pid());
    return azurite;
  }

  /** Waits for Azurite's start, itself bounded by {@link Azurite#READY_TIMEOUT}. */
  private static Azurite awaitAzurite(CompletableFuture<Azurite> azuriteStart) {
    try {
      return azuriteStart.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtimeException) {
        throw runtimeException;
      }
      throw new IllegalStateException("Azurite failed to start", e.getCause());
    } catch (InterruptedException e) {
      azuriteStart.thenAccept(Azurite::close); // whenever it has started: nobody else will
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while Azurite was starting", e);
    }
  }

  /** {@code 127.0.0.1:<port>}, for clients' {@code bootstrap.servers}. */
  public String bootstrapServers() {
    return kafka.bootstrapServers();
  }

  /** Azurite's development-account connection string, with explicit endpoints. */
  public String storageConnectionString() {
    return azurite.connectionString();
  }

  public EmbeddedKafka kafka() {
    return kafka;
  }

  public Azurite azurite() {
    return azurite;
  }

  public RuntimeOptions options() {
    return options;
  }

  /**
   * Registers something that uses this runtime, such as a service, to be closed before Kafka and
   * Azurite stop, in the reverse order of registration, whether the stop comes from {@link
   * #close()} or from the shutdown hook (Ctrl-C, SIGTERM). Returns {@code dependent}.
   */
  public <T extends AutoCloseable> T closeFirst(T dependent) {
    return closeFirst(dependent.getClass().getSimpleName(), dependent);
  }

  /** As {@link #closeFirst(AutoCloseable)}, with the name the stop's log lines give it. */
  public synchronized <T extends AutoCloseable> T closeFirst(String name, T dependent) {
    if (closed) {
      throw new IllegalStateException("The runtime is already stopped");
    }
    dependents.push(new Dependent(name, dependent));
    return dependent;
  }

  /**
   * Starts watching Kafka and Azurite: {@code onFailure} is told, once, of the first of them that
   * dies or stops answering, on a thread of the watchdog's; never once the stop has begun. At most
   * one watch per runtime.
   */
  public synchronized void watch(Consumer<DependencyFailure> onFailure) {
    Objects.requireNonNull(onFailure, "'onFailure' cannot be null.");
    if (closed || watchdog != null) {
      throw new IllegalStateException(closed ? "The runtime is already stopped" : "The runtime is already watched");
    }
    watchdog = RuntimeWatchdog.start(kafka, azurite, onFailure);
  }

  /**
   * Removes the runtime's shutdown hook, for an owner whose own hook calls {@link #close()} and
   * then does more (dev mode records that it stopped cleanly, after Kafka and Azurite stopped).
   */
  public void handOverShutdown() {
    Runtime.getRuntime().removeShutdownHook(shutdownHook);
  }

  /**
   * Closes the dependents, then stops Kafka, then Azurite (with escalation), each step within its
   * deadline. Idempotent.
   */
  @Override
  public void close() {
    stop();
    ShutdownHooks.removeAfterClose(shutdownHook);
  }

  /**
   * True once a stop has ended with every dependent closed and Kafka stopped within their
   * deadlines, and Azurite stopped on SIGTERM (its data saved); false before, and otherwise.
   */
  public synchronized boolean stoppedCleanly() {
    return stoppedCleanly;
  }

  private synchronized void stop() {
    if (closed) {
      return;
    }
    closed = true;
    if (watchdog != null) {
      watchdog.close(); // the stop itself ends Azurite's process
    }
    boolean clean = true;
    long dependentsDeadline = System.nanoTime() + DEPENDENTS_STOP.toNanos();
    while (!dependents.isEmpty()) {
      Dependent dependent = dependents.pop();
      long started = System.nanoTime();
      Duration budget = Duration.ofNanos(Math.max(dependentsDeadline - started, DEPENDENT_STOP_MIN.toNanos()));
      if (BoundedStop.run(dependent.name(), budget, dependent.closeable()::close)) {
        log.info("{} closed in {} ms", dependent.name(), millisSince(started));
      } else {
        clean = false;
      }
    }
    log.info("Stopping the embedded runtime in {}", options.dataDir());
    long started = System.nanoTime();
    if (BoundedStop.run("Kafka", KAFKA_STOP, kafka::close)) {
      log.info("Kafka stopped in {} ms", millisSince(started));
    } else {
      clean = false;
    }
    azurite.close(); // bounded by its escalation; logs its own stop
    stoppedCleanly = clean && azurite.stoppedCleanly();
  }

  private static long millisSince(long nanoTime) {
    return (System.nanoTime() - nanoTime) / 1_000_000;
  }

  @Override
  public String toString() {
    return "EmbeddedRuntime[kafka=" + kafka.bootstrapServers() + ", " + azurite + "]";
  }
}
