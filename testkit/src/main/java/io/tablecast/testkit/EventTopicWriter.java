package io.tablecast.testkit;

import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DepartmentEvent;
import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.EventSerde;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes events straight onto a namespace's event topics, as the command processor would (keyed
 * by aggregate id, single-object Avro, {@code event-type} header), or raw bytes where a test
 * needs a record nobody can decode.
 */
public final class EventTopicWriter implements AutoCloseable {

  private final KafkaProducer<String, byte[]> producer;
  private final TopicNames topics;
  private final EventSerde serde = new EventSerde();

  public EventTopicWriter(String bootstrapServers, TopicNames topics) {
    this.topics = topics;
    // Not idempotent: right after topics are created, this broker may answer NOT_LEADER once, and
    // an idempotent producer's retry can then loop on sequence checks (Kafka 4.1, transactions
    // v2). One request in flight keeps the order; a duplicate from a retry is something the
    // projector must tolerate anyway.
    this.producer = new KafkaProducer<>(
        Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
            ProducerConfig.ACKS_CONFIG, "all",
            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false,
            ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, 1,
            ProducerConfig.LINGER_MS_CONFIG, 5),
        new StringSerializer(), new ByteArraySerializer());
  }

  /** Writes the events in order and waits until all are stored. */
  public void write(List<? extends DomainEvent> events) {
    for (DomainEvent event : events) {
      String topic = event instanceof DepartmentEvent ? topics.departmentEvents() : topics.employeeEvents();
      ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, event.metadata().aggregateId(), null);
      byte[] value = serde.serializer().serialize(topic, record.headers(), event);
      producer.send(new ProducerRecord<>(topic, null, event.metadata().aggregateId(), value, record.headers()));
    }
    producer.flush();
  }

  /** Writes bytes that are not an event, keyed like one; returns where they landed. */
  public RecordMetadata writeRaw(String topic, String key, byte[] value) {
    try {
      return producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Could not write to " + topic, e);
    }
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
