package io.tablecast.bench;

import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.schemas.EventSerde;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes one phase of the workload onto the event topics inside a Kafka transaction that stays
 * open until {@link #commit()}. The projector reads {@code read_committed}, so it sees none of the
 * phase until the commit, and then all of it at once: the phase's projection starts at a known
 * instant, is never held up by the producer, and the time of writing stays out of it.
 *
 * <p>Records are exactly the command processor's (and {@code EventTopicWriter}'s): keyed by
 * aggregate id, single-object Avro, with the {@code event-type} header.
 */
final class PhaseWriter implements AutoCloseable {

  private final KafkaProducer<String, byte[]> producer;
  private final TopicNames topics;
  private final EventSerde serde = new EventSerde();

  PhaseWriter(String bootstrapServers, TopicNames topics, String transactionalId) {
    this.topics = topics;
    this.producer = new KafkaProducer<>(
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
            ProducerConfig.ACKS_CONFIG, "all",
            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
            ProducerConfig.LINGER_MS_CONFIG, 5,
            ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId,
            // The transaction stays open while the projector (re)starts.
            ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, (int) Duration.ofMinutes(10).toMillis()),
        new StringSerializer(), new ByteArraySerializer());
    producer.initTransactions();
  }

  /**
   * Opens a transaction and writes the events into it, waiting until the broker has stored them
   * all (uncommitted). Returns the offset of the last record per partition.
   */
  Map<TopicPartition, Long> write(List<? extends DomainEvent> events) {
    producer.beginTransaction();
    List<Future<RecordMetadata>> sent = new ArrayList<>(events.size());
    for (DomainEvent event : events) {
      String topic = topics.eventTopic(EventTopicNames.of(event));
      ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, event.metadata().aggregateId(), null);
      byte[] value = serde.serializer().serialize(topic, record.headers(), event);
      sent.add(producer.send(new ProducerRecord<>(topic, null, event.metadata().aggregateId(), value, record.headers())));
    }
    producer.flush();
    Map<TopicPartition, Long> last = new HashMap<>();
    for (Future<RecordMetadata> future : sent) {
      try {
        RecordMetadata m = future.get(60, TimeUnit.SECONDS);
        last.merge(new TopicPartition(m.topic(), m.partition()), m.offset(), Math::max);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      } catch (ExecutionException | TimeoutException e) {
        throw new IllegalStateException("Could not write the phase's events", e);
      }
    }
    return last;
  }

  /** Makes the phase visible to the projector. */
  void commit() {
    producer.commitTransaction();
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
