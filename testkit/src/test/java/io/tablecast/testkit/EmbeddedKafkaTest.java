package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.embedded.EmbeddedKafka;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EmbeddedKafkaTest {

  private final Properties props = EmbeddedKafka.brokerProperties(Path.of("/data/kafka"), 19092, 19093);

  @Test
  void brokerIsACombinedKraftNodeListeningOnLoopbackOnly() {
    assertThat(props)
        .containsEntry("process.roles", "broker,controller")
        .containsEntry("controller.quorum.voters", "1@127.0.0.1:19093")
        .containsEntry("listeners", "PLAINTEXT://127.0.0.1:19092,CONTROLLER://127.0.0.1:19093")
        .containsEntry("advertised.listeners", "PLAINTEXT://127.0.0.1:19092")
        .containsEntry("log.dirs", Path.of("/data/kafka").toString());
  }

  @Test
  void internalTopicsFitOneNodeSoTransactionsWork() {
    assertThat(props)
        .containsEntry("offsets.topic.replication.factor", "1")
        .containsEntry("transaction.state.log.replication.factor", "1")
        .containsEntry("transaction.state.log.min.isr", "1")
        .containsEntry("share.coordinator.state.topic.replication.factor", "1")
        .containsEntry("share.coordinator.state.topic.min.isr", "1");
  }

  @Test
  void topicsAreNeverCreatedImplicitly() {
    assertThat(props).containsEntry("auto.create.topics.enable", "false");
  }
}
