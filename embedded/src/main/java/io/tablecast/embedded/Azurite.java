package io.tablecast.embedded;

import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.StorageSettings;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Azurite 3.35.0 (the Azure Storage emulator) as a child {@code node} process, persisting to a
 * data directory on disk, or in memory only ({@link Persistence#MEMORY}).
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>{@link #start} returns once the table and queue endpoints answer HTTP, or fails within
 *       {@link #READY_TIMEOUT} with the tail of Azurite's log. Everything listens on 127.0.0.1.
 *   <li>Azurite's output goes to {@code <dataDir>/azurite.log}, never to this JVM's console.
 *   <li><b>No orphans.</b> {@link #close()} and a JVM shutdown hook stop the process with
 *       escalation: SIGTERM, then SIGKILL after {@link #STOP_GRACE}; a stop returns within
 *       {@link #STOP_GRACE} plus {@link #KILL_WAIT} whatever the process does. If this JVM dies without
 *       running its hooks (SIGKILL, a crash), Azurite still exits by itself: it runs under a small
 *       launcher that watches the stdin pipe this object holds open, and stops the process (SIGTERM,
 *       then SIGKILL) when the pipe closes. Nothing is ever written to that pipe.
 *   <li>With {@link Persistence#DISK}, starting again on the same data directory finds the same
 *       tables, entities and queues. Azurite then rewrites its whole table database file every
 *       5 s, which blocks it for longer as the tables grow; {@link Persistence#MEMORY} skips that,
 *       for benchmarks that fill tables with hundreds of thousands of entities.
 *   <li><b>A terminal's signals do not reach it.</b> Ctrl-C in the terminal that runs this JVM
 *       stops this JVM's services first and Azurite last: Azurite runs in a session of its own
 *       ({@code setsid}, where there is one), and its launcher ignores SIGINT, SIGQUIT and SIGHUP.
 *       It stops on SIGTERM, which {@link #close()} sends.
 *   <li>Node's heap is raised to {@link #NODE_HEAP_MIB} MiB: Azurite holds every table and queue
 *       in memory, and Node's default limit is reached at about a million entities.
 * </ul>
 *
 * <p>{@link #startWithOAuth} starts it over HTTPS, with the key and certificate of a PKCS#12
 * keystore, and with {@code --oauth basic}: it then also takes Microsoft Entra ID bearer tokens,
 * checking their issuer, audience and lifetime, but neither their signature nor any role.
 *
 * <p>{@code node} is taken from the environment variable {@code TABLECAST_NODE}, else the PATH.
 * Azurite runs with {@code --silent} (no per-request access log: it costs throughput, and Azurite
 * is the pipeline's bottleneck), {@code --skipApiVersionCheck} (newer SDKs send newer API
 * versions) and {@code --disableTelemetry}.
 */
public final class Azurite implements AutoCloseable {

  /** The well-known development account of the Azure Storage emulators. */
  static final String ACCOUNT_NAME = StorageSettings.AZURITE_ACCOUNT;

  public static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
  static final Duration STOP_GRACE = Duration.ofSeconds(5);
  /** How long a stop waits for the process after SIGKILL, which nothing can ignore. */
  static final Duration KILL_WAIT = Duration.ofSeconds(2);
  public static final String LOG_FILE = "azurite.log";
  static final int NODE_HEAP_MIB = 8192;
  private static final String LAUNCHER = "azurite-launcher.js";

  /** Where Azurite keeps its data. */
  public enum Persistence {
    /** In the data directory: a restart finds everything again. */
    DISK,
    /** In memory only: lost when the process stops. */
    MEMORY
  }

  /**
   * HTTPS with the key and certificate of a PKCS#12 {@code keystore}, and bearer tokens checked as
   * Azurite's {@code --oauth basic} does.
   */
  public record OAuth(HttpSettings.Keystore keystore) {

    public OAuth {
      Objects.requireNonNull(keystore, "'keystore' cannot be null.");
    }

    public OAuth(Path pfx, String password) {
      this(new HttpSettings.Keystore(pfx.toAbsolutePath().normalize(), password));
    }

    /** The options that make a child JVM's default TLS context trust the keystore's certificate. */
    public List<String> trustingJvmOptions() {
      return List.of("-Djavax.net.ssl.trustStore=" + keystore.path().toAbsolutePath(),
          "-Djavax.net.ssl.trustStorePassword=" + keystore.password(),
          "-Djavax.net.ssl.trustStoreType=" + HttpSettings.Keystore.TYPE);
    }
  }

  private static final Logger log = LoggerFactory.getLogger(Azurite.class);

  private final Process process;
  private final Path dataDir;
  private final int blobPort;
  private final int queuePort;
  private final int tablePort;
  /** {@code http}, or {@code https} when started with {@link OAuth}. */
  private final String scheme;
  /** The launcher's lifeline: kept open, never written, closed only after the process exited. */
  private final OutputStream lifeline;
  private final Thread shutdownHook;
  private volatile boolean served;
  /** Someone already told the user that the process exited; the stop need not say it again. */
  private volatile boolean exitReported;
  private boolean closed;
  private boolean stoppedCleanly;

  private Azurite(Process process, Path dataDir, int blobPort, int queuePort, int tablePort, String scheme) {
    this.process = process;
    this.scheme = scheme;
    this.dataDir = dataDir;
    this.blobPort = blobPort;
    this.queuePort = queuePort;
    this.tablePort = tablePort;
    this.lifeline = process.getOutputStream();
    this.shutdownHook = new Thread(this::stop, "azurite-shutdown-pid-" + process.pid());
  }

  /**
   * Starts Azurite from the install found by the usual lookup (system property {@code
   * tablecast.home}, environment variable {@code TABLECAST_HOME}, else up from the working
   * directory) and waits until it serves.
   */
  public static Azurite start(Path dataDir, int blobPort, int queuePort, int tablePort) {
    return start(dataDir, blobPort, queuePort, tablePort, Persistence.DISK);
  }

  /**
   * As {@link #start(Path, int, int, int)}; with {@link Persistence#MEMORY} the data directory
   * holds only the launcher and the log.
   */
  public static Azurite start(Path dataDir, int blobPort, int queuePort, int tablePort, Persistence persistence) {
    return start(dataDir, blobPort, queuePort, tablePort, persistence, Optional.empty());
  }

  /**
   * As {@link #start(Path, int, int, int, Persistence)} in memory, over HTTPS and with {@code
   * --oauth basic}: requests may carry an Entra ID bearer token instead of a key or a SAS. The
   * endpoints and the connection string are {@code https}; readiness is probed over TLS.
   */
  public static Azurite startWithOAuth(Path dataDir, int blobPort, int queuePort, int tablePort, OAuth oauth) {
    Objects.requireNonNull(oauth, "'oauth' cannot be null.");
    return start(dataDir, blobPort, queuePort, tablePort, Persistence.MEMORY, Optional.of(oauth));
  }

  private static Azurite start(
      Path dataDir, int blobPort, int queuePort, int tablePort, Persistence persistence, Optional<OAuth> oauth) {
    Objects.requireNonNull(dataDir, "'dataDir' cannot be null.");
    Objects.requireNonNull(persistence, "'persistence' cannot be null.");
    AzuriteInstall install = AzuriteInstall.locate();
    Path dir = dataDir.toAbsolutePath().normalize();
    Process process = launch(install, dir, persistence, oauth, blobPort, queuePort, tablePort);
    Azurite azurite = new Azurite(process, dir, blobPort, queuePort, tablePort, oauth.isPresent() ? "https" : "http");
    // The hook also keeps this object, hence the lifeline pipe, reachable until close().
    Runtime.getRuntime().addShutdownHook(azurite.shutdownHook);
    try {
      Readiness.await(process, List.of(tablePort, queuePort), READY_TIMEOUT,
          () -> Readiness.tail(dir.resolve(LOG_FILE)), oauth.map(o -> o.keystore().trustingContext().getSocketFactory()));
      azurite.served = true;
    } catch (RuntimeException e) {
      azurite.close();
      throw e;
    }
    return azurite;
  }

  private static Process launch(
      AzuriteInstall install, Path dir, Persistence persistence, Optional<OAuth> oauth, int blobPort, int queuePort, int tablePort) {
    Path launcher = dir.resolve(LAUNCHER);
    String node = node();
    try {
      Files.createDirectories(dir);
      try (InputStream in = Azurite.class.getResourceAsStream(LAUNCHER)) {
        if (in == null) {
          throw new IllegalStateException("The resource " + LAUNCHER + " is missing from the testkit");
        }
        Files.copy(in, launcher, StandardCopyOption.REPLACE_EXISTING);
      }
      List<String> command = new ArrayList<>(ownSession());
      command.addAll(List.of(node, "--max-old-space-size=" + NODE_HEAP_MIB,
          launcher.toString(), install.entryPoint().toString(),
          "--disableTelemetry", "--skipApiVersionCheck", "--silent"));
      command.addAll(persistence == Persistence.DISK
          ? List.of("--location", dir.toString())
          : List.of("--inMemoryPersistence"));
      oauth.ifPresent(o -> command.addAll(List.of("--oauth", "basic",
          "--cert", o.keystore().path().toAbsolutePath().toString(), "--pwd", o.keystore().password())));
      command.addAll(List.of(
          "--blobHost", "127.0.0.1", "--blobPort", String.valueOf(blobPort),
          "--queueHost", "127.0.0.1", "--queuePort", String.valueOf(queuePort),
          "--tableHost", "127.0.0.1", "--tablePort", String.valueOf(tablePort)));
      return new ProcessBuilder(command)
          .directory(dir.toFile())
          .redirectErrorStream(true)
          .redirectOutput(dir.resolve(LOG_FILE).toFile())
          .redirectInput(ProcessBuilder.Redirect.PIPE)
          .start();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not start Azurite with '" + node + "' (set TABLECAST_NODE"
          + " to the node executable if it is not on the PATH), data in " + dir, e);
    }
  }

  /**
   * {@code setsid} where the system has it (Linux): Azurite then runs in a session and process
   * group of its own, so that a terminal's Ctrl-C, Ctrl-\ or hang-up, which go to the terminal's
   * whole foreground process group, reach only this JVM, which stops its services first and
   * Azurite last. {@code setsid} execs in place (a child of this JVM is no group leader), so the
   * process is still node's. Where it is missing, the launcher ignores those signals itself.
   */
  private static List<String> ownSession() {
    return Optional.ofNullable(System.getenv("PATH")).stream()
        .flatMap(path -> Arrays.stream(path.split(File.pathSeparator)))
        .filter(dir -> !dir.isBlank())
        .map(dir -> Path.of(dir, "setsid"))
        .filter(Files::isExecutable)
        .findFirst()
        .map(setsid -> List.of(setsid.toString()))
        .orElse(List.of());
  }

  /**
   * The connection string of the emulator's development account with explicit endpoints, as
   * the Azure SDK's {@code connectionString(...)} builders take it.
   */
  public String connectionString() {
    return StorageSettings.azuriteConnectionString(scheme, "127.0.0.1", blobPort, queuePort, tablePort);
  }

  private String endpoint(int port) {
    return scheme + "://127.0.0.1:" + port + "/" + ACCOUNT_NAME;
  }

  /** {@code http://127.0.0.1:<tablePort>/devstoreaccount1} ({@code https} with {@link OAuth}). */
  public String tableEndpoint() {
    return endpoint(tablePort);
  }

  /** {@code http://127.0.0.1:<queuePort>/devstoreaccount1} ({@code https} with {@link OAuth}). */
  public String queueEndpoint() {
    return endpoint(queuePort);
  }

  /** {@code http://127.0.0.1:<blobPort>/devstoreaccount1} ({@code https} with {@link OAuth}). */
  public String blobEndpoint() {
    return endpoint(blobPort);
  }

  /** The {@code node} executable: {@code TABLECAST_NODE}, else the one on the PATH. */
  public static String node() {
    return Optional.ofNullable(System.getenv("TABLECAST_NODE")).filter(n -> !n.isBlank()).orElse("node");
  }

  /** The pid of the node process that runs Azurite. */
  public long pid() {
    return process.pid();
  }

  /** Azurite's data directory; its output is in {@code azurite.log} there. */
  public Path dataDir() {
    return dataDir;
  }

  /** Where Azurite's output goes. */
  public Path logFile() {
    return dataDir.resolve(LOG_FILE);
  }

  /** Completes when the process exits, however it exits. */
  CompletableFuture<Process> onExit() {
    return process.onExit();
  }

  /** Marks the exit of the process as already reported, so that the stop does not repeat it. */
  void exitReported() {
    exitReported = true;
  }

  /**
   * True once a stop has ended with the process exiting on SIGTERM within {@link #STOP_GRACE}:
   * Azurite then saved its databases. False before, and when the process had exited by itself,
   * needed SIGKILL, or survived it.
   */
  public synchronized boolean stoppedCleanly() {
    return stoppedCleanly;
  }

  /**
   * Hands the stop on JVM shutdown to an owner that stops other things first ({@link
   * EmbeddedRuntime}, whose own hook stops its dependents, then Kafka, then Azurite). The owner
   * keeps this object reachable, and with it the lifeline pipe.
   */
  void handOverShutdown() {
    Runtime.getRuntime().removeShutdownHook(shutdownHook);
  }

  /**
   * Stops Azurite: SIGTERM, then SIGKILL if it has not exited after {@link #STOP_GRACE}.
   * Idempotent; returns once the process has exited, or after {@link #KILL_WAIT} more at most.
   */
  @Override
  public void close() {
    stop();
    ShutdownHooks.removeAfterClose(shutdownHook);
  }

  private synchronized void stop() {
    if (closed) {
      return;
    }
    closed = true;
    boolean interrupted = false;
    try {
      if (!process.isAlive()) {
        // else start() is failing, and its exception already says why
        if (served && !exitReported) {
          log.warn("Azurite (pid {}) had already exited with code {}; its log is {}",
              process.pid(), process.exitValue(), logFile());
        }
        return;
      }
      long started = System.nanoTime();
      process.destroy();
      if (process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
        stoppedCleanly = true;
      } else {
        log.warn("Azurite (pid {}) ignored SIGTERM for {} s; killing it", process.pid(), STOP_GRACE.toSeconds());
        process.destroyForcibly();
        if (!process.waitFor(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
          log.warn("Azurite (pid {}) survived SIGKILL for {} s; abandoning it", process.pid(), KILL_WAIT.toSeconds());
          return;
        }
      }
      log.info("Azurite (pid {}) stopped in {} ms", process.pid(),
          (System.nanoTime() - started) / 1_000_000);
    } catch (InterruptedException e) {
      interrupted = true;
      process.destroyForcibly();
    } finally {
      closeLifeline();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void closeLifeline() {
    try {
      lifeline.close();
    } catch (IOException e) {
      // The process has exited; its pipe is of no further use either way.
      log.debug("Closing Azurite's stdin pipe failed after it exited", e);
    }
  }

  @Override
  public String toString() {
    return "Azurite[pid=" + process.pid() + ", table=" + tablePort + ", queue=" + queuePort
        + ", blob=" + blobPort + ", data=" + dataDir + "]";
  }
}
