package io.tablecast.devmode;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.commands.CommandsService;
import io.tablecast.common.config.AuthSettings;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.kafka.ConsistencyTokens;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.common.tracing.TracingSetup;
import io.tablecast.embedded.DependencyFailure;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import io.tablecast.embedded.ShutdownHooks;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.projector.ProjectorService;
import io.tablecast.projector.Recovery;
import io.tablecast.views.ViewsConfig;
import io.tablecast.views.ViewsService;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded runtime plus the three services, wired to each other, in a data directory that
 * this process has locked ({@link DataDirLock}).
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>The services stop before the runtime, however the stop comes (close, Ctrl-C, SIGTERM), and
 *       the stop ends within about 30 s: every step has a deadline ({@link EmbeddedRuntime}).
 *   <li>The run's record says "running" from before anything starts. Only a stop in which every
 *       step finished in time, Azurite saved its data and no dependency had failed marks it
 *       "stopped", as its very last step; the next start treats any other end as a crash.
 *   <li>The projector's queue workers run as this run's own instance id, which the record keeps;
 *       after a crash the projector recovers ({@link Recovery#afterCrashOf}) the crashed run's.
 *   <li>A dependency that dies or stops answering while dev mode runs is reported, once, to the
 *       listener given to {@link #start}; the stop that should follow is the caller's to begin.
 * </ul>
 */
final class DevMode implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(DevMode.class);

  private final DataDirLock lock;
  private final RunRecord run;
  private final EmbeddedRuntime runtime;
  private final AtomicBoolean dependencyFailed;
  private final DevPorts ports;
  private final Optional<DevKafkaLogin> kafkaLogin;
  private final Thread shutdownHook;
  private boolean stopped;

  private DevMode(DataDirLock lock, RunRecord run, EmbeddedRuntime runtime, AtomicBoolean dependencyFailed, DevPorts ports,
      Optional<DevKafkaLogin> kafkaLogin) {
    this.lock = lock;
    this.run = run;
    this.runtime = runtime;
    this.dependencyFailed = dependencyFailed;
    this.ports = ports;
    this.kafkaLogin = kafkaLogin;
    this.shutdownHook = new Thread(this::stop, "dev-mode-shutdown");
  }

  /**
   * Starts Kafka, Azurite and the services on {@code ports}, in the data directory of {@code
   * lock}, and owns the lock from then on. With {@link DevPorts#saslSsl}, Kafka also takes logins
   * over TLS ({@link DevKafkaLogin}), and the services reach it that way. When the start fails, whatever started is stopped, the
   * lock is released, and the record is left as the next start should find it.
   */
  static DevMode start(DataDirLock lock, DevPorts ports, StartTimes times, Consumer<DependencyFailure> onFailure) {
    Recovery recovery = lock.crashedRun().map(CrashedRun::recovery).orElse(Recovery.NONE);
    RunRecord run = RunRecord.running(WorkerSettings.newInstance());
    lock.write(run);
    log.info("Dev mode runs as pid {}, its queue workers as instance {}; recovery at start: {}",
        run.pid(), run.workerInstance(), recovery);
    AtomicBoolean dependencyFailed = new AtomicBoolean();
    EmbeddedRuntime runtime = null;
    Optional<DevKafkaLogin> kafkaLogin = Optional.empty();
    try {
      RuntimeOptions plain = new RuntimeOptions(lock.dataDir().resolve("runtime"), ports.runtime());
      kafkaLogin = ports.saslSsl() ? Optional.of(DevKafkaLogin.create(lock.dataDir(), ports.kafkaSaslSsl())) : Optional.empty();
      RuntimeOptions options = kafkaLogin.map(login -> plain.withKafkaSaslSsl(login.listener())).orElse(plain);
      runtime = times.time("Kafka and Azurite", () -> EmbeddedRuntime.start(options));
      runtime.watch(failure -> {
        dependencyFailed.set(true);
        onFailure.accept(failure);
      });
      KafkaSettings kafka = kafkaLogin.map(DevKafkaLogin::settings).orElse(new KafkaSettings(runtime.bootstrapServers(), 3));
      startServices(runtime, kafka, lock, ports, run.workerInstance(), recovery, times);
    } catch (RuntimeException e) {
      if (runtime != null) {
        runtime.close();
      }
      // A crash before this run stays to be recovered; else this run's own end counts.
      boolean clean = runtime != null && runtime.stoppedCleanly() && !dependencyFailed.get();
      if (lock.crashedRun().isPresent() || runtime == null) {
        lock.restorePrevious();
      } else if (clean) {
        lock.write(run.stopped());
      }
      lock.close();
      throw e;
    }
    DevMode dev = new DevMode(lock, run, runtime, dependencyFailed, ports, kafkaLogin);
    Runtime.getRuntime().addShutdownHook(dev.shutdownHook);
    runtime.handOverShutdown();
    return dev;
  }

  private static void startServices(EmbeddedRuntime runtime, KafkaSettings kafka, DataDirLock lock, DevPorts ports, String workerInstance,
      Recovery recovery, StartTimes times) {
    // Each service with the rights it needs, as in production: a table and queue SAS for the projector
    // and its workers, a read-only SAS for the views, nothing for the commands service.
    StorageSettings storage = ServiceSas.readWrite(runtime.storageConnectionString(), Duration.ofDays(365));
    ProjectorConfig defaults = ProjectorConfig.of(Namespace.NONE, kafka, storage, new HttpSettings("127.0.0.1", ports.projector()));
    // One projector per data directory: a static member of its group, which a restart takes over at once.
    ProjectorConfig projector = defaults.withWorkers(defaults.workers().withInstance(workerInstance)).withRecovery(recovery)
        .withInstanceId("dev");
    // Traced as the services are alone: when OTEL_EXPORTER_OTLP_ENDPOINT is set (the workers with the projector).
    runtime.closeFirst("projector service", times.time("projector", () -> ProjectorService.start(projector, List.of(),
        TracingSetup.fromEnv(Env.system(), "tablecast-projector"))));
    // Authentication as the services alone take it: off unless TABLECAST_AUTH_ISSUER is set, to try an issuer on one machine;
    // consistency tokens signed when TABLECAST_CONSISTENCY_KEY is set, as a team producer beside dev mode would sign its own.
    Optional<AuthSettings> auth = AuthSettings.fromEnv(Env.system());
    ConsistencyTokens tokens = ConsistencyTokens.fromEnv(Env.system());
    CommandsConfig plain = new CommandsConfig(Namespace.NONE, kafka, new HttpSettings("127.0.0.1", ports.commands()),
        lock.dataDir().resolve("streams"), Duration.ofSeconds(10), "dev").withConsistencyTokens(tokens);
    CommandsConfig commands = auth.map(plain::withAuth).orElse(plain);
    runtime.closeFirst("commands service", times.time("commands", () -> CommandsService.start(commands,
        TracingSetup.fromEnv(Env.system(), "tablecast-commands"))));
    ViewsConfig open = ViewsConfig.of(Namespace.NONE, ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofDays(365)),
        kafka, new HttpSettings("127.0.0.1", ports.views())).withConsistencyTokens(tokens);
    ViewsConfig views = auth.map(open::withAuth).orElse(open);
    runtime.closeFirst("views service", times.time("views", () -> ViewsService.start(views)));
  }

  URI commandsUri() {
    return localhost(ports.commands());
  }

  URI viewsUri() {
    return localhost(ports.views());
  }

  URI projectorUri() {
    return localhost(ports.projector());
  }

  private static URI localhost(int port) {
    return URI.create("http://127.0.0.1:" + port);
  }

  String bootstrapServers() {
    return runtime.bootstrapServers();
  }

  /** With {@code --kafka-sasl-ssl}, the listener that takes logins over TLS, and the file of the properties that reach it. */
  Optional<DevKafkaLogin> kafkaLogin() {
    return kafkaLogin;
  }

  String tableEndpoint() {
    return runtime.azurite().tableEndpoint();
  }

  String queueEndpoint() {
    return runtime.azurite().queueEndpoint();
  }

  /** True once a stop has ended with every step in time, Azurite's data saved and no dependency failed. */
  synchronized boolean stoppedCleanly() {
    return stopped && runtime.stoppedCleanly() && !dependencyFailed.get();
  }

  /** Stops the services, then Kafka and Azurite, then records how the run ended. Idempotent. */
  @Override
  public void close() {
    stop();
    ShutdownHooks.removeAfterClose(shutdownHook);
  }

  private synchronized void stop() {
    if (stopped) {
      return;
    }
    stopped = true;
    runtime.close();
    try {
      if (runtime.stoppedCleanly() && !dependencyFailed.get()) {
        lock.write(run.stopped()); // the very last step: everything before it finished
        log.info("Dev mode stopped cleanly");
      } else {
        log.info("Dev mode did not stop cleanly; the next start recovers what the store may have lost");
      }
      lock.close();
    } catch (UncheckedIOException e) {
      log.warn("Could not record the end of the run: {}; the next start will recover as after a crash", e.getCause().toString());
    }
  }
}
