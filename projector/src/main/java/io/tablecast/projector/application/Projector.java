package io.tablecast.projector.application;

import io.tablecast.common.concurrent.GroupCommit;
import io.tablecast.common.tracing.Tracing;
import io.tablecast.projection.LivePlan;
import io.tablecast.projection.Projection;
import io.tablecast.projection.Rows;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Applies polled batches of events to the views, in the stages of a view set's {@link LivePlan},
 * so that the pipe stays full:
 *
 * <ol>
 *   <li>each stage in lanes: one lane per lane key of the stage's projections. A lane's turn folds
 *       every event that waits for it into as few EGTs as it can (the checklist's "batch
 *       transactions" advice); a slow lane holds back no other. A batch's stage starts once its
 *       stage before is written and the batch before it has started this stage;
 *   <li>the work items of the batch, queued after every table write of its events, as a group
 *       commit: one send at a time, carrying the items of every batch that got there while the
 *       send before it was on its way. Under load many batches' items share a message, so the
 *       workers pay one receive and one delete for them and reconcile them together; alone, a
 *       batch's items go at once.
 * </ol>
 *
 * Batches follow each other without waiting: the next batch's first stage runs while this one's
 * later stages are written. Within every lane, events are applied in the order they were polled,
 * so per-aggregate order holds in every table. The caller marks a batch applied only once its
 * future completes. Folds are idempotent, so redelivery changes nothing, except where the plan
 * says a projection must skip an event an earlier owner may have applied ({@link
 * PolledEvent#uncertain()}, {@link LivePlan#redelivery()}).
 *
 * <p>With tracing on, each projection's turn and each sending of work items is a span in the
 * trace of every event it serves ({@link Tracing#acrossTraces}): one EGT may fold events of
 * several commands, and each command's trace shows the write that made its view. Each event is
 * timed from its record's time to each table its turn wrote ({@link Freshness}).
 *
 * <p>{@link #project} is called by one thread at a time. After a failure, the futures of the
 * batches behind it fail too; once all have settled, {@link #reset} makes the lanes take work
 * again.
 */
public final class Projector<E> {

  /** The most events one turn of a lane folds. */
  private static final int MAX_PER_TURN = 500;
  private static final String QUEUE_WORK = "queue work";

  private final LivePlan<E> plan;
  private final Rows rows;
  private final ProjectionTurns turns;
  private final GroupCommit<WorkItemSender.Queued> work;
  private final Freshness freshness;
  private final Tracing tracing;
  private final List<Stage> stages = new ArrayList<>();

  /**
   * @param rows point reads of the generation's rows, for the plan's {@link LivePlan#redelivery()}
   * @param turns runs the plan's projections' turns
   * @param tracing spans for the writes, in the traces the events' positions carry
   */
  public Projector(LivePlan<E> plan, Rows rows, ProjectionTurns turns, WorkItemSender work, Executor pool, Freshness freshness,
      Tracing tracing) {
    this.plan = plan;
    this.rows = rows;
    this.tracing = tracing;
    this.turns = turns;
    this.work = new GroupCommit<>(items -> tracing.acrossTraces(items, WorkItemSender.Queued::traceparent, item -> QUEUE_WORK,
        () -> work.send(items)), pool);
    this.freshness = freshness;
    plan.stages().forEach(projections -> stages.add(new Stage(projections, pool)));
  }

  /** Applies a batch already marked in flight; see {@link #project(List, CompletionStage)}. */
  public CompletableFuture<Void> project(List<PolledEvent<E>> batch) {
    return project(batch, CompletableFuture.completedFuture(null));
  }

  /**
   * Starts applying a batch; the future completes once every event is applied and its work queued.
   *
   * @param markedInFlight completes once the checkpoints name the batch in flight: its work items
   *     wait for it, so no worker acts on an event that a next owner would not treat as uncertain;
   *     its views do not
   */
  public CompletableFuture<Void> project(List<PolledEvent<E>> batch, CompletionStage<?> markedInFlight) {
    CompletableFuture<Void> written = CompletableFuture.completedFuture(null);
    for (Stage stage : stages) {
      written = stage.submit(batch, written);
    }
    Map<E, PolledEvent<E>> polled = new IdentityHashMap<>();
    batch.forEach(p -> polled.put(p.event(), p));
    List<WorkItemSender.Queued> items = new ArrayList<>();
    plan.work().apply(batch.stream().map(PolledEvent::event).toList())
        .forEach((asked, event) -> items.add(new WorkItemSender.Queued(asked, polled.get(event).position())));
    CompletableFuture<Void> applied = written.thenCombine(markedInFlight, (views, marked) -> null);
    return items.isEmpty() ? applied : applied.thenCompose(ready -> work.add(items));
  }

  /** After a failure, once every batch's future has settled: the lanes take work again. */
  public void reset() {
    stages.forEach(Stage::reset);
  }

  /** One stage of the plan: its projections' lanes, and how far the batches before have come in it. */
  private final class Stage {

    private final List<Projection<E>> projections;
    private final Lanes<String, PolledEvent<E>> lanes;
    private CompletableFuture<Void> started = CompletableFuture.completedFuture(null);

    Stage(List<Projection<E>> projections, Executor pool) {
      this.projections = projections;
      this.lanes = new Lanes<>(pool, MAX_PER_TURN, this::turn);
    }

    /** Submits the batch's events once {@code before} (its stage before) is written; returns when they are written here. */
    CompletableFuture<Void> submit(List<PolledEvent<E>> batch, CompletableFuture<Void> before) {
      // Runs at once, in the caller's thread, when both are done already: the first stage always is.
      CompletableFuture<List<CompletableFuture<Void>>> submitted = CompletableFuture.allOf(before, started).thenApply(ready -> submitAll(batch));
      started = submitted.thenApply(futures -> null);
      return submitted.thenCompose(Projector::all);
    }

    private List<CompletableFuture<Void>> submitAll(List<PolledEvent<E>> batch) {
      List<CompletableFuture<Void>> futures = new ArrayList<>();
      for (PolledEvent<E> polled : batch) {
        lane(polled.event()).ifPresent(lane -> futures.add(lanes.submit(lane, polled)));
      }
      return futures;
    }

    private Optional<String> lane(E event) {
      return projections.stream().map(projection -> projection.lane(event)).flatMap(Optional::stream).findFirst();
    }

    private void turn(String lane, List<PolledEvent<E>> polled) {
      for (Projection<E> projection : projections) {
        List<PolledEvent<E>> applied = polled.stream()
            .filter(p -> projection.lane(p.event()).isPresent())
            .filter(p -> !(p.uncertain() && plan.redelivery().skips(projection, p.event(), rows)))
            .toList();
        if (!applied.isEmpty()) {
          List<E> events = applied.stream().map(PolledEvent::event).toList();
          Set<String> tables = new LinkedHashSet<>();
          tracing.acrossTraces(applied, p -> p.position().traceparent(), p -> "apply " + projection.viewSet().name() + "." + projection.name(),
              () -> turns.apply(projection, events).forEach(write -> tables.add(write.ref().table().baseName())));
          List<Instant> written = applied.stream().map(p -> p.position().occurred()).flatMap(Optional::stream).toList();
          tables.forEach(table -> freshness.applied(table, written));
        }
      }
    }

    void reset() {
      lanes.reset();
      started = CompletableFuture.completedFuture(null);
    }
  }

  private static CompletableFuture<Void> all(List<CompletableFuture<Void>> futures) {
    return CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
  }
}
