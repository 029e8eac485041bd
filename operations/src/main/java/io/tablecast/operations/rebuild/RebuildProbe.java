package io.tablecast.operations.rebuild;

import com.azure.storage.queue.models.QueueStorageException;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.projection.ViewSet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * Reads what a rebuild decides on: the log's offsets (committed records only), the checkpoints
 * of both generations, and the depth of the pending generation's queues. Also removes a finished
 * generation's consumer group.
 */
final class RebuildProbe implements AutoCloseable {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final AzureClients azure;
  private final TopicNames topics;
  private final Admin kafka;
  private final Clock clock;

  RebuildProbe(AzureClients azure, KafkaSettings kafka, TopicNames topics, Clock clock) {
    this.azure = azure;
    this.topics = topics;
    this.clock = clock;
    this.kafka = Admin.create(kafka.client(Map.of(
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis())));
  }

  RebuildStatus status(Generation pending, Generation live) {
    Map<String, RebuildStatus.Checkpoint> pendingCheckpoints = checkpoints(pending);
    Map<String, Long> liveApplied = new HashMap<>();
    checkpoints(live).forEach((row, checkpoint) -> liveApplied.put(row, checkpoint.applied()));
    return RebuildStatus.of(log(), pendingCheckpoints, liveApplied, depth(pending, pending::queue), depth(pending, pending::poisonQueue),
        clock.instant());
  }

  /** Every partition of the event topics, by checkpoint row key. */
  Map<String, RebuildStatus.LogRange> log() {
    Map<TopicPartition, OffsetSpec> earliest = new HashMap<>();
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    get(kafka.describeTopics(topics.eventTopics()).allTopicNames()).forEach((topic, description) ->
        description.partitions().forEach(p -> {
          earliest.put(new TopicPartition(topic, p.partition()), OffsetSpec.earliest());
          latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest());
        }));
    ListOffsetsOptions committed = new ListOffsetsOptions(IsolationLevel.READ_COMMITTED);
    var begins = get(kafka.listOffsets(earliest, committed).all());
    var ends = get(kafka.listOffsets(latest, committed).all());
    Map<String, RebuildStatus.LogRange> log = new HashMap<>();
    begins.forEach((tp, begin) -> log.put(CheckpointLayout.rowKey(tp.topic(), tp.partition()),
        new RebuildStatus.LogRange(begin.offset(), ends.get(tp).offset())));
    return log;
  }

  Map<String, RebuildStatus.Checkpoint> checkpoints(Generation generation) {
    Map<String, RebuildStatus.Checkpoint> rows = new HashMap<>();
    CheckpointRows.read(azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints()), generation)
        .forEach((rowKey, row) -> rows.put(rowKey, new RebuildStatus.Checkpoint(
            number(row.getProperty(CheckpointLayout.APPLIED_OFFSET)),
            CheckpointLayout.lag(row::getProperty),
            row.getProperty(CheckpointLayout.HEARTBEAT_AT) instanceof OffsetDateTime at ? at.toInstant() : Instant.EPOCH)));
    return rows;
  }

  /** Removes a consumer group; false while it still has members. */
  boolean deleteGroup(String group) {
    try {
      get(kafka.deleteConsumerGroups(List.of(group)).all());
      return true;
    } catch (IllegalStateException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return true;
      }
      return false;
    }
  }

  private long depth(Generation generation, Function<ViewSet.Queue, String> name) {
    long depth = 0;
    for (ViewSet.Queue queue : generation.viewSet().queues()) {
      try {
        depth += azure.queue(name.apply(queue)).getProperties().getApproximateMessagesCount();
      } catch (QueueStorageException e) {
        if (e.getStatusCode() != 404) {
          throw e;
        }
      }
    }
    return depth;
  }

  private static long number(Object value) {
    return value == null ? -1 : ((Number) value).longValue();
  }

  private static <T> T get(KafkaFuture<T> future) {
    try {
      return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while asking Kafka", e);
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("Kafka did not answer: " + e.getMessage(), e instanceof ExecutionException ? e.getCause() : e);
    }
  }

  @Override
  public void close() {
    kafka.close(Duration.ofSeconds(5));
  }
}
