package io.tablecast.projector.application;

import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.projector.testdata.InMemoryViews;
import io.tablecast.viewstore.application.FailureClassifier;
import io.tablecast.viewstore.domain.SourcePosition;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BatchApplierTest {

  private final InMemoryViews views = new InMemoryViews();

  @AfterEach
  void stop() {
    views.close();
  }

  private static List<PolledEvent<DomainEvent>> batch(DomainEvent... events) {
    List<PolledEvent<DomainEvent>> batch = new ArrayList<>();
    for (int i = 0; i < events.length; i++) {
      int partition = events[i] instanceof EmployeeHired h ? h.employeeId().value() % 2 : 9;
      batch.add(new PolledEvent<>(events[i], new SourcePosition("events", partition, i), false));
    }
    return batch;
  }

  private BatchApplier<DomainEvent> applier(FailurePolicy policy) {
    return new BatchApplier<>(views.projector(), policy, new FailureClassifier() {
      @Override
      public boolean isTransient(Throwable failure) {
        return failure instanceof UncheckedIOException;
      }

      @Override
      public String describe(Throwable failure) {
        return failure.getMessage();
      }
    });
  }

  @Test
  void aCleanBatchIsAppliedWhole() {
    BatchApplier.Result<DomainEvent> result = applier(FailurePolicy.DEAD_LETTER).apply(batch(
        departmentCreated("Sales", "Sales"), hired(1, "Sales", "A", "A", "a@x.io"), hired(2, "Sales", "B", "B", "b@x.io")));

    assertThat(result.deadLetters()).isEmpty();
    assertThat(views.employees.get("Sales").get("department").get("EmployeeCount")).isEqualTo(2);
    assertThat(views.locators).hasSize(2);
    assertThat(views.work).hasSize(2);
  }

  @Test
  void anUnappliableEventIsDeadLetteredAndEveryOtherEventApplied() {
    views.fail(e -> e.metadata().aggregateId().equals("00000002"), new IllegalArgumentException("400 property too large"));

    BatchApplier.Result<DomainEvent> result = applier(FailurePolicy.DEAD_LETTER).apply(batch(
        hired(1, "Sales", "A", "A", "a@x.io"), hired(2, "Sales", "B", "B", "b@x.io"), hired(3, "Sales", "C", "C", "c@x.io")));

    assertThat(result.deadLetters()).singleElement().satisfies(u -> {
      assertThat(u.event().event().metadata().aggregateId()).isEqualTo("00000002");
      assertThat(u.reason()).contains("property too large");
    });
    assertThat(views.employees.get("Sales").keySet()).contains("empid_00000001", "empid_00000003").doesNotContain("empid_00000002");
  }

  @Test
  void underThePausePolicyTheCulpritStopsOnlyItsPartition() {
    views.fail(e -> e.metadata().aggregateId().equals("00000002"), new IllegalArgumentException("bug"));

    // Employees 2 and 4 are on partition 0, 1 and 3 on partition 1.
    BatchApplier.Result<DomainEvent> result = applier(FailurePolicy.PAUSE).apply(batch(
        hired(1, "Sales", "A", "A", "a@x.io"), hired(2, "Sales", "B", "B", "b@x.io"),
        hired(3, "Sales", "C", "C", "c@x.io"), hired(4, "Sales", "D", "D", "d@x.io")));

    assertThat(result.deadLetters()).isEmpty();
    assertThat(result.pausedAt()).containsOnlyKeys(new PartitionRef("events", 0));
    assertThat(result.pausedAt().get(new PartitionRef("events", 0)).event().position().offset()).isEqualTo(1);
    assertThat(views.locators).containsOnlyKeys(new EmployeeId(1), new EmployeeId(3));
  }

  @Test
  void aTransientFailureIsLeftToTheCallerToRetryWhole() {
    views.fail(e -> true, new UncheckedIOException(new java.io.IOException("storage down")));
    assertThatThrownBy(() -> applier(FailurePolicy.DEAD_LETTER).apply(batch(hired(1, "Sales", "A", "A", "a@x.io"))))
        .isInstanceOf(UncheckedIOException.class);
  }

  @Test
  void anUncertainHireThatTheLocatorAlreadyReflectsDoesNotRecreateAMovedEmployee() {
    applier(FailurePolicy.DEAD_LETTER).apply(batch(departmentCreated("Sales", "Sales"), hired(1, "Sales", "A", "A", "a@x.io")));
    // A transfer worker has since moved the employee out of Sales.
    views.rewrite("Sales", rows -> {
      Map<String, Map<String, Object>> moved = new HashMap<>(rows);
      moved.remove("empid_00000001");
      moved.remove("email_a@x.io");
      Map<String, Object> department = new HashMap<>(rows.get("department"));
      department.put("EmployeeCount", 0);
      moved.put("department", department);
      return moved;
    });

    PolledEvent<DomainEvent> redelivered =
        new PolledEvent<>(hired(1, "Sales", "A", "A", "a@x.io"), new SourcePosition("events", 1, 1), true);
    applier(FailurePolicy.DEAD_LETTER).apply(List.of(redelivered));

    assertThat(views.employees.get("Sales")).doesNotContainKey("empid_00000001");
    assertThat(views.employees.get("Sales").get("department").get("EmployeeCount")).isEqualTo(0);
  }
}
