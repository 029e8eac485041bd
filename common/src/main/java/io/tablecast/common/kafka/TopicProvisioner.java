package io.tablecast.common.kafka;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.KafkaSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the topics a service needs when they do not exist yet, so that a fresh broker just
 * works, and checks that the topics kept for ever are: the events, the source of truth that every
 * rebuild and {@code verify} reads from offset 0, and the dead letters, which an operator must
 * still repair. A topic is created with the {@link KafkaSettings.Topics} settings, a kept one with
 * {@code retention.ms=-1} and {@code retention.bytes=-1}; an existing one keeps what it has, but a
 * kept one whose retention would delete records, or whose cleanup compacts them, stops the start
 * in one line ({@link ConfigException}) unless {@link KafkaSettings.Topics#finiteRetention} says to
 * accept it. Safe to run from every service at once.
 */
public final class TopicProvisioner {

  private static final Logger log = LoggerFactory.getLogger(TopicProvisioner.class);
  /** How long {@link #checkAccess} waits for Kafka before going on. */
  private static final Duration CHECK = Duration.ofSeconds(5);
  /** What a topic kept for ever is created with. */
  public static final Map<String, String> KEPT = Map.of("retention.ms", "-1", "retention.bytes", "-1");

  private TopicProvisioner() {}

  /** Those of {@code names} that are missing: the commands' and their outcomes' as {@link #ensureTopics}, the rest {@link #ensureKept}. */
  public static void ensureTopics(KafkaSettings kafka, TopicNames names) {
    ensure(kafka, List.of(names.commands(), names.commandResults()), names.kept());
  }

  /** Those of {@code topics} that are missing, with the broker's retention: topics of passing records. */
  public static void ensureTopics(KafkaSettings kafka, Collection<String> topics) {
    ensure(kafka, topics, List.of());
  }

  /** Those of {@code topics} that are missing, kept for ever; and every one of them is checked to be. */
  public static void ensureKept(KafkaSettings kafka, Collection<String> topics) {
    ensure(kafka, List.of(), topics);
  }

  /**
   * @throws ConfigException if Kafka refuses the connection's credentials or certificate, which no
   *     retry cures ({@link #refusal}), or if a topic of {@code kept} would lose records
   */
  private static void ensure(KafkaSettings kafka, Collection<String> passing, Collection<String> kept) {
    try (Admin admin = Admin.create(kafka.client(Map.of()))) {
      Set<String> existing = listTopics(kafka, admin, Duration.ofSeconds(30));
      List<NewTopic> missing = new ArrayList<>();
      passing.stream().filter(t -> !existing.contains(t)).forEach(t -> missing.add(newTopic(kafka.topics(), t, Map.of())));
      kept.stream().filter(t -> !existing.contains(t)).forEach(t -> missing.add(newTopic(kafka.topics(), t, KEPT)));
      if (!missing.isEmpty()) {
        admin.createTopics(missing).values().forEach((name, future) -> awaitCreated(name, future));
        awaitLeaders(admin, missing.stream().map(NewTopic::name).toList());
        log.info("Created topics {} with {} partitions", missing.stream().map(NewTopic::name).toList(), kafka.partitions());
      }
      checkKept(kafka, admin, kept.stream().filter(existing::contains).toList());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating topics", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Could not list topics at " + kafka.bootstrapServers(), e);
    }
  }

  private static NewTopic newTopic(KafkaSettings.Topics settings, String name, Map<String, String> configs) {
    return new NewTopic(name, Optional.of(settings.partitions()), settings.replicationFactor()).configs(configs(settings, configs));
  }

  /**
   * The configuration a topic is created with: {@code own} ({@link #KEPT} for the topics that keep
   * events), and {@code min.insync.replicas} when the settings give it; in the order of its names.
   */
  public static Map<String, String> configs(KafkaSettings.Topics settings, Map<String, String> own) {
    Map<String, String> all = new TreeMap<>(own);
    settings.minInsyncReplicas().ifPresent(min -> all.put("min.insync.replicas", String.valueOf(min)));
    return all;
  }

  /** The existing topics of {@code kept} that would lose records, refused or, if the settings accept it, warned of. */
  private static void checkKept(KafkaSettings kafka, Admin admin, List<String> kept)
      throws InterruptedException, ExecutionException, TimeoutException {
    if (kept.isEmpty()) {
      return;
    }
    Map<ConfigResource, Config> configs = admin.describeConfigs(kept.stream().map(t -> new ConfigResource(ConfigResource.Type.TOPIC, t))
        .toList()).all().get(30, TimeUnit.SECONDS);
    for (Map.Entry<ConfigResource, Config> topic : configs.entrySet()) {
      Optional<String> loss = RetentionCheck.loss(name -> Optional.ofNullable(topic.getValue().get(name)).map(ConfigEntry::value));
      if (loss.isEmpty()) {
        continue;
      }
      String what = "Topic " + topic.getKey().name() + " " + loss.get();
      if (!kafka.topics().finiteRetention()) {
        throw new ConfigException(what + "; its records are kept for ever (README, Kafka topics): kafka-configs.sh --bootstrap-server "
            + kafka.bootstrapServers() + " --alter --entity-type topics --entity-name " + topic.getKey().name()
            + " --add-config retention.ms=-1,retention.bytes=-1,cleanup.policy=delete; or TABLECAST_KAFKA_FINITE_RETENTION=true to"
            + " accept that a rebuild then lacks the events deleted");
      }
      log.warn("{}; accepted (TABLECAST_KAFKA_FINITE_RETENTION=true): a rebuild or verify will lack the records deleted", what);
    }
  }

  /**
   * Reaches Kafka once, for a service that creates no topic, so that a refused credential stops
   * its start as {@link #ensureTopics} does; a Kafka that cannot be reached now is only logged.
   */
  public static void checkAccess(KafkaSettings kafka) {
    Admin admin = Admin.create(kafka.client(Map.of(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) CHECK.toMillis(),
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) CHECK.toMillis())));
    try {
      listTopics(kafka, admin, CHECK);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      log.warn("{} could not be reached yet: {}", kafka, String.valueOf(e.getCause()));
    } catch (TimeoutException e) {
      log.warn("{} could not be reached within {} s; going on", kafka, CHECK.toSeconds());
    } finally {
      admin.close(Duration.ZERO);
    }
  }

  private static Set<String> listTopics(KafkaSettings kafka, Admin admin, Duration timeout) throws InterruptedException,
      ExecutionException, TimeoutException {
    try {
      return admin.listTopics().names().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AuthenticationException refused) {
        throw refusal(kafka, refused);
      }
      throw e;
    }
  }

  /** A refusal in one line: what failed, what to check, and what Kafka said. */
  private static ConfigException refusal(KafkaSettings kafka, AuthenticationException refused) {
    String failed = refused instanceof SslAuthenticationException
        ? " could not be trusted; TABLECAST_KAFKA_TRUSTSTORE, or else the JVM's trust store, must hold the certificate of its CA"
        : " refused the SASL login; check TABLECAST_KAFKA_SASL_MECHANISM and its credentials";
    return new ConfigException(kafka + failed + ". Kafka said: " + String.valueOf(refused.getMessage()).replaceAll("\\s+", " "));
  }

  /**
   * A new topic's partitions get their leaders a moment after the creation returns; a producer
   * that writes before then retries, and an idempotent one may trip over its own sequence
   * numbers. So a service starts only once every new partition has a leader.
   */
  private static void awaitLeaders(Admin admin, List<String> topics)
      throws InterruptedException, ExecutionException, TimeoutException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      if (haveLeaders(admin, topics)) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("Topics " + topics + " still have partitions without a leader");
      }
      Thread.sleep(50);
    }
  }

  /** False also while the new topics' metadata has not reached the broker that answers. */
  private static boolean haveLeaders(Admin admin, List<String> topics)
      throws InterruptedException, ExecutionException, TimeoutException {
    try {
      return admin.describeTopics(topics).allTopicNames().get(30, TimeUnit.SECONDS).values().stream()
          .flatMap(t -> t.partitions().stream())
          .allMatch(p -> p.leader() != null && !p.leader().isEmpty());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof UnknownTopicOrPartitionException) {
        return false;
      }
      throw e;
    }
  }

  private static void awaitCreated(String name, org.apache.kafka.common.KafkaFuture<Void> future) {
    try {
      future.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof org.apache.kafka.common.errors.TopicExistsException)) {
        throw new IllegalStateException("Could not create topic " + name, e.getCause());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating topic " + name, e);
    } catch (TimeoutException e) {
      throw new IllegalStateException("Timed out creating topic " + name, e);
    }
  }
}
