package io.tablecast.commands.adapter.out.kafka;

import io.tablecast.commands.application.CommandOutcome;
import io.tablecast.commands.application.OutcomeListener;
import io.tablecast.commands.application.Reply;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.Topic;
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
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the processor's answers on {@code tablecast.command-results}: every outcome, accepted or
 * not, written in the transaction that decided it. An accepted command's consistency token names
 * its aggregate's new version.
 *
 * <p>Every instance of the commands service reads every partition, without a consumer group,
 * from the end of each topic as it was at start-up, and completes the futures of the command ids
 * waited for. That is what lets any number of instances run side by side: a retry on instance B
 * can wait for the original that instance A submitted. It reads committed records only, so a
 * command is reported exactly when its event is durable.
 */
public final class KafkaOutcomeListener implements OutcomeListener, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(KafkaOutcomeListener.class);
  private static final int RECENT = 20_000;
  /**
   * How long a poll, and the broker with the fetch behind it, wait while no answer arrives (Kafka
   * holds a fetch 500 ms by default): either returns as soon as one does, the commit marker of its
   * transaction completing the fetch, and a close wakes the poll. The partitions are assigned once
   * and never paused, so none waits for a fetch of the others; and the consumer closes without
   * waiting, which would wait for the fetch the broker holds: it belongs to no group and commits
   * nothing.
   */
  private static final Duration IDLE_WAIT = Duration.ofSeconds(10);

  private final Map<String, CompletableFuture<Reply>> waiting = new ConcurrentHashMap<>();
  private final RecentReplies recent = new RecentReplies(RECENT);
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final Deserializer<CommandResult> results;
  private final Thread thread;
  private volatile boolean running = true;

  public KafkaOutcomeListener(KafkaSettings kafka, Topic<String, CommandResult> topic) {
    this.results = topic.valueSerde().deserializer();
    this.consumer = new KafkaConsumer<>(
        kafka.client(Map.of(
            ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
            ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int) IDLE_WAIT.toMillis())),
        new ByteArrayDeserializer(),
        new ByteArrayDeserializer());
    List<TopicPartition> partitions = partitionsOf(List.of(topic.name()));
    consumer.assign(partitions);
    consumer.seekToEnd(partitions);
    // seekToEnd is lazy: resolve every position now, before any command can be published.
    partitions.forEach(consumer::position);
    this.thread = new Thread(this::run, "command-outcomes");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public CompletableFuture<Reply> expect(String commandId) {
    CompletableFuture<Reply> future = waiting.computeIfAbsent(commandId, id -> new CompletableFuture<>());
    recent.get(commandId).ifPresent(future::complete);
    return future;
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
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(IDLE_WAIT)) {
          handle(record);
        }
      }
    } catch (WakeupException e) {
      if (running) {
        throw e;
      }
    } finally {
      consumer.close(Duration.ZERO);
    }
  }

  private void handle(ConsumerRecord<byte[], byte[]> record) {
    if (record.value() == null) {
      return;
    }
    try {
      CommandResult result = results.deserialize(record.topic(), record.value());
      String commandId = result.commandId();
      Reply reply = reply(result);
      if (reply instanceof Reply.Decided) {
        recent.add(commandId, reply);
      }
      CompletableFuture<Reply> future = waiting.get(commandId);
      if (future != null) {
        future.complete(reply);
      }
    } catch (SerializationException e) {
      log.warn("Skipping an unreadable answer at {}-{}@{}: {}", record.topic(), record.partition(), record.offset(), e.getMessage());
    }
  }

  private static Reply reply(CommandResult result) {
    return switch (result.kind()) {
      case ACCEPTED -> new Reply.Decided(new CommandOutcome.Accepted(result.commandId(), result.aggregateId(), result.version(),
          new ConsistencyToken.AggregateVersion(result.aggregateKind(), result.aggregateId(), result.version())));
      case REJECTED -> new Reply.Decided(
          new CommandOutcome.Rejected(result.commandId(), result.aggregateId(), result.rejection().orElseThrow()));
      case UNCHANGED -> new Reply.Decided(new CommandOutcome.Unchanged(result.commandId(), result.aggregateId(), result.version(),
          new ConsistencyToken.AggregateVersion(result.aggregateKind(), result.aggregateId(), result.version())));
      case DUPLICATE -> new Reply.Duplicate(
          result.originalCommandId().orElseThrow(), result.originalIssuedAt().orElseThrow(), result.completion());
    };
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
