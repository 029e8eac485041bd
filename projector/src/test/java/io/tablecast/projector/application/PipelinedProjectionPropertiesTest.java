package io.tablecast.projector.application;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.tablecast.events.DomainEvent;
import io.tablecast.hr.steps.EmployeeItem;
import io.tablecast.projection.Work;
import io.tablecast.projector.testdata.InMemoryViews;
import io.tablecast.testkit.HrHistory;
import io.tablecast.viewstore.domain.SourcePosition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Lanes keep per-aggregate order: random histories, submitted in random batches without waiting
 * for one another, with store calls of random durations so that lanes and batches overtake each
 * other, give the same views as one batch applied alone, and every table sees each aggregate's
 * events in version order.
 */
class PipelinedProjectionPropertiesTest {

  @Property(tries = 40)
  void batchesInFlightTogetherKeepEveryAggregatesOrder(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int batchSize) {
    List<DomainEvent> history = HrHistory.generate(seed, 4, 300, HrHistory.Mix.TYPICAL);

    try (InMemoryViews alone = new InMemoryViews(); InMemoryViews pipelined = new InMemoryViews()) {
      alone.projector().project(polled(history, 0, history.size())).join();

      pipelined.jitter(300);
      Projector<DomainEvent> projector = pipelined.projector();
      List<CompletableFuture<Void>> batches = new ArrayList<>();
      for (int from = 0; from < history.size(); from += batchSize) {
        batches.add(projector.project(polled(history, from, Math.min(history.size(), from + batchSize))));
      }
      CompletableFuture.allOf(batches.toArray(CompletableFuture[]::new)).join();

      assertThat(pipelined.employees).isEqualTo(alone.employees);
      assertThat(pipelined.locators).isEqualTo(alone.locators);
      assertThat(pipelined.activity).isEqualTo(alone.activity);
      assertThat(moves(pipelined.work)).containsExactlyInAnyOrderElementsOf(moves(alone.work));
      assertThat(lastReindex(pipelined.work)).isEqualTo(lastReindex(alone.work));
      pipelined.applied.forEach((aggregate, versions) ->
          assertThat(versions).as("versions applied to %s", aggregate).isSorted());
      assertThat(pipelined.applied.keySet()).isEqualTo(alone.applied.keySet());
    }
  }

  @Example
  void aBatchsViewsGoAheadOfItsInFlightMarkButItsWorkItemsWaitForIt() {
    List<PolledEvent<DomainEvent>> batch = polled(HrHistory.generate(7, 3, 120, HrHistory.Mix.TYPICAL), 0, 120);
    try (InMemoryViews alone = new InMemoryViews(); InMemoryViews views = new InMemoryViews()) {
      alone.projector().project(batch).join();
      CompletableFuture<Void> marked = new CompletableFuture<>();

      CompletableFuture<Void> applied = views.projector().project(batch, marked);

      await().untilAsserted(() -> {
        assertThat(views.employees).isEqualTo(alone.employees);
        assertThat(views.locators).isEqualTo(alone.locators);
        assertThat(views.activity).isEqualTo(alone.activity);
      });
      assertThat(views.work).as("work sent before the batch is marked in flight").isEmpty();
      assertThat(applied).isNotDone();
      marked.complete(null);
      applied.join();
      assertThat(views.work).containsExactlyInAnyOrderElementsOf(alone.work);
    }
  }

  @Example
  void aBatchWhoseInFlightMarkFailsFailsWithoutSendingItsWork() {
    List<PolledEvent<DomainEvent>> batch = polled(HrHistory.generate(11, 3, 60, HrHistory.Mix.TYPICAL), 0, 60);
    try (InMemoryViews views = new InMemoryViews()) {
      CompletableFuture<Void> marked = new CompletableFuture<>();
      CompletableFuture<Void> applied = views.projector().project(batch, marked);

      marked.completeExceptionally(new IllegalStateException("storage down"));

      assertThatThrownBy(applied::join).hasRootCauseMessage("storage down");
      assertThat(views.work).isEmpty();
    }
  }

  /** Transfers, archives and manager assignments: one item per event, however the events are batched. */
  private static List<Work> moves(List<WorkItemSender.Queued> work) {
    return work.stream().map(WorkItemSender.Queued::work).filter(item -> !reindex(item)).toList();
  }

  /** Reindex items merge within a batch: what must match is the last version each employee is reindexed at. */
  private static Map<String, Long> lastReindex(List<WorkItemSender.Queued> work) {
    return work.stream().map(WorkItemSender.Queued::work).filter(PipelinedProjectionPropertiesTest::reindex)
        .map(item -> EmployeeItem.parse(item.item())).collect(Collectors.toMap(EmployeeItem::employeeId, EmployeeItem::version, Math::max));
  }

  private static boolean reindex(Work work) {
    return EmployeeItem.parse(work.item()).type() == EmployeeItem.Type.REINDEX_EMPLOYEE;
  }

  private static List<PolledEvent<DomainEvent>> polled(List<DomainEvent> events, int from, int to) {
    List<PolledEvent<DomainEvent>> batch = new ArrayList<>();
    for (int i = from; i < to; i++) {
      batch.add(new PolledEvent<>(events.get(i), new SourcePosition("events", 0, i), false));
    }
    return batch;
  }
}
