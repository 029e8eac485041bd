package io.tablecast.common.kafka;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.KafkaSettings;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the topics a service needs when they do not exist yet, so that a fresh broker just
 * works. Existing topics are left exactly as they are. Safe to run from every service at once.
 */
public final class TopicProvisioner {

  private static final Logger log = LoggerFactory.getLogger(TopicProvisioner.class);
  /** How long {@link #checkAccess} waits for Kafka before going on. */
  private static final Duration CHECK = Duration.ofSeconds(5);

  private TopicProvisioner() {}

  /**
   * Creates those of {@code topics} that are missing.
   *
   * @throws ConfigException if Kafka refuses the connection's credentials or certificate, which no
   *     retry cures ({@link #refusal})
   */
  public static void ensureTopics(KafkaSettings kafka, Collection<String> topics) {
    try (Admin admin = Admin.create(kafka.client(Map.of()))) {
      Set<String> existing = listTopics(kafka, admin, Duration.ofSeconds(30));
      List<NewTopic> missing =
          topics.stream()
              .filter(t -> !existing.contains(t))
              .map(t -> new NewTopic(t, kafka.partitions(), (short) 1))
              .toList();
      if (missing.isEmpty()) {
        return;
      }
      admin.createTopics(missing).values().forEach((name, future) -> awaitCreated(name, future));
      awaitLeaders(admin, missing.stream().map(NewTopic::name).toList());
      log.info("Created topics {} with {} partitions", missing.stream().map(NewTopic::name).toList(), kafka.partitions());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating topics", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Could not list topics at " + kafka.bootstrapServers(), e);
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
