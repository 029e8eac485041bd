package io.tablecast.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Counts the committed records in every topic whose name starts with a prefix: the topics of
 * one namespace, including the command processor's changelogs. Reads {@code read_committed}, so
 * transaction markers and aborted records are not counted.
 */
final class TopicCensus {

  private static final Duration LIMIT = Duration.ofMinutes(2);

  private TopicCensus() {}

  /** Committed records per topic, by topic name. */
  static Map<String, Long> count(String bootstrapServers, String topicPrefix) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.listTopics(Duration.ofSeconds(30)).entrySet().stream()
          .filter(e -> e.getKey().startsWith(topicPrefix))
          .flatMap(e -> e.getValue().stream().map(p -> new TopicPartition(p.topic(), p.partition())))
          .toList();
      Map<String, Long> counts = new TreeMap<>();
      partitions.forEach(p -> counts.put(p.topic(), 0L));
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      long deadline = System.nanoTime() + LIMIT.toNanos();
      while (!caughtUp(consumer, ends)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("Counting the records of " + topicPrefix + "* took over " + LIMIT);
        }
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
          counts.merge(r.topic(), 1L, Long::sum);
        }
      }
      return counts;
    }
  }

  private static boolean caughtUp(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
    return ends.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
  }
}
