package io.tablecast.testkit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Plain Kafka clients for the tests, every call bounded. */
final class KafkaTestClients {

  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private KafkaTestClients() {}

  static void createTopic(String bootstrapServers, String topic, int partitions)
      throws ExecutionException, InterruptedException, TimeoutException {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrapServers))) {
      admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1)))
          .all().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
  }

  static KafkaProducer<String, String> producer(String bootstrapServers, Map<String, Object> extra) {
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) TIMEOUT.toMillis());
    props.putAll(extra);
    return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
  }

  /** Reads {@code topic} from the beginning until {@code count} records arrived or the timeout. */
  static List<ConsumerRecord<String, String>> readFromStart(
      String bootstrapServers, String topic, int count, String isolationLevel) {
    Properties props = new Properties();
    props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(ConsumerConfig.GROUP_ID_CONFIG, topic + ".reader");
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolationLevel);
    List<ConsumerRecord<String, String>> records = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + TIMEOUT.toNanos();
      while (records.size() < count && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }
}
