package io.tablecast.views.adapter.out.tables;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogState;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.QueueErrors;
import io.tablecast.common.tables.ReplayedDeadLetters;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.projection.ViewSet;
import io.tablecast.views.application.StatusSource;
import io.tablecast.views.domain.PipelineStatus;
import io.tablecast.views.domain.PipelineStatus.PartitionProgress;
import io.tablecast.views.domain.PipelineStatus.QueueDepth;
import io.tablecast.views.domain.PipelineStatus.ViewSetStatus;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads {@code /status} (SPEC §9): the checkpoints the projector writes, the queues' approximate
 * depths, and the number of records on the dead-letter topic that were not replayed.
 */
public final class StatusReader implements StatusSource, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(StatusReader.class);
  private static final long KAFKA_TIMEOUT_MILLIS = 2_000;

  private final ActiveTables tables;
  private final Queries queries;
  private final AzureClients azure;
  private final String deadLetterTopic;
  private final ReplayedDeadLetters replayed;
  private final Admin kafka;
  private final Duration stallTimeout;
  private final Map<String, ViewSet> viewSets = new HashMap<>();
  private final Clock clock;

  /** @param viewSets the other view sets this service knows, whose queues it reports; another's partitions are reported alone */
  public StatusReader(ActiveTables tables, AzureClients azure, Namespace namespace, KafkaSettings kafka, Duration stallTimeout,
      List<ViewSet> viewSets, Clock clock) {
    viewSets.forEach(viewSet -> this.viewSets.put(viewSet.name(), viewSet));
    this.tables = tables;
    this.queries = new Queries(tables);
    this.azure = azure;
    this.deadLetterTopic = TopicNames.projectorDlq(namespace);
    this.replayed = ReplayedDeadLetters.of(azure, namespace);
    this.kafka = Admin.create(kafka.client(Map.of(
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) KAFKA_TIMEOUT_MILLIS,
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) KAFKA_TIMEOUT_MILLIS)));
    this.stallTimeout = stallTimeout;
    this.clock = clock;
  }

  @Override
  public PipelineStatus read() {
    CatalogState state = tables.state();
    List<PartitionProgress> partitions = partitions(tables.active().checkpointPartition());
    List<QueueDepth> queues = new ArrayList<>(depths(tables.generation(state.activeGeneration())));
    state.pendingGeneration().ifPresent(pending -> queues.addAll(depths(tables.generation(pending))));
    Instant now = clock.instant();
    return PipelineStatus.of(state.activeGeneration(), state.pendingGeneration(), partitions, queues, deadLetters(), otherViewSets(now),
        now, stallTimeout);
  }

  /** The view sets other than the one this service serves, each with its active generation's checkpoints and queues. */
  private List<ViewSetStatus> otherViewSets(Instant now) {
    List<ViewSetStatus> others = new ArrayList<>();
    Namespace namespace = tables.active().namespace();
    ViewCatalog.states(azure.tableService(), namespace).forEach((name, state) -> {
      if (!name.equals(tables.active().viewSet().name())) {
        List<QueueDepth> queues = Optional.ofNullable(viewSets.get(name))
            .map(viewSet -> depths(new Generation(viewSet, namespace, state.activeGeneration()))).orElse(List.of());
        others.add(ViewSetStatus.of(name, state.activeGeneration(), state.pendingGeneration(),
            partitions(ViewSet.checkpointPartition(name, state.activeGeneration())), queues, now, stallTimeout));
      }
    });
    return others;
  }

  /** The stall rule alone, for {@code /health}: the checkpoints only, no queue or Kafka request. */
  @Override
  public boolean stalled() {
    return PipelineStatus.stalled(partitions(tables.active().checkpointPartition()), clock.instant(), stallTimeout);
  }

  @Override
  public List<String> stalledViewSets() {
    Instant now = clock.instant();
    List<String> stalled = new ArrayList<>();
    ViewCatalog.states(azure.tableService(), tables.active().namespace()).forEach((name, state) -> {
      if (!name.equals(tables.active().viewSet().name())
          && PipelineStatus.stalled(partitions(ViewSet.checkpointPartition(name, state.activeGeneration())), now, stallTimeout)) {
        stalled.add(name);
      }
    });
    return stalled;
  }

  @Override
  public List<QueueDepth> activeQueues() {
    return depths(tables.generation(tables.state().activeGeneration()));
  }

  private List<PartitionProgress> partitions(String checkpointPartition) {
    List<PartitionProgress> partitions = new ArrayList<>();
    for (TableEntity row : queries.all(tables.checkpoints(), Filters.partition(checkpointPartition))) {
      String key = row.getRowKey();
      Instant progress = TableRows.instant(row, CheckpointLayout.LAST_PROGRESS_AT);
      Instant heartbeat = TableRows.instant(row, CheckpointLayout.HEARTBEAT_AT);
      partitions.add(new PartitionProgress(CheckpointLayout.topicOf(key), CheckpointLayout.partitionOf(key),
          CheckpointLayout.lag(row::getProperty),
          progress == null ? Instant.EPOCH : progress, heartbeat == null ? Instant.EPOCH : heartbeat,
          row.getProperty(CheckpointLayout.APPLIED_OFFSET) instanceof Number n ? OptionalLong.of(n.longValue()) : OptionalLong.empty(),
          row.getProperty(CheckpointLayout.PAUSED_REASON) instanceof String reason && !reason.isBlank()
              ? Optional.of(reason) : Optional.empty(),
          Optional.ofNullable(TableRows.instant(row, CheckpointLayout.PROJECTOR_PROGRESS_AT)),
          row.getProperty(CheckpointLayout.RATE) instanceof Number rate ? OptionalDouble.of(rate.doubleValue()) : OptionalDouble.empty()));
    }
    return partitions;
  }

  private List<QueueDepth> depths(Generation generation) {
    return generation.viewSet().queues().stream()
        .map(q -> new QueueDepth(generation.queue(q), depth(generation.queue(q)), depth(generation.poisonQueue(q))))
        .toList();
  }

  private long depth(String queue) {
    try {
      return azure.queue(queue).getProperties().getApproximateMessagesCount();
    } catch (RuntimeException e) {
      if (QueueErrors.queueMissing(e)) {
        return 0; // nothing was ever queued there
      }
      throw e;
    }
  }

  /**
   * Records on the dead-letter topic (end offsets less start offsets) but those replayed ({@link
   * ReplayedDeadLetters}); empty when Kafka does not answer in time.
   */
  private Optional<Long> deadLetters() {
    try {
      var description = kafka.describeTopics(List.of(deadLetterTopic)).allTopicNames().get(KAFKA_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
          .get(deadLetterTopic);
      List<TopicPartition> partitions = IntStream.range(0, description.partitions().size())
          .mapToObj(p -> new TopicPartition(deadLetterTopic, p)).toList();
      Map<TopicPartition, Long> end = offsets(partitions, OffsetSpec.latest());
      Map<TopicPartition, Long> start = offsets(partitions, OffsetSpec.earliest());
      long parked = partitions.stream().mapToLong(p -> end.get(p) - start.get(p)).sum();
      if (parked == 0) {
        return Optional.of(0L); // nothing parked: no replay to subtract, and no storage request
      }
      long stillThere = replayed.replayed().stream().filter(place -> {
        TopicPartition partition = new TopicPartition(deadLetterTopic, place.partition());
        return start.containsKey(partition) && place.offset() >= start.get(partition) && place.offset() < end.get(partition);
      }).count();
      return Optional.of(parked - stillThere);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException) {
        return Optional.of(0L); // no projector has created it yet
      }
      log.warn("Could not count the dead letters on {}: {}", deadLetterTopic, e.getCause().toString());
      return Optional.empty();
    } catch (java.util.concurrent.TimeoutException e) {
      log.warn("Could not count the dead letters on {}: Kafka did not answer in {} ms", deadLetterTopic, KAFKA_TIMEOUT_MILLIS);
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  private Map<TopicPartition, Long> offsets(List<TopicPartition> partitions, OffsetSpec spec)
      throws InterruptedException, java.util.concurrent.ExecutionException, java.util.concurrent.TimeoutException {
    Map<TopicPartition, OffsetSpec> request = new java.util.HashMap<>();
    partitions.forEach(p -> request.put(p, spec));
    Map<TopicPartition, Long> offsets = new HashMap<>();
    kafka.listOffsets(request).all().get(KAFKA_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).forEach((p, info) -> offsets.put(p, info.offset()));
    return offsets;
  }

  @Override
  public void close() {
    kafka.close(Duration.ofSeconds(2));
  }
}
