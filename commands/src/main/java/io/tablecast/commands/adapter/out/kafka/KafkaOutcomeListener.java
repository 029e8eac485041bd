package io.tablecast.commands.adapter.out.kafka;

import io.tablecast.commands.application.CommandOutcome;
import io.tablecast.commands.application.OutcomeListener;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.DomainEvent;
import io.tablecast.schemas.EventSerde;
import io.tablecast.schemas.UndecodableEventException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the outcomes of commands: events on the two event topics (accepted commands, with the
 * event's position as consistency token) and rejections on {@code tablecast.command-results}.
 *
 * <p>Every instance of the commands service reads every partition, without a consumer group,
 * from the end of each topic as it was at start-up, and completes only the futures of the
 * command ids it waits for. That is what lets any number of instances run side by side. It
 * reads committed records only, so a command is reported exactly when its event is durable.
 */
public final class KafkaOutcomeListener implements OutcomeListener, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KafkaOutcomeListener.class);

  private final Map<String, CompletableFuture<CommandOutcome>> waiting = new ConcurrentHashMap<>();
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final TopicNames topics;
  private final EventSerde events = new EventSerde();
  private final InternalJson.Reader<CommandResult> results = InternalJson.reader(CommandResult.class);
  private final Thread thread;
  private volatile boolean running = true;

  public KafkaOutcomeListener(KafkaSettings kafka, TopicNames topics) {
    this.topics = topics;
    this.consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer());
    List<TopicPartition> partitions = partitionsOf(List.of(topics.commandResults(), topics.employeeEvents(), topics.departmentEvents()));
    consumer.assign(partitions);
    consumer.seekToEnd(partitions);
    // seekToEnd is lazy: resolve every position now, before any command can be published.
    partitions.forEach(consumer::position);
    this.thread = new Thread(this::run, "command-outcomes");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public CompletableFuture<CommandOutcome> expect(String commandId) {
    return waiting.computeIfAbsent(commandId, id -> new CompletableFuture<>());
  }

  @Override
  public void forget(String commandId) {
    waiting.remove(commandId);
  }

  private List<TopicPartition> partitionsOf(Collection<String> names) {
    return names.stream()
        .flatMap(t -> consumer.partitionsFor(t, Duration.ofSeconds(30)).stream())
        .map(p -> new TopicPartition(p.topic(), p.partition()))
        .toList();
  }

  private void run() {
    try {
      while (running) {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          handle(record);
        }
      }
    } catch (WakeupException e) {
      if (running) {
        throw e;
      }
    } finally {
      consumer.close(Duration.ofSeconds(2));
    }
  }

  private void handle(ConsumerRecord<byte[], byte[]> record) {
    if (record.value() == null || waiting.isEmpty()) {
      return;
    }
    try {
      CommandOutcome outcome = record.topic().equals(topics.commandResults()) ? rejection(record) : accepted(record);
      CompletableFuture<CommandOutcome> future = waiting.get(outcome.commandId());
      if (future != null) {
        future.complete(outcome);
      }
    } catch (UndecodableEventException | org.apache.kafka.common.errors.SerializationException e) {
      log.warn("Skipping an unreadable outcome at {}-{}@{}: {}", record.topic(), record.partition(), record.offset(), e.getMessage());
    }
  }

  private CommandOutcome accepted(ConsumerRecord<byte[], byte[]> record) {
    DomainEvent event = events.deserializer().deserialize(record.topic(), record.headers(), record.value());
    return new CommandOutcome.Accepted(
        event.metadata().commandId(),
        event.metadata().aggregateId(),
        event.version(),
        new ConsistencyToken(record.topic(), record.partition(), record.offset()));
  }

  private CommandOutcome rejection(ConsumerRecord<byte[], byte[]> record) {
    CommandResult result = results.read(record.value());
    return new CommandOutcome.Rejected(result.commandId(), result.aggregateId(), result.rejection());
  }

  @Override
  public void close() {
    running = false;
    consumer.wakeup();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
