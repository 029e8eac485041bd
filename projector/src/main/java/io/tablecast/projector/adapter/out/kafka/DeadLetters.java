package io.tablecast.projector.adapter.out.kafka;

import io.tablecast.common.config.KafkaSettings;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Parks records the projector cannot decode or apply on {@code tablecast.projector-dlq}, with
 * their original key, value and headers plus {@code dlq-reason}, {@code dlq-topic}, {@code
 * dlq-partition} and {@code dlq-offset}; a team's view set's records also carry {@code
 * dlq-view-set}. {@link #park} returns once the broker has the record, so the source offset can be
 * committed without losing it.
 */
public final class DeadLetters implements AutoCloseable {

  public static final String REASON = "dlq-reason";
  public static final String TOPIC = "dlq-topic";
  public static final String PARTITION = "dlq-partition";
  public static final String OFFSET = "dlq-offset";
  public static final String VIEW_SET = "dlq-view-set";

  private final KafkaProducer<byte[], byte[]> producer;
  private final String topic;

  public DeadLetters(KafkaSettings kafka, String topic) {
    this.topic = topic;
    this.producer = new KafkaProducer<>(
        kafka.client(Map.of(
            ProducerConfig.ACKS_CONFIG, "all",
            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true)),
        new ByteArraySerializer(),
        new ByteArraySerializer());
  }

  public void park(ConsumerRecord<byte[], byte[]> record, String reason) {
    park(record, reason, Optional.empty());
  }

  /** @param viewSet the team's view set whose projector could not decode or apply it; empty for HR's */
  public void park(ConsumerRecord<byte[], byte[]> record, String reason, Optional<String> viewSet) {
    ProducerRecord<byte[], byte[]> parked = new ProducerRecord<>(topic, null, record.key(), record.value(), record.headers());
    Headers headers = parked.headers();
    viewSet.ifPresent(name -> headers.add(VIEW_SET, utf8(name)));
    headers.add(REASON, utf8(reason));
    headers.add(TOPIC, utf8(record.topic()));
    headers.add(PARTITION, utf8(Integer.toString(record.partition())));
    headers.add(OFFSET, utf8(Long.toString(record.offset())));
    try {
      producer.send(parked).get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while parking a record", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Could not park " + record.topic() + "-" + record.partition() + "@" + record.offset(), e);
    }
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
