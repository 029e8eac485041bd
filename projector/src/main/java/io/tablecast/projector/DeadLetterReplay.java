package io.tablecast.projector;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ReplayedDeadLetters;
import io.tablecast.common.tables.ReplayedDeadLetters.Place;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projection.PlannedViewSet;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projection.Projection;
import io.tablecast.projection.ViewSet;
import io.tablecast.projection.Work;
import io.tablecast.projector.adapter.in.kafka.EventSource;
import io.tablecast.projector.adapter.out.kafka.ParkedRecords;
import io.tablecast.projector.adapter.out.kafka.ParkedRecords.Parked;
import io.tablecast.projector.adapter.out.queue.QueueWorkSender;
import io.tablecast.projector.application.PolledEvent;
import io.tablecast.projector.application.Projector;
import io.tablecast.viewstore.adapter.out.tables.AzureFailures;
import io.tablecast.viewstore.adapter.out.tables.TableTurns;
import io.tablecast.viewstore.adapter.queue.StepMessages.Origin;
import io.tablecast.viewstore.adapter.queue.StepQueues;
import io.tablecast.viewstore.domain.SourcePosition;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies records of the dead-letter topic again once the cause that parked them is fixed (SPEC
 * §4), through their view set's own projection path (the planned view set's {@link Projector}, or a team view set's
 * projections and steps), into that view set's active generation, with their work queued as the
 * projector queues it. A parked event is applied with every event that followed it with the same
 * key, read again from the log in their order: those were applied after it was parked, over views
 * that lacked it (a change to an aggregate whose creation was parked found nothing to change), so
 * they are applied again, as a redelivery is, after it. A record replayed is marked ({@link
 * ReplayedDeadLetters}) once applied, so a second replay skips it; one that still fails stays
 * parked, with its reason.
 */
