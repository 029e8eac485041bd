package io.tablecast.testkit;

import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EventTopicNames;
import io.tablecast.schemas.EventSerde;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
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
  private final String bootstrapServers;
  private final TopicNames topics;
  private final EventSerde serde = new EventSerde();
  private KafkaProducer<String, byte[]> transactional;

  public EventTopicWriter(String bootstrapServers, TopicNames topics) {
    this.bootstrapServers = bootstrapServers;
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

  /** Writes the events in order and waits until all are stored; returns where each landed. */
  public List<RecordMetadata> write(List<? extends DomainEvent> events) {
    return sendAll(producer, events);
  }

  /**
   * Writes the events in order as a command processor of an earlier release did, with that
   * version of the event schemas ({@link ReleasedSchemaEncoder}); returns where each landed.
   */
  public List<RecordMetadata> writeWithSchemaVersion(int version, List<? extends DomainEvent> events) {
    ReleasedSchemaEncoder older = new ReleasedSchemaEncoder(version);
    return sendAll(producer, events, (record, event) -> {
      record.headers().add(EventSerde.EVENT_TYPE_HEADER, event.eventType().getBytes(StandardCharsets.UTF_8));
      return older.encode(event);
    });
  }

  /**
   * Writes the events in one transaction, as the command processor does, and commits or aborts
   * it. Either way a transaction marker follows them in each partition; readers of committed
   * records never see an aborted one.
   */
  public synchronized void writeTransaction(List<? extends DomainEvent> events, boolean commit) {
    if (transactional == null) {
      transactional = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
          ProducerConfig.TRANSACTIONAL_ID_CONFIG, "event-topic-writer-" + java.util.UUID.randomUUID()),
          new StringSerializer(), new ByteArraySerializer());
      transactional.initTransactions();
    }
    transactional.beginTransaction();
    sendAll(transactional, events);
    if (commit) {
      transactional.commitTransaction();
    } else {
      transactional.abortTransaction();
    }
  }

  private List<RecordMetadata> sendAll(KafkaProducer<String, byte[]> sender, List<? extends DomainEvent> events) {
    return sendAll(sender, events, (record, event) -> serde.serializer().serialize(record.topic(), record.headers(), event));
  }

  /** @param encoding the value of the event, after setting the record's headers */
  private List<RecordMetadata> sendAll(KafkaProducer<String, byte[]> sender, List<? extends DomainEvent> events,
      BiFunction<ProducerRecord<String, byte[]>, DomainEvent, byte[]> encoding) {
    List<java.util.concurrent.Future<RecordMetadata>> sent = new java.util.ArrayList<>();
    for (DomainEvent event : events) {
      String topic = topics.eventTopic(EventTopicNames.of(event));
      ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, event.metadata().aggregateId(), null);
      byte[] value = encoding.apply(record, event);
      sent.add(sender.send(new ProducerRecord<>(topic, null, event.metadata().aggregateId(), value, record.headers())));
    }
    sender.flush();
    return sent.stream().map(EventTopicWriter::stored).toList();
  }

  private static RecordMetadata stored(java.util.concurrent.Future<RecordMetadata> send) {
    try {
      return send.get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Could not write an event", e);
    }
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
  public synchronized void close() {
    producer.close(Duration.ofSeconds(5));
    if (transactional != null) {
      transactional.close(Duration.ofSeconds(5));
    }
  }
}
