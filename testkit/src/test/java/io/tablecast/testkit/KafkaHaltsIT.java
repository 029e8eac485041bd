package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.embedded.BoundedStop;
import io.tablecast.embedded.EmbeddedKafka;
import io.tablecast.embedded.FreePorts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broker of its own, whose log directory is deleted while it runs. Nothing here installs
 * {@link KafkaHalts}: the JUnit Platform has, through its service file.
 */
class KafkaHaltsIT {

  @TempDir Path dir;

  @Test
  void aBrokerWhoseLogDirectoryIsDeletedUnderItIsRefusedTheHaltAndTheTestJvmGoesOn() {
    int[] ports = FreePorts.pick(2);
    EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"), ports[0], ports[1]);
    try {
      TablecastRuntimeExtension.deleteRecursively(kafka.dataDir());
      try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", kafka.bootstrapServers()))) {
        // The new partition's directory cannot be made: Kafka fails the log directory, and would halt.
        admin.createTopics(java.util.List.of(new NewTopic("after.delete", 1, (short) 1)));
        await().atMost(Duration.ofSeconds(60)).until(() -> !KafkaHalts.requests().isEmpty());
      }
    } finally {
      BoundedStop.run("Kafka", Duration.ofSeconds(10), kafka::close);
    }
    assertThat(KafkaHalts.requests()).first().asString().startsWith("halt 1");
  }
}
