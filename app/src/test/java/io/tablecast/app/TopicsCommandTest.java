package io.tablecast.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.EventTopicNames;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TopicsCommandTest {

  private static final String CREATE = "kafka-topics.sh --bootstrap-server kafka-1:9093 --create --if-not-exists --topic ";

  @Test
  void printsOneCreateCommandPerTopicWithTheEventsAndDeadLettersKeptForEver() {
    KafkaSettings kafka = new KafkaSettings("kafka-1:9093", new KafkaSettings.Topics(6, Optional.of((short) 3), Optional.of(2), false),
        Map.of());

    TopicNames topics = TopicNames.of(new Namespace("acme"), EventTopicNames.ALL);
    List<String> lines = TopicsCommand.lines(kafka, topics, List.of("acme.orders.order-events"));

    String sized = " --partitions 6 --replication-factor 3";
    String kept = " --config min.insync.replicas=2 --config retention.bytes=-1 --config retention.ms=-1";
    assertThat(lines).filteredOn(line -> !line.startsWith("#")).containsExactly(
        CREATE + "acme.tablecast.commands" + sized + " --config min.insync.replicas=2",
        CREATE + "acme.tablecast.command-results" + sized + " --config min.insync.replicas=2",
        CREATE + "acme.tablecast.employee-events" + sized + kept,
        CREATE + "acme.tablecast.department-events" + sized + kept,
        CREATE + "acme.tablecast.projector-dlq" + sized + kept,
        CREATE + "acme.orders.order-events" + sized + kept);
  }

  @Test
  void leavesTheReplicationToTheBrokerWhenNotSet() {
    TopicNames topics = TopicNames.of(Namespace.NONE, EventTopicNames.ALL);
    List<String> lines = TopicsCommand.lines(new KafkaSettings("kafka-1:9093", 3), topics, List.of());

    assertThat(lines).filteredOn(line -> !line.startsWith("#")).contains(CREATE + "tablecast.commands --partitions 3")
        .noneMatch(line -> line.contains("--replication-factor"));
  }
}
