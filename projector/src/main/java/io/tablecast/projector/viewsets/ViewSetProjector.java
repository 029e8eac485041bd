package io.tablecast.projector.viewsets;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.StorageErrors;
import io.tablecast.common.tracing.TraceHeaders;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.Projection;
import io.tablecast.projection.Work;
import io.tablecast.projector.adapter.in.kafka.EventSource;
import io.tablecast.projector.adapter.out.kafka.DeadLetters;
import io.tablecast.projector.application.FailurePolicy;
import io.tablecast.viewstore.adapter.metrics.ViewSetMetrics;
import io.tablecast.viewstore.adapter.out.tables.Egts;
import io.tablecast.viewstore.adapter.out.tables.TableTurns;
import io.tablecast.viewstore.adapter.queue.StepMessages;
import io.tablecast.viewstore.adapter.queue.StepMessages.Origin;
import io.tablecast.viewstore.adapter.queue.StepQueues;
import io.tablecast.viewstore.adapter.queue.StepWorkers;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps one generation of any view set from its topics (SPEC §9): polls a batch, decodes it,
 * folds it in turns, one per lane of each projection, lanes side by side ({@link TableTurns}),
 * sends the work the batch asked for to its steps' queues ({@link StepQueues}), then writes the
 * batch's checkpoints, then commits to the group. The view set's steps run beside it, in this
 * process ({@link StepWorkers}).
 *
 * <p>After a restart or a rebalance, each partition resumes after the offset its checkpoint says
 * is applied. After a crash that the store may have lost its last writes in ({@code afterCrash}:
 * Azurite saves its queues every few seconds, apart from its tables), it resumes {@link #REWIND}
 * before its last progress instead: those events are folded again, which changes nothing, and
 * ask again for their work, which a lost queue write may have dropped. A crash between the rows
 * and the checkpoint delivers those records again, which changes nothing: a projection's folds
 * are idempotent (the test kit's property). A storage outage holds the batch and tries it again.
 * A record that does not decode, or an event a fold fails on, is parked on the dead-letter topic
 * with its reason ({@link FailurePolicy#DEAD_LETTER}), or pauses its partition with the reason in
 * its checkpoint row, where {@code /status} shows it ({@link FailurePolicy#PAUSE}); the other
 * partitions go on, and a restart tries the paused ones again. Idle, its loop
 * blocks in its poll for up to {@link #POLL} and its rows are written every {@link #HEARTBEAT},
 * a third of the default stall timeout, so that {@code /status} can tell idle from down.
 *
 * @param <E> the view set's events
 */
public final class ViewSetProjector<E> implements AutoCloseable {

  static final Duration POLL = Duration.ofSeconds(1);
  static final Duration HEARTBEAT = Duration.ofSeconds(10);
  static final Duration STORAGE_BACKOFF = Duration.ofSeconds(1);
  static final Duration REWIND = Duration.ofMinutes(1);
  private static final Logger log = LoggerFactory.getLogger(ViewSetProjector.class);

  private final ProjectedViewSet<E> views;
  private final Generation generation;
  private final TableTurns turns;
  private final StepQueues stepQueues;
  private final StepWorkers steps;
  private final ViewSetMetrics metrics;
  private final TableClient checkpoints;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final EventSource<E> source;
  private final ExecutorService lanes;
  private final Clock clock;
  private final Map<TopicPartition, String> paused = new HashMap<>();
  private final FailurePolicy onFailure;
  private final Tracing tracing;
  private final Optional<DeadLetters> deadLetters;
  private final Thread thread;
  private volatile boolean running = true;
  private boolean rewind;
  private long lastHeartbeat = System.nanoTime() - HEARTBEAT.toNanos();

  private ViewSetProjector(KafkaSettings kafka, AzureClients azure, Generation generation, ProjectedViewSet<E> views, Settings settings,
      ViewSetMetrics metrics, Clock clock) {
    this.views = views;
    this.metrics = metrics;
    this.rewind = settings.afterCrash();
    this.onFailure = settings.onFailure();
    this.tracing = settings.tracing();
    this.deadLetters = settings.onFailure() == FailurePolicy.DEAD_LETTER
        ? Optional.of(new DeadLetters(kafka, TopicNames.projectorDlq(generation.namespace()))) : Optional.empty();
    this.generation = generation;
    this.turns = TableTurns.remembering(azure, generation);
    this.stepQueues = new StepQueues(azure, generation);
    this.steps = StepWorkers.start(azure, generation, views.steps(), settings.workers(), metrics, settings.tracing(), clock);
    this.checkpoints = azure.table(new CatalogTables(generation.namespace()).projectorCheckpoints());
    this.clock = clock;
    this.source = EventSource.of(generation.namespace(), views);
    this.consumer = new KafkaConsumer<>(kafka.client(Map.of(
        ConsumerConfig.GROUP_ID_CONFIG, groupId(generation),
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500)), new ByteArrayDeserializer(), new ByteArrayDeserializer());
    this.lanes = Executors.newFixedThreadPool(settings.threads(),
        DaemonThreads.named(views.viewSet().name() + "-g" + generation.number() + "-lanes"));
    this.thread = new Thread(this::run, "projector-" + views.viewSet().name() + "-g" + generation.number());
  }

  /**
   * How a view set's projector runs.
   *
   * @param threads turns that run side by side
   * @param workers how the steps' workers receive, retry and park ({@code messagesInFlight} reads of a message run side by side); with
   *     {@code perQueue} 0, none run here: the {@code worker} service runs them
   * @param onFailure what becomes of a record it cannot decode or apply: parked on the dead-letter topic, or its partition paused
   * @param afterCrash whether a previous run stopped without cleaning up (dev mode knows), so that its last minute is folded again
   * @param tracing spans in the trace of each event that carries one ({@code traceparent} header): its turn's writes, the
   *     sending of the work it asked for, and each of those items' step
   */
  public record Settings(int threads, WorkerSettings workers, FailurePolicy onFailure, boolean afterCrash, Tracing tracing) {

    public Settings withAfterCrash(boolean crashed) {
      return new Settings(threads, workers, onFailure, crashed, tracing);
    }
  }

  /**
   * Starts projecting {@code generation} of the view set, and working its steps' queues.
   *
   * @param metrics the view set's meters, which its projector of each generation and its steps' workers share
   */
  public static <E> ViewSetProjector<E> start(KafkaSettings kafka, AzureClients azure, Generation generation, ProjectedViewSet<E> views,
      Settings settings, ViewSetMetrics metrics, Clock clock) {
    ViewSetProjector<E> projector = new ViewSetProjector<>(kafka, azure, generation, views, settings, metrics, clock);
    projector.thread.start();
    log.info("Projecting view set {} into generation {} from {}", views.viewSet().name(), generation.number(),
        projector.source.topics().keySet());
    return projector;
  }

  /** {@code <namespace>.tablecast-<view-set>-g<N>}: each generation of each view set has a group of its own. */
  static String groupId(Generation generation) {
    return generation.namespace().group("tablecast-" + generation.viewSet().name() + "-g" + generation.number());
  }

  private void run() {
    consumer.subscribe(source.topics().keySet(), new ConsumerRebalanceListener() {
      @Override
      public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        partitions.forEach(paused::remove);
        partitions.forEach(partition -> metrics.revoked(partition.topic(), partition.partition()));
      }

      @Override
      public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        resume(partitions);
      }
    });
    try {
      while (running) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
        if (records.isEmpty()) {
          heartbeatIfDue();
        } else {
          apply(records);
        }
      }
    } catch (WakeupException e) {
      // closing
    } catch (RuntimeException e) {
      log.error("View set {} stopped projecting generation {}", views.viewSet().name(), generation.number(), e);
    } finally {
      consumer.close(Duration.ofSeconds(5));
    }
  }

  /** Each partition resumes after its checkpoint, or from the beginning; the first time after a crash, {@link #REWIND} earlier. */
  private void resume(Collection<TopicPartition> partitions) {
    Map<String, TableEntity> rows = CheckpointRows.read(checkpoints, generation);
    for (TopicPartition partition : partitions) {
      TableEntity row = rows.get(CheckpointLayout.rowKey(partition.topic(), partition.partition()));
      if (row != null && row.getProperty(CheckpointLayout.APPLIED_OFFSET) instanceof Number applied) {
        long from = applied.longValue() + 1;
        if (rewind && row.getProperty(CheckpointLayout.LAST_PROGRESS_AT) instanceof OffsetDateTime progress) {
          OffsetAndTimestamp earlier = consumer.offsetsForTimes(Map.of(partition, progress.minus(REWIND).toInstant().toEpochMilli()))
              .get(partition);
          from = earlier == null ? from : Math.min(from, earlier.offset());
          log.info("View set {} folds {} again from offset {} after a crash, to ask again for its work", views.viewSet().name(), partition,
              from);
        }
        consumer.seek(partition, from);
      } else {
        consumer.seekToBeginning(List.of(partition));
      }
    }
    rewind = false;
  }

  private void apply(ConsumerRecords<byte[], byte[]> records) {
    Map<TopicPartition, Long> firstOffsets = new LinkedHashMap<>();
    Map<TopicPartition, Long> lastOffsets = new LinkedHashMap<>();
    Map<TopicPartition, Long> stopAt = new HashMap<>();
    Failures failures = new Failures();
    List<Polled<E>> batch = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> record : records) {
      TopicPartition partition = new TopicPartition(record.topic(), record.partition());
      if (paused.containsKey(partition)) {
        continue;
      }
      firstOffsets.putIfAbsent(partition, record.offset());
      lastOffsets.put(partition, record.offset());
      try {
        E event = source.decode(record);
        if (event != null) {
          batch.add(new Polled<>(partition, record, event,
              tracing.on() ? Tracing.traceparent(TraceHeaders.extract(tracing, record.headers())).orElse(null) : null));
        }
      } catch (RuntimeException e) {
        failures.failed(partition, record, "record " + record.offset() + " does not decode: " + e);
      }
    }
    try {
      for (Projection<E> projection : views.projections()) {
        foldInTurns(projection, batch.stream().filter(failures::goesOn).toList(), failures);
      }
      AskedFor work = workAskedFor(batch, failures);
      if (send(work.items()) > 0) {
        steps.wake();
      }
      Map<TopicPartition, Long> applied = new LinkedHashMap<>();
      lastOffsets.forEach((partition, last) -> applied.put(partition, failures.stopAt.containsKey(partition)
          ? failures.stopAt.get(partition) - 1 : last));
      checkpoint(applied);
      metrics.applied((int) batch.stream().filter(failures::goesOn).count(), work.asks());
    } catch (RuntimeException e) {
      if (!StorageErrors.unavailable(e)) {
        throw e;
      }
      log.warn("Storage unavailable ({}); view set {} tries the batch again in {} s", e.toString(), views.viewSet().name(),
          STORAGE_BACKOFF.toSeconds());
      firstOffsets.forEach(consumer::seek);
      failures.stopAt.keySet().forEach(partition -> {
        paused.remove(partition);
        consumer.resume(List.of(partition));
      });
      sleep(STORAGE_BACKOFF);
      return;
    }
    consumer.commitAsync();
  }

  /**
   * One turn per lane, side by side. A lane whose fold fails applied none of its events: with
   * {@link FailurePolicy#PAUSE}, each partition they came from stops before the first of them and is
   * paused; with {@link FailurePolicy#DEAD_LETTER}, its events are applied again one at a time, and
   * those that fail alone are parked. The projections after this one apply only what goes on.
   */
  private void foldInTurns(Projection<E> projection, List<Polled<E>> batch, Failures failures) {
    Map<String, List<Polled<E>>> byLane = new LinkedHashMap<>();
    batch.forEach(p -> projection.lane(p.event()).ifPresent(lane -> byLane.computeIfAbsent(lane, l -> new ArrayList<>()).add(p)));
    Map<String, CompletableFuture<Void>> turnsByLane = new LinkedHashMap<>();
    byLane.forEach((lane, polled) -> turnsByLane.put(lane,
        CompletableFuture.runAsync(() -> apply(projection, polled), lanes)));
    RuntimeException unavailable = null;
    for (Map.Entry<String, CompletableFuture<Void>> turn : turnsByLane.entrySet()) {
      try {
        turn.getValue().join();
      } catch (CompletionException e) {
        RuntimeException cause = e.getCause() instanceof RuntimeException r ? r : e;
        if (StorageErrors.unavailable(cause)) {
          unavailable = cause;
          continue;
        }
        log.error("Projection {} of view set {} failed on lane {}", projection.name(), views.viewSet().name(), turn.getKey(), cause);
        if (onFailure == FailurePolicy.DEAD_LETTER) {
          oneByOne(projection, byLane.get(turn.getKey()), failures);
        } else {
          byLane.get(turn.getKey()).forEach(failed -> failures.failed(failed,
              "projection '" + projection.name() + "' failed on record " + failed.offset() + ": " + cause));
        }
      }
    }
    if (unavailable != null) {
      throw unavailable;
    }
  }

  /** A lane that failed, applied again one event at a time: an event that fails alone is parked, the others are applied. */
  private void oneByOne(Projection<E> projection, List<Polled<E>> lane, Failures failures) {
    for (Polled<E> polled : lane) {
      try {
        apply(projection, List.of(polled));
      } catch (RuntimeException e) {
        if (StorageErrors.unavailable(e)) {
          throw e;
        }
        failures.failed(polled, "projection '" + projection.name() + "' failed on record " + polled.offset() + ": " + e);
      }
    }
  }

  /** One turn of {@code projection} over the events of one lane, a span in the trace of each, timed from each record's timestamp. */
  private void apply(Projection<E> projection, List<Polled<E>> lane) {
    tracing.acrossTraces(lane, Polled::traceparent, p -> "apply " + views.viewSet().name() + "." + projection.name(),
        () -> turns.apply(projection, lane.stream().map(Polled::event).toList()));
    metrics.written(projection.name(), lane.stream().map(p -> p.record().timestamp()).toList(), clock.millis());
  }

  /** Sends the work to the steps' queues, a span in the trace of each event that asked for some; returns the messages sent. */
  private int send(Map<Work, Origin> work) {
    int[] sent = {0};
    tracing.acrossTraces(work.values().stream().map(Origin::trace).collect(Collectors.toCollection(LinkedHashSet::new)), trace -> trace,
        trace -> "queue steps",
        () -> sent[0] = stepQueues.send(work));
    return sent[0];
  }

  /**
   * The work of the events that go on, each item with the trace of the first event that asked for
   * it and the place of the last. An event whose projection fails to say its work fails as a failed fold does (its rows stay
   * written: folding it again changes nothing).
   */
  private AskedFor workAskedFor(List<Polled<E>> batch, Failures failures) {
    Map<Work, Origin> work = new LinkedHashMap<>();
    int asks = 0;
    for (Polled<E> polled : batch) {
      if (!failures.goesOn(polled)) {
        continue;
      }
      List<Work> asked = new ArrayList<>();
      for (Projection<E> projection : views.projections()) {
        try {
          projection.work(polled.event()).forEach(w -> {
            StepMessages.requireFits(w.step().name(), w.item());
            asked.add(w);
          });
        } catch (RuntimeException e) {
          log.error("Projection {} of view set {} failed to say the work of record {}", projection.name(), views.viewSet().name(),
              polled.offset(), e);
          failures.failed(polled, "projection '" + projection.name() + "' failed on the work of record " + polled.offset() + ": " + e);
          asked.clear();
          break;
        }
      }
      Origin origin = Origin.of(polled.partition().topic(), polled.partition().partition(), polled.offset(), polled.traceparent(),
          polled.record().timestamp());
      asked.forEach(w -> work.merge(w, origin, Origin::askedAgain));
      asks += asked.size();
    }
    return new AskedFor(work, asks);
  }

  /**
   * The records of a batch that go no further ({@link FailurePolicy}): with {@code PAUSE}, each
   * partition from its first failed record on ({@code stopAt}), the partition paused; with {@code
   * DEAD_LETTER}, each failed record alone, parked on the dead-letter topic with its reason.
   */
  private final class Failures {

    final Map<TopicPartition, Long> stopAt = new HashMap<>();
    private final Set<ConsumerRecord<byte[], byte[]>> parked = Collections.newSetFromMap(new IdentityHashMap<>());

    boolean goesOn(Polled<E> polled) {
      return polled.offset() < stopAt.getOrDefault(polled.partition(), Long.MAX_VALUE) && !parked.contains(polled.record());
    }

    void failed(Polled<E> polled, String reason) {
      failed(polled.partition(), polled.record(), reason);
    }

    void failed(TopicPartition partition, ConsumerRecord<byte[], byte[]> record, String reason) {
      if (deadLetters.isPresent()) {
        deadLetters.get().park(record, reason, Optional.of(views.viewSet().name()));
        parked.add(record);
        metrics.deadLettered();
        log.warn("View set {} parked {}@{} on the dead-letter topic: {}", views.viewSet().name(), partition, record.offset(), reason);
        return;
      }
      stopAt.merge(partition, record.offset(), Math::min);
      if (!paused.containsKey(partition)) {
        pause(partition, reason);
      }
    }
  }

  private void pause(TopicPartition partition, String reason) {
    paused.put(partition, reason);
    metrics.paused(partition.topic(), partition.partition(), true);
    consumer.pause(List.of(partition));
    log.error("View set {} paused {}: {}", views.viewSet().name(), partition, reason);
  }

  /** The batch's checkpoints, in one EGT per hundred partitions: applied offsets, lag, progress and any pause. */
  private void checkpoint(Map<TopicPartition, Long> applied) {
    OffsetDateTime now = OffsetDateTime.now(clock);
    List<TableTransactionAction> rows = new ArrayList<>();
    applied.forEach((partition, offset) -> {
      TableEntity row = row(partition, now).addProperty(CheckpointLayout.LAST_PROGRESS_AT, now);
      if (offset >= 0) {
        row.addProperty(CheckpointLayout.APPLIED_OFFSET, offset);
      }
      rows.add(new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE, row));
    });
    paused.forEach((partition, reason) -> {
      if (!applied.containsKey(partition)) {
        rows.add(new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE, row(partition, now)));
      }
    });
    submit(rows);
    lastHeartbeat = System.nanoTime();
  }

  /** While idle, every {@link #HEARTBEAT}: the owned partitions' rows say the projector is alive and how far behind. */
  private void heartbeatIfDue() {
    if (System.nanoTime() - lastHeartbeat < HEARTBEAT.toNanos() || consumer.assignment().isEmpty()) {
      return;
    }
    OffsetDateTime now = OffsetDateTime.now(clock);
    try {
      submit(consumer.assignment().stream().map(p -> new TableTransactionAction(TableTransactionActionType.UPSERT_MERGE, row(p, now)))
          .toList());
    } catch (RuntimeException e) {
      log.debug("Heartbeat of view set {} not written: {}", views.viewSet().name(), e.toString());
    }
    lastHeartbeat = System.nanoTime();
  }

  private TableEntity row(TopicPartition partition, OffsetDateTime now) {
    long lag = consumer.currentLag(partition).orElse(0);
    metrics.lag(partition.topic(), partition.partition(), lag);
    return new TableEntity(generation.checkpointPartition(), CheckpointLayout.rowKey(partition.topic(), partition.partition()))
        .addProperty(CheckpointLayout.HEARTBEAT_AT, now)
        .addProperty(CheckpointLayout.PROJECTOR_PROGRESS_AT, now)
        .addProperty(CheckpointLayout.LAG, lag)
        .addProperty(CheckpointLayout.PAUSED_REASON, paused.getOrDefault(partition, ""));
  }

  private void submit(List<TableTransactionAction> rows) {
    Egts.submitAll(checkpoints, rows);
  }

  public Generation generation() {
    return generation;
  }

  /** Its loop runs (it stops only on a failure it cannot pass, logged), and so do its steps' workers. */
  public boolean alive() {
    return thread.isAlive() && steps.alive();
  }

  /** Stops after the batch in hand; its checkpoints are written first. */
  @Override
  public void close() {
    running = false;
    consumer.wakeup();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(30));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    lanes.shutdownNow();
    steps.close();
    deadLetters.ifPresent(DeadLetters::close);
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The work a batch asked for: each item once, with the trace of the first event that asked for
   * it and the place of the last (the one whose truth the item waits for, if it must), and how
   * many asks there were.
   */
  private record AskedFor(Map<Work, Origin> items, int asks) {}

  /** @param traceparent the event's trace, when tracing is on and it has one; else null */
  private record Polled<E>(TopicPartition partition, ConsumerRecord<byte[], byte[]> record, E event, String traceparent) {
    long offset() {
      return record.offset();
    }
  }
}