public final class DeadLetterReplay implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(DeadLetterReplay.class);

  /** What became of one record. */
  public enum Outcome { REPLAYED, ALREADY_REPLAYED, FAILED }

  /** @param detail the generation it went into, or why it still fails */
  public record Result(Parked parked, Outcome outcome, String detail) {}

  /** The partition of the log a view set's parked records came from. */
  private record Source(String viewSet, String topic, int partition) {}

  private final KafkaSettings kafka;
  private final AzureClients azure;
  private final Namespace namespace;
  private final ReplayedDeadLetters replayed;
  private final PlannedViewSet<?> planned;
  private final Map<String, ProjectedViewSet<?>> viewSets = new LinkedHashMap<>();
  private final ExecutorService pool = Executors.newFixedThreadPool(2, DaemonThreads.named("dlq-replay"));
  private final Clock clock;

  /**
   * @param planned the planned view set, whose records may always be replayed
   * @param viewSets the teams' view sets whose records may be replayed
   */
  public DeadLetterReplay(KafkaSettings kafka, AzureClients azure, Namespace namespace, PlannedViewSet<?> planned,
      List<ProjectedViewSet<?>> viewSets, Clock clock) {
    this.kafka = kafka;
    this.planned = planned;
    this.azure = azure;
    this.namespace = namespace;
    this.replayed = ReplayedDeadLetters.of(azure, namespace);
    viewSets.forEach(views -> this.viewSets.put(views.viewSet().name(), views));
    this.clock = clock;
  }

  /** The records replayed so far. */
  public Set<Place> replayed() {
    return replayed.replayed();
  }

  /**
   * Applies {@code parked} again, with the events that followed each in its aggregate, but those
   * replayed before.
   *
   * @param progress told of each record as it is done
   * @return what became of each; a failure leaves it parked
   */
  public List<Result> replay(List<Parked> parked, Consumer<Result> progress) {
    Set<Place> done = replayed();
    List<Result> results = new ArrayList<>();
    Map<Source, List<Parked>> bySource = new LinkedHashMap<>();
    for (Parked one : parked) {
      if (done.contains(one.place())) {
        results.add(told(progress, new Result(one, Outcome.ALREADY_REPLAYED, "replayed before")));
      } else {
        bySource.computeIfAbsent(new Source(one.viewSet(), one.topic(), one.partition()),
            k -> new ArrayList<>()).add(one);
      }
    }
    bySource.forEach((source, records) -> results.addAll(replaySource(source.viewSet(), records, progress)));
    return results;
  }

  /** The parked records of one partition of the log, each applied with the events that followed it in its aggregate. */
  private List<Result> replaySource(String viewSet, List<Parked> parked, Consumer<Result> progress) {
    Generation generation;
    Applier applier;
    List<ConsumerRecord<byte[], byte[]>> following;
    try {
      boolean isPlanned = viewSet.equals(planned.views().viewSet().name());
      generation = activeGeneration(isPlanned ? planned.views().viewSet() : viewSet(viewSet).viewSet());
      applier = isPlanned ? planned(planned, generation) : viewSetApplier(viewSet(viewSet), generation);
      Parked first = parked.stream().min(Comparator.comparingLong(Parked::offset)).orElseThrow();
      Set<ByteBuffer> keys = new HashSet<>();
      parked.forEach(p -> keys.add(ParkedRecords.key(p.record())));
      following = ParkedRecords.following(kafka, new TopicPartition(first.topic(), first.partition()), first.offset(), keys);
    } catch (RuntimeException e) {
      return parked.stream().map(p -> told(progress, failed(p, e))).toList();
    }
    Map<Long, List<Parked>> byOffset = new HashMap<>(); // one event may be parked twice: by the live projector and a rebuild's
    parked.forEach(p -> byOffset.computeIfAbsent(p.offset(), o -> new ArrayList<>()).add(p));
    Map<ByteBuffer, Long> firstParked = new HashMap<>();
    parked.forEach(p -> firstParked.merge(ParkedRecords.key(p.record()), p.offset(), Math::min));
    List<Result> results = new ArrayList<>();
    Set<Long> seen = new HashSet<>();
    for (ConsumerRecord<byte[], byte[]> record : following) {
      if (record.offset() < firstParked.getOrDefault(ParkedRecords.key(record), Long.MAX_VALUE)) {
        continue;
      }
      seen.add(record.offset());
      List<Parked> own = byOffset.getOrDefault(record.offset(), List.of());
      try {
        applier.apply(record);
        own.forEach(p -> results.add(told(progress, marked(p, viewSet, generation))));
      } catch (RuntimeException e) {
        own.forEach(p -> results.add(told(progress, failed(p, e))));
        if (own.isEmpty()) {
          log.warn("Record {}-{}@{}, which follows a dead letter of its key, could not be applied again: {}", record.topic(),
              record.partition(), record.offset(), AzureFailures.INSTANCE.describe(e));
        }
      }
    }
    parked.stream().filter(p -> !seen.contains(p.offset()))
        .forEach(p -> results.add(told(progress, new Result(p, Outcome.FAILED, "its event is no longer in " + p.source()))));
    return results;
  }

  private Result marked(Parked parked, String viewSet, Generation generation) {
    boolean first = replayed.mark(parked.place(), viewSet, generation.number(), parked.source(), clock.instant());
    return first ? new Result(parked, Outcome.REPLAYED, viewSet + " generation " + generation.number())
        : new Result(parked, Outcome.ALREADY_REPLAYED, "replayed meanwhile by another replay");
  }

  private static Result told(Consumer<Result> progress, Result result) {
    progress.accept(result);
    return result;
  }

  /** Applies one record of the log through a view set's projection path. */
  @FunctionalInterface
  private interface Applier {
    void apply(ConsumerRecord<byte[], byte[]> record);
  }

  private static Result failed(Parked parked, Throwable e) {
    return new Result(parked, Outcome.FAILED, e instanceof RuntimeException r ? AzureFailures.INSTANCE.describe(r) : e.toString());
  }

  private ProjectedViewSet<?> viewSet(String name) {
    ProjectedViewSet<?> views = viewSets.get(name);
    if (views == null) {
      throw new IllegalStateException("view set '" + name + "' is not on this class path (TABLECAST_VIEW_SETS_DIR names its jar)");
    }
    return views;
  }

  private Generation activeGeneration(ViewSet viewSet) {
    ViewCatalog catalog = new ViewCatalog(azure.tableService(), namespace, viewSet);
    return catalog.generation(catalog.read().activeGeneration());
  }

  /**
   * Through the planned view set's projector, each record as an event an earlier owner may have applied in part:
   * what the plan's redelivery says to skip, it skips ({@link io.tablecast.projection.LivePlan#redelivery()}).
   */
  private <E> Applier planned(PlannedViewSet<E> planned, Generation generation) {
    Projector<E> projector = GenerationPipeline.projector(planned.live(), azure, generation, new SimpleMeterRegistry(),
        new QueueWorkSender(azure, generation, new SimpleMeterRegistry(), queue -> { }), pool, Tracing.OFF);
    EventSource<E> source = EventSource.of(namespace, planned);
    return record -> {
      E event = source.decode(record);
      if (event != null) {
        SourcePosition position = new SourcePosition(record.topic(), record.partition(), record.offset(),
            Instant.ofEpochMilli(record.timestamp()), null);
        try {
          projector.project(List.of(new PolledEvent<>(event, position, true))).join();
        } catch (CompletionException e) {
          projector.reset();
          throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
      }
    };
  }

  /** Through the view set's projections in their order, then its steps' queues, as its projector applies one event. */
  private <E> Applier viewSetApplier(ProjectedViewSet<E> views, Generation generation) {
    EventSource<E> source = EventSource.of(namespace, views);
    TableTurns turns = new TableTurns(azure, generation);
    StepQueues steps = new StepQueues(azure, generation);
    return record -> {
      E event = source.decode(record);
      if (event == null) {
        return;
      }
      Map<Work, Origin> work = new LinkedHashMap<>();
      Origin origin = Origin.of(record.topic(), record.partition(), record.offset(), null, record.timestamp());
      for (Projection<E> projection : views.projections()) {
        if (projection.lane(event).isPresent()) {
          turns.apply(projection, List.of(event));
        }
        projection.work(event).forEach(w -> work.putIfAbsent(w, origin));
      }
      steps.send(work);
    };
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
