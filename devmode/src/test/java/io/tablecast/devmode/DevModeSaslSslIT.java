package io.tablecast.devmode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.common.config.KafkaSettings;
import io.tablecast.embedded.FreePorts;
import io.tablecast.testkit.HttpTestClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dev mode with {@code --kafka-sasl-ssl}: its services reach Kafka by logging in over TLS, and the
 * client properties it writes let any client do the same.
 */
class DevModeSaslSslIT {

  private static final int[] PORTS = {9092, 9093, 9094, 10000, 10001, 10002, 8081, 8082, 8083};

  @Test
  void theServicesWorkThroughTheSaslSslListenerAndItsClientPropertiesLetAnotherClientIn(@TempDir Path dir) throws Exception {
    DevPorts ports = new DevPorts(FreePorts.offset(PORTS), true);
    try (DevMode dev = DevMode.start(DataDirLock.acquire(dir.resolve(".tablecast")), ports, StartTimes.ofThisJvm(), failure -> { })) {
      DevKafkaLogin login = dev.kafkaLogin().orElseThrow();
      HttpTestClient commands = new HttpTestClient(dev.commandsUri());
      assertThat(commands.postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status()).isEqualTo(201);
      assertThat(commands.postJson("/employees", """
          {"employeeId":"41","departmentId":"Ops","firstName":"Ada","lastName":"Ek","email":"ada@x.io","age":36}""").status())
          .isEqualTo(201);
      await().atMost(Duration.ofSeconds(60)).until(() -> new HttpTestClient(dev.viewsUri()).get("/employees/41").status() == 200);

      KafkaSettings client = login.settings();
      assertThat(client).hasToString("Kafka 127.0.0.1:" + ports.kafkaSaslSsl() + " (SASL_SSL PLAIN)");
      try (Admin admin = Admin.create(client.client(Map.of()))) {
        assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains("tablecast.employee-events");
      }
      assertThat(Files.getPosixFilePermissions(login.clientProperties())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
    }
  }
}
