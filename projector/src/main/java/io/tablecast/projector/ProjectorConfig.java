package io.tablecast.projector;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.ViewSetJars;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.projector.application.FailurePolicy;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Configuration of the projector deployable, read once in {@code main}. The storage credentials
 * need add, update and delete permissions on tables and queues (SPEC §7).
 *
 * @param http where {@code /health} and {@code /metrics} listen ({@code TABLECAST_PROJECTOR_PORT},
 *     default 8083)
 * @param threads {@code TABLECAST_PROJECTOR_THREADS}, default 8: storage requests in parallel
 * @param onFailure {@code TABLECAST_PROJECTOR_ON_FAILURE}: {@code dead-letter} (default) or {@code
 *     pause}, for events that cannot be decoded or applied
 * @param stallTimeout {@code TABLECAST_STALL_TIMEOUT}, default 30 s: with lag and no progress for
 *     this long, the projector reports itself unhealthy
 * @param maxPollRecords {@code TABLECAST_PROJECTOR_MAX_POLL}, default 1000: events per batch; more
 *     events per batch means more events per partition of a view, so fewer and fuller EGTs
 * @param workers the queue workers run in this process ({@code TABLECAST_WORKERS}, default 1 per
 *     queue; 0 for none, when workers run as their own deployable)
 * @param recovery what to do at start about a previous run that crashed; {@link Recovery#NONE}
 *     unless the caller knows of one (dev mode does)
 * @param instanceId {@code TABLECAST_INSTANCE_ID}: a stable id of this instance, unique among
 *     the projectors of a pipeline, for static membership of the consumer group: restarted, it
 *     takes its partitions back at once instead of after the session timeout (10 s). Absent by
 *     default (dynamic membership)
 * @param viewSets where the view sets of a team's own are found besides the class path ({@code TABLECAST_VIEW_SETS_DIR})
 */
public record ProjectorConfig(
    Namespace namespace,
    KafkaSettings kafka,
    StorageSettings storage,
    HttpSettings http,
    int threads,
    FailurePolicy onFailure,
    Duration stallTimeout,
    int maxPollRecords,
    WorkerSettings workers,
    Recovery recovery,
    Optional<String> instanceId,
    ViewSetJars viewSets) {

  public static final int DEFAULT_PORT = 8083;

  /** The defaults for everything but where things are. */
  public static ProjectorConfig of(Namespace namespace, KafkaSettings kafka, StorageSettings storage, HttpSettings http) {
    return new ProjectorConfig(namespace, kafka, storage, http, 8, FailurePolicy.DEAD_LETTER, Duration.ofSeconds(30), 1000,
        WorkerSettings.DEFAULT, Recovery.NONE, Optional.empty(), ViewSetJars.NONE);
  }

  public static ProjectorConfig fromEnv(Env env) {
    return new ProjectorConfig(
        env.namespace(),
        KafkaSettings.fromEnv(env),
        StorageSettings.fromEnv(env),
        HttpSettings.fromEnv(env, "TABLECAST_PROJECTOR_PORT", DEFAULT_PORT),
        env.integer("TABLECAST_PROJECTOR_THREADS", 8, 1, 256),
        policy(env.string("TABLECAST_PROJECTOR_ON_FAILURE", "dead-letter")),
        env.duration("TABLECAST_STALL_TIMEOUT", Duration.ofSeconds(30)),
        env.integer("TABLECAST_PROJECTOR_MAX_POLL", 1000, 1, 10_000),
        WorkerSettings.fromEnv(env),
        Recovery.NONE,
        env.optional("TABLECAST_INSTANCE_ID"),
        ViewSetJars.fromEnv(env));
  }

  public ProjectorConfig withThreads(int storageRequests) {
    return new ProjectorConfig(namespace, kafka, storage, http, storageRequests, onFailure, stallTimeout, maxPollRecords, workers, recovery,
        instanceId, viewSets);
  }

  public ProjectorConfig withOnFailure(FailurePolicy policy) {
    return new ProjectorConfig(namespace, kafka, storage, http, threads, policy, stallTimeout, maxPollRecords, workers, recovery,
        instanceId, viewSets);
  }

  public ProjectorConfig withStallTimeout(Duration timeout) {
    return new ProjectorConfig(namespace, kafka, storage, http, threads, onFailure, timeout, maxPollRecords, workers, recovery,
        instanceId, viewSets);
  }

  public ProjectorConfig withMaxPollRecords(int records) {
    return new ProjectorConfig(namespace, kafka, storage, http, threads, onFailure, stallTimeout, records, workers, recovery,
        instanceId, viewSets);
  }

  public ProjectorConfig withWorkers(WorkerSettings settings) {
    return new ProjectorConfig(namespace, kafka, storage, http, threads, onFailure, stallTimeout, maxPollRecords, settings, recovery,
        instanceId, viewSets);
  }

  public ProjectorConfig withRecovery(Recovery recovery) {
    return new ProjectorConfig(namespace, kafka, storage, http, threads, onFailure, stallTimeout, maxPollRecords, workers, recovery,
        instanceId, viewSets);
  }

  public ProjectorConfig withInstanceId(String id) {
    return new ProjectorConfig(namespace, kafka, storage, http, threads, onFailure, stallTimeout, maxPollRecords, workers, recovery,
        Optional.of(id), viewSets);
  }

  private static FailurePolicy policy(String text) {
    return switch (text.toLowerCase(Locale.ROOT)) {
      case "dead-letter" -> FailurePolicy.DEAD_LETTER;
      case "pause" -> FailurePolicy.PAUSE;
      default -> throw new ConfigException("TABLECAST_PROJECTOR_ON_FAILURE must be dead-letter or pause, was '" + text + "'");
    };
  }
}
