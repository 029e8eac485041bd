package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.kafka.TopicProvisioner;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.events.EventTopicNames;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The topics a service creates get what the settings say, the events and dead letters kept for
 * ever; an existing topic whose retention would lose events stops the start, unless a finite
 * retention is accepted on purpose.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class TopicsOnPurposeIT {

  private static final String WEEK = "604800000";

  @Test
  void theEventsAndDeadLettersAreCreatedKeptForEverAndTheCommandsWithTheBrokersRetention(EmbeddedRuntime runtime, Namespace namespace)
      throws Exception {
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), new KafkaSettings.Topics(2, Optional.of((short) 1),
        Optional.of(1), false), Map.of());
    TopicNames names = TopicNames.of(namespace, EventTopicNames.ALL);

    TopicProvisioner.ensureTopics(kafka, names);

    for (String kept : names.kept()) {
      assertThat(config(runtime, kept)).as(kept).containsEntry("retention.ms", topicSet("-1"))
          .containsEntry("retention.bytes", topicSet("-1")).containsEntry("min.insync.replicas", topicSet("1"));
    }
    assertThat(config(runtime, names.commands()).get("retention.ms").source()).isNotEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
  }

  @Test
  void anEventTopicThatWouldDeleteEventsStopsTheStartUnlessAFiniteRetentionIsAccepted(EmbeddedRuntime runtime, Namespace namespace)
      throws Exception {
    TopicNames names = TopicNames.of(namespace, EventTopicNames.ALL);
    String events = names.eventTopics().get(0);
    create(runtime, new NewTopic(events, 1, (short) 1).configs(Map.of("retention.ms", WEEK)));
    KafkaSettings kafka = new KafkaSettings(runtime.bootstrapServers(), 1);

    assertThatThrownBy(() -> TopicProvisioner.ensureTopics(kafka, names)).isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Topic " + events + " deletes records after " + WEEK + " ms (retention.ms); its records are kept for"
            + " ever (README, Kafka topics)")
        .hasMessageContaining("--alter --entity-type topics --entity-name " + events + " --add-config retention.ms=-1,")
        .hasMessageContaining("TABLECAST_KAFKA_FINITE_RETENTION");

    KafkaSettings accepting = new KafkaSettings(runtime.bootstrapServers(), new KafkaSettings.Topics(1, Optional.empty(), Optional.empty(),
        true), Map.of());
    assertThatCode(() -> TopicProvisioner.ensureTopics(accepting, names)).doesNotThrowAnyException();
    assertThat(config(runtime, events)).as("an existing topic is left as it is").containsEntry("retention.ms", topicSet(WEEK));
  }

  @Test
  void aCompactedDeadLetterTopicStopsTheStart(EmbeddedRuntime runtime, Namespace namespace) throws Exception {
    String deadLetters = TopicNames.of(namespace, EventTopicNames.ALL).projectorDlq();
    create(runtime, new NewTopic(deadLetters, 1, (short) 1).configs(Map.of("cleanup.policy", "compact")));

    assertThatThrownBy(() -> TopicProvisioner.ensureKept(new KafkaSettings(runtime.bootstrapServers(), 1), List.of(deadLetters)))
        .isInstanceOf(ConfigException.class).hasMessageContaining("compacts its records, keeping each key's last (cleanup.policy=compact)");
  }

  private static ConfigEntryView topicSet(String value) {
    return new ConfigEntryView(value, ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
  }

  /** A configuration value and where it comes from: the topic's own, or a default. */
  private record ConfigEntryView(String value, ConfigEntry.ConfigSource source) {}

  private static Map<String, ConfigEntryView> config(EmbeddedRuntime runtime, String topic) throws Exception {
    try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", runtime.bootstrapServers()))) {
      ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      Config config = admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
      return config.entries().stream().collect(java.util.stream.Collectors.toMap(ConfigEntry::name,
          entry -> new ConfigEntryView(entry.value(), entry.source())));
    }
  }

  private static void create(EmbeddedRuntime runtime, NewTopic topic) throws Exception {
    try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", runtime.bootstrapServers()))) {
      admin.createTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
    }
  }
}
