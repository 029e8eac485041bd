package io.tablecast.projector;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static io.tablecast.testkit.HrEvents.transferred;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.storage.queue.QueueClient;
import io.tablecast.common.config.WorkerSettings;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.Keys;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.steps.EmployeeItem;
import io.tablecast.hr.steps.EmployeeStep;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.hr.work.LastNameShards;
import io.tablecast.projector.ProjectorService;
import io.tablecast.projector.fixtures.HrModel;
import io.tablecast.projector.fixtures.ModelCheck;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.projector.fixtures.SteppedStorage.Killed;
import io.tablecast.projector.fixtures.SteppedStorage.Step;
import io.tablecast.projector.fixtures.SteppedStorage;
import io.tablecast.projector.fixtures.ViewTables;
import io.tablecast.testkit.LongRun;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.out.tables.TableTurns;
import io.tablecast.viewstore.adapter.queue.ParkedMessages;
import io.tablecast.viewstore.adapter.queue.PoisonQueues;
import io.tablecast.viewstore.adapter.queue.StepMessages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The queue workers against the real broker and Azurite, one flow at a time: the guide's archive
 * flow, transfers, the manager fan-out, parked messages, large and hostile indexes.
 */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
class WorkerIT {

  private static final WorkerSettings FAST = Projection.FAST_WORKERS;
  /**
   * How long to wait for quiescence: a bound for a busy shared machine, not a speed target (ten
   * thousand employees in one partition take 3 minutes alone there, and twice that beside the
   * other long runs; the workers' throughput is the workers benchmark's to measure).
   */
  private static final Duration SETTLE = Duration.ofMinutes(10);

  private static void runToQuiescence(Projection projection, List<DomainEvent> log) {
    projection.start(projection.config().withWorkers(FAST), List.of());
    projection.write(log);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
  }

  /** Writes {@code more} after {@code log}, waits for quiescence and compares the views with the whole log. */
  private static void appendToQuiescence(Projection projection, List<DomainEvent> log, List<DomainEvent> more, String label) {
    projection.write(more);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    List<DomainEvent> all = new ArrayList<>(log);
    all.addAll(more);
    ModelCheck.assertViewsMatch(projection, HrModel.of(all), label);
  }

  @Test
  void archivingMovesTheEmployeeToTheArchiveAndOutOfCurrentAndEveryIndex(Projection projection) {
    List<DomainEvent> log = List.of(departmentCreated("Sales", "Sales"),
        hired(1, "Sales", "Ann", "Lee", "ann@x.io"), hired(2, "Sales", "Bob", "Lee", "bob@x.io"), archived(1, 2, "Sales", "left"));

    runToQuiescence(projection, log);

    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "archive");
    assertThat(ViewTables.rows(projection.table(ViewTable.ARCHIVED_EMPLOYEES)).get("Sales")).containsOnlyKeys("empid_00000001");
    assertThat(ViewTables.lastNameIndex(projection.table(ViewTable.EMPLOYEES_BY_LAST_NAME)).get("lee"))
        .isEqualTo(Map.of("Sales", Set.of("00000002")));
  }

  @Test
  void transfersBackAndForthLeaveEachEmployeeInExactlyOneDepartmentWithExactCounts(Projection projection) {
    List<DomainEvent> log = new ArrayList<>(List.of(departmentCreated("Sales", "Sales"), departmentCreated("Ops", "Ops")));
    for (int id = 1; id <= 6; id++) {
      log.add(hired(id, "Sales", "E" + id, "Lee", "e" + id + "@x.io"));
      log.add(transferred(id, 2, "Sales", "Ops"));
      log.add(transferred(id, 3, "Ops", "Sales"));
      if (id % 2 == 0) {
        log.add(transferred(id, 4, "Sales", "Ops"));
      }
    }

    runToQuiescence(projection, log);

    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "transfers");
    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEES)).get("Ops").get("department")).containsEntry("EmployeeCount", 3L);
  }

  @Test
  void aManagersNewDetailsReachEveryDepartmentTheyManageAndAnArchivedManagerLeavesThem(Projection projection) {
    List<DomainEvent> log = List.of(departmentCreated("Sales", "Sales"), departmentCreated("Ops", "Ops"),
        hired(7, "Sales", "Ann", "Lee", "ann@x.io"), managerAssigned("Sales", 2, 7, "Ann", "Lee", "ann@x.io"),
        managerAssigned("Ops", 2, 7, "Ann", "Lee", "ann@x.io"), changed(7, 2, "Sales", "Anne", "Li", "anne@x.io", 31));

    runToQuiescence(projection, log);

    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "manager renamed");
    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEES)).get("Ops").get("department"))
        .containsEntry("ManagerFirstName", "Anne").containsEntry("ManagerLastName", "Li").containsEntry("ManagerEmail", "anne@x.io");

    appendToQuiescence(projection, log, List.of(archived(7, 3, "Sales", null)), "manager archived");
    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEES)).get("Sales").get("department")).doesNotContainKey("ManagerId");
  }

  @Test
  void aManagerAssignmentThatArrivesBeforeTheManagersHireIsFollowedOnceTheHireIsProjected(Projection projection) {
    // As in a rebuild: the department topic is read far ahead of the employee topic.
    List<DomainEvent> departments = List.of(departmentCreated("Sales", "Sales"), managerAssigned("Sales", 2, 7, "Ann", "Lee", "ann@x.io"));
    runToQuiescence(projection, departments);
    ModelCheck.assertNothingParked(projection, "manager assigned before the hire");

    appendToQuiescence(projection, departments,
        List.of(hired(7, "Sales", "Ann", "Lee", "ann@x.io"), changed(7, 2, "Sales", "Anne", "Li", "anne@x.io", 31)),
        "manager hired after the assignment");
    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEES)).get("Sales").get("department"))
        .containsEntry("ManagerFirstName", "Anne").containsEntry("ManagerEmail", "anne@x.io");
  }

  @Test
  void aHiresWorkTakesTheStateAsAbsentAndStillFindsTheDepartmentsAManagerAssignmentRecordedThere(Projection projection) {
    List<DomainEvent> departments = List.of(departmentCreated("Sales", "Sales"), managerAssigned("Sales", 2, 7, "Ann", "Lee", "ann@x.io"));
    runToQuiescence(projection, departments);

    appendToQuiescence(projection, departments, List.of(hired(7, "Sales", "Anna", "Lee", "anna@x.io")),
        "the hire alone, after the assignment");

    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEES)).get("Sales").get("department"))
        .as("the hire's own details, which only the worker that read the recorded department can have written")
        .containsEntry("ManagerFirstName", "Anna").containsEntry("ManagerEmail", "anna@x.io");
  }

  @Test
  void aHireWhoseFirstAttemptDiedAfterWritingItsEntriesUnrecorded_andThatChangedMeanwhile_endsWithNoEntryOfItsHire(
      Projection projection) {
    List<DomainEvent> hire = List.of(departmentCreated("Sales", "Sales"), hired(1, "Sales", "Ann", "Lee", "ann@x.io"));
    List<DomainEvent> change = List.of(changed(1, 2, "Sales", "Ann", "Park", "park@x.io", 31));
    ProjectorService alone = projection.start(); // no workers yet: the hire's message waits on the queue
    projection.write(hire);
    projection.awaitCaughtUp(SETTLE);
    projection.stop(alone);

    DieOnceAfterTheEntries steps = new DieOnceAfterTheEntries();
    // The abandoned message stays hidden 15 s: the change's work runs and commits before it comes back.
    WorkerSettings slowRetry = new WorkerSettings(2, 8, Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ZERO, Duration.ZERO, 5);
    projection.start(projection.config().withWorkers(slowRetry), List.of(), steps);
    await().atMost(SETTLE).until(() -> steps.died.getCount() == 0);
    projection.write(change);
    await().atMost(SETTLE).until(() -> steps.settledAfter.getCount() == 0);

    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEE_INDEX)))
        .as("the hire's entry, written by the attempt that died and recorded nowhere, beside the change's")
        .containsKeys("email_ann@x.io", "email_park@x.io");

    ModelCheck.awaitWorkDone(projection, SETTLE);
    List<DomainEvent> all = new ArrayList<>(hire);
    all.addAll(change);
    ModelCheck.assertViewsMatch(projection, HrModel.of(all), "a hire's entries removed by its message's next attempt");
    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEE_INDEX))).doesNotContainKey("email_ann@x.io");
    assertThat(ViewTables.lastNameIndex(projection.table(ViewTable.EMPLOYEES_BY_LAST_NAME))).containsOnlyKeys("park");
  }

  /**
   * Dies after the first attempt's last-name entries, as a crash before its worker row; then counts
   * the next worker row written twice: the change's intent, and the change settled.
   */
  private static final class DieOnceAfterTheEntries implements SteppedStorage.Listener {
    private final CountDownLatch died = new CountDownLatch(1);
    private final CountDownLatch settledAfter = new CountDownLatch(2);

    @Override
    public void reached(Step step) {
      if (step == Step.LAST_NAMES_INDEXED && died.getCount() == 1) {
        died.countDown();
        throw new Killed(step);
      }
      if (step == Step.WORKER_ROW_WRITTEN && died.getCount() == 0) {
        settledAfter.countDown();
      }
    }
  }

  @Test
  void aMessageWhoseWorkerDiesOnEveryAttemptIsParkedAsNeverFinished_andTheWorkerLivesOnToDoItOnceRequeued(Projection projection) {
    Generation generation = new Generation(HR, projection.namespace(), 1);
    DieWhileOn dying = new DieWhileOn();
    WorkerSettings fewAttempts = new WorkerSettings(1, 8, Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ZERO, Duration.ZERO, 3);
    projection.start(projection.config().withWorkers(fewAttempts), List.of(), dying);
    List<DomainEvent> first = List.of(departmentCreated("Sales", "Sales"), hired(1, "Sales", "Ann", "Lee", "ann@x.io"));
    projection.write(first);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);

    dying.on = true;
    QueueClient index = projection.azure().queue(generation.queue(WorkQueue.INDEX_MAINTENANCE));
    index.sendMessage(message(EmployeeStep.INDEX_MAINTENANCE, EmployeeItem.reindex("00000001", 1).text()));
    QueueClient poison = projection.azure().queue(generation.poisonQueue(WorkQueue.INDEX_MAINTENANCE));
    await("the message is parked").atMost(SETTLE).until(() -> poison.getProperties().getApproximateMessagesCount() == 1);
    ParkedMessages.Parked parked = ParkedMessages.read(poison.peekMessage().getBody().toString());
    assertThat(parked.reason()).isEqualTo("received 4 times and never finished: its worker stopped each time");
    int deaths = dying.deaths.get();
    assertThat(deaths).as("a death in each attempt: its reads, side by side").isBetween(3, 6);

    dying.on = false;
    assertThat(new PoisonQueues(projection.azure(), generation).requeue(WorkQueue.INDEX_MAINTENANCE, Optional.empty())).isEqualTo(1);
    List<DomainEvent> second = List.of(hired(2, "Sales", "Bob", "Lee", "bob@x.io"));
    projection.write(second);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    List<DomainEvent> all = new ArrayList<>(first);
    all.addAll(second);
    ModelCheck.assertViewsMatch(projection, HrModel.of(all), "the same worker goes on with the requeued message and the next hire");
  }

  /** Dies after reading any row while on: an attempt at anything but a first hire reads its worker row and locator first. */
  private static final class DieWhileOn implements SteppedStorage.Listener {
    private final AtomicInteger deaths = new AtomicInteger();
    private volatile boolean on;

    @Override
    public void reached(Step step) {
      if (on && step == Step.READ) {
        deaths.incrementAndGet();
        throw new Killed(step);
      }
    }
  }

  @Test
  void aMessageNamingADepartmentThatCannotExistIsParkedWithItsReasonWhileOtherWorkFlows(Projection projection) {
    Generation generation = new Generation(HR, projection.namespace(), 1);
    projection.start(projection.config().withWorkers(FAST), List.of());
    QueueClient transfers = projection.azure().queue(generation.queue(WorkQueue.TRANSFER));
    String badTransfer = "{\"type\":\"transfer-employee\",\"employeeId\":\"00000001\",\"fromDepartmentId\":\"Sales\","
        + "\"toDepartmentId\":\"no/such\",\"version\":2}";
    transfers.sendMessage(message(EmployeeStep.TRANSFER, badTransfer));
    List<DomainEvent> log = List.of(departmentCreated("Sales", "Sales"), departmentCreated("Ops", "Ops"),
        hired(1, "Sales", "Ann", "Lee", "ann@x.io"), transferred(1, 2, "Sales", "Ops"));
    projection.write(log);

    QueueClient poison = projection.azure().queue(generation.poisonQueue(WorkQueue.TRANSFER));
    await("the bad message is parked").atMost(SETTLE).until(() -> poison.getProperties().getApproximateMessagesCount() == 1);
    ParkedMessages.Parked parked = ParkedMessages.read(poison.peekMessage().getBody().toString());
    assertThat(parked.reason()).contains("department id 'no/such' cannot exist");
    assertThat(parked.dequeueCount()).isGreaterThan(5);
    assertThat(StepMessages.read(parked.message()).items()).containsExactly(badTransfer);

    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEES)).get("Ops")).containsKey("empid_00000001");
  }

  @Test
  void aBadItemInABatchedMessageIsSplitOffAndParkedAloneWhileTheGoodItemsComplete_andRequeuedOnceFixed(Projection projection) {
    Generation generation = new Generation(HR, projection.namespace(), 1);
    List<DomainEvent> first = List.of(departmentCreated("Sales", "Sales"), hired(1, "Sales", "Ann", "Lee", "ann@x.io"),
        hired(2, "Sales", "Bob", "Lee", "bob@x.io"));
    runToQuiescence(projection, first);
    QueueClient index = projection.azure().queue(generation.queue(WorkQueue.INDEX_MAINTENANCE));
    // Employee 3 has no locator yet: its item can only fail. The others are good.
    index.sendMessage(message(EmployeeStep.INDEX_MAINTENANCE, EmployeeItem.reindex("00000001", 1).text(),
        EmployeeItem.reindex("00000003", 1).text(), EmployeeItem.reindex("00000002", 1).text()));

    QueueClient poison = projection.azure().queue(generation.poisonQueue(WorkQueue.INDEX_MAINTENANCE));
    await("the bad item is parked").atMost(SETTLE).until(() -> poison.getProperties().getApproximateMessagesCount() == 1);
    ParkedMessages.Parked parked = ParkedMessages.read(poison.peekMessage().getBody().toString());
    assertThat(parked.reason()).isEqualTo("waiting for the locator of employee 00000003 at version 1 (it is at none), and the projector"
        + " has passed the event that asked for it");
    assertThat(StepMessages.read(parked.message()).items()).containsExactly(EmployeeItem.reindex("00000003", 1).text());
    ModelCheck.awaitWorkDone(projection, SETTLE);

    List<DomainEvent> fix = List.of(hired(3, "Sales", "Cy", "Lee", "cy@x.io"));
    projection.write(fix);
    projection.awaitCaughtUp(SETTLE);
    assertThat(new PoisonQueues(projection.azure(), generation).requeue(WorkQueue.INDEX_MAINTENANCE, Optional.empty())).isEqualTo(1);
    ModelCheck.awaitWorkDone(projection, SETTLE);

    List<DomainEvent> all = new ArrayList<>(first);
    all.addAll(fix);
    ModelCheck.assertViewsMatch(projection, HrModel.of(all), "after the requeue");
  }

  @Test
  void anEmployeeAnotherWorkerHoldsWaitsAlone_theOthersOfItsMessageAreDoneAndTheMessageKeepsOnlyItsItems(Projection projection) {
    Generation generation = new Generation(HR, projection.namespace(), 1);
    List<DomainEvent> first = List.of(departmentCreated("Sales", "Sales"), hired(1, "Sales", "Ann", "Lee", "ann@x.io"),
        hired(2, "Sales", "Bob", "Lee", "bob@x.io"));
    List<DomainEvent> renamed = List.of(changed(1, 2, "Sales", "Ann", "Ng", "ann@x.io", 30),
        changed(2, 2, "Sales", "Bob", "Ng", "bob@x.io", 30));
    ProjectorService withWorkers = projection.start(projection.config().withWorkers(FAST), List.of());
    projection.write(first);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    projection.stop(withWorkers);
    Set<String> lee = lastNamesListing(projection, "00000002");
    assertThat(lee).as("Bob under Lee").hasSize(1).isEqualTo(lastNamesListing(projection, "00000001"));
    ProjectorService alone = projection.start(); // the renames' items wait on the queue, put in one message below
    projection.write(renamed);
    projection.awaitCaughtUp(SETTLE);
    projection.stop(alone);
    QueueClient index = projection.azure().queue(generation.queue(WorkQueue.INDEX_MAINTENANCE));
    List<String> items = new ArrayList<>();
    index.receiveMessages(32).forEach(m -> {
      items.addAll(StepMessages.read(m.getBody().toString()).items());
      index.deleteMessage(m.getMessageId(), m.getPopReceipt());
    });
    assertThat(items).extracting(item -> EmployeeItem.parse(item).employeeId()).containsExactlyInAnyOrder("00000001", "00000002");
    index.sendMessage(message(EmployeeStep.INDEX_MAINTENANCE, items.toArray(String[]::new)));
    TableClient employeeIndex = projection.table(ViewTable.EMPLOYEE_INDEX);
    String bobsState = IndexLayout.locatorPartition(new EmployeeId(2));
    employeeIndex.updateEntity(new TableEntity(bobsState, IndexLayout.WORKER_ROW)
        .addProperty(TableTurns.LEASE_OWNER, "another-worker/attempt")
        .addProperty(TableTurns.LEASE_UNTIL, System.currentTimeMillis() + 600_000), TableEntityUpdateMode.MERGE);

    // Retried each second, and never sent fresh meanwhile: the message left keeps the reason it waits.
    WorkerSettings patient = new WorkerSettings(2, 8, Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofSeconds(1),
        Duration.ofSeconds(1), 1_000);
    ProjectorService whileHeld = projection.start(projection.config().withWorkers(patient), List.of());
    await("Ann's new last name is indexed while Bob is held").atMost(SETTLE)
        .until(() -> !lastNamesListing(projection, "00000001").equals(lee));
    assertThat(lastNamesListing(projection, "00000001")).as("Ann, under her new name alone").hasSize(1).doesNotContainAnyElementsOf(lee);
    assertThat(lastNamesListing(projection, "00000002")).as("Bob, held by another worker").isEqualTo(lee);
    projection.stop(whileHeld);
    await("the message, visible again").atMost(SETTLE).until(() -> index.peekMessage() != null);
    StepMessages.Message left = StepMessages.read(index.peekMessage().getBody().toString());
    assertThat(left.items()).as("what is left of the message").extracting(item -> EmployeeItem.parse(item).employeeId())
        .containsExactly("00000002");
    assertThat(left.lastFailure().orElseThrow().reason()).startsWith("another turn holds EmployeeIndex(empid_00000002, worker)");

    projection.start(projection.config().withWorkers(FAST), List.of());
    employeeIndex.updateEntity(new TableEntity(bobsState, IndexLayout.WORKER_ROW)
        .addProperty(TableTurns.LEASE_UNTIL, System.currentTimeMillis() - 60_000), TableEntityUpdateMode.MERGE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
    List<DomainEvent> all = new ArrayList<>(first);
    all.addAll(renamed);
    ModelCheck.assertViewsMatch(projection, HrModel.of(all), "once Bob is free");
  }

  /** The partitions of {@code EmployeesByLastName} that list an employee. */
  private static Set<String> lastNamesListing(Projection projection, String employeeId) {
    Set<String> partitions = new TreeSet<>();
    ViewTables.lastNameIndex(projection.table(ViewTable.EMPLOYEES_BY_LAST_NAME)).forEach((partition, departments) -> {
      if (departments.values().stream().anyMatch(ids -> ids.contains(employeeId))) {
        partitions.add(partition);
      }
    });
    return partitions;
  }

  @Test
  void theMessagesOfOneReceiveAreHandledSideBySide_soOneThatHangsHoldsUpNoOther(Projection projection) {
    List<DomainEvent> first = List.of(departmentCreated("Sales", "Sales"), hired(1, "Sales", "Ann", "Lee", "ann@x.io"));
    List<DomainEvent> second = List.of(hired(2, "Sales", "Bob", "Lee", "bob@x.io"));
    ProjectorService alone = projection.start(); // no workers yet: each batch leaves its own message on the queue
    projection.write(first);
    projection.awaitCaughtUp(SETTLE);
    projection.write(second);
    projection.awaitCaughtUp(SETTLE);
    projection.stop(alone);
    assertThat(projection.azure().queue(new Generation(HR, projection.namespace(), 1).queue(WorkQueue.INDEX_MAINTENANCE))
        .getProperties().getApproximateMessagesCount()).as("one message per hire, received together").isEqualTo(2);

    HoldFirstUntilACommit steps = new HoldFirstUntilACommit();
    // One worker per queue; messages stay hidden 30 s, so that both are taken in one receive.
    WorkerSettings oneWorker = new WorkerSettings(1, 8, Duration.ofSeconds(30), Duration.ofSeconds(60), Duration.ZERO, Duration.ZERO, 5);
    projection.start(projection.config().withWorkers(oneWorker), List.of(), steps);
    ModelCheck.awaitWorkDone(projection, SETTLE);

    assertThat(steps.releasedByACommit).as("the held message was released by the other one's commit, not by the time-out").isTrue();
    List<DomainEvent> all = new ArrayList<>(first);
    all.addAll(second);
    ModelCheck.assertViewsMatch(projection, HrModel.of(all), "side by side");
  }

  /** Holds the first message a worker takes up, after its first step, until another one writes a worker row, or 30 s pass. */
  private static final class HoldFirstUntilACommit implements SteppedStorage.Listener {
    private final CountDownLatch committed = new CountDownLatch(1);
    private final AtomicBoolean held = new AtomicBoolean();
    private volatile boolean releasedByACommit;

    @Override
    public void reached(Step step) {
      if (step == Step.WORKER_ROW_WRITTEN) {
        committed.countDown();
      } else if (held.compareAndSet(false, true)) {
        try {
          releasedByACommit = committed.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  @Test
  @LongRun
  void tenThousandEmployeesWithOneLastNameInOneDepartmentStayCorrectAndAreAllFoundOrganisationWide(Projection projection) {
    List<DomainEvent> log = new ArrayList<>(List.of(departmentCreated("Sales", "Sales"), departmentCreated("Ops", "Ops")));
    for (int id = 1; id <= 10_000; id++) {
      log.add(hired(id, "Sales", "E" + id, "Nguyen", "e" + id + "@x.io"));
    }
    log.add(hired(10_001, "Ops", "Ops", "NGUYEN", "ops@x.io"));

    runToQuiescence(projection, log);

    Map<String, Map<String, Set<String>>> index = ViewTables.lastNameIndex(projection.table(ViewTable.EMPLOYEES_BY_LAST_NAME));
    assertThat(index.get("nguyen").get("Sales")).hasSize(10_000);
    assertThat(index).isEqualTo(HrModel.of(log).lastNameIndex());
    List<String> everyone = new ArrayList<>();
    projection.table(ViewTable.EMPLOYEES_BY_LAST_NAME)
        .listEntities(new ListEntitiesOptions().setFilter("PartitionKey eq 'nguyen'"), null, null)
        .forEach(shard -> everyone.addAll(List.of(((String) shard.getProperty(LastNameShards.EMPLOYEE_IDS)).split(","))));
    assertThat(everyone).as("the organisation-wide lookup: one partition").hasSize(10_001).doesNotHaveDuplicates();
    ModelCheck.assertNothingParked(projection, "10k");
  }

  @Test
  void hostileNamesAndAddressesRoundTripThroughEveryIndex(Projection projection) {
    String longName = "Ω".repeat(40) + "/#?%\\".repeat(32); // 200 characters, 520 once escaped
    List<DomainEvent> log = List.of(departmentCreated("Sales", "Sales"),
        hired(1, "Sales", "A/B", "a/b\\c#d?e%f", "a/b#c?d%e@x.io"),
        hired(2, "Sales", "Emoji", "Smile😀", "😀@x.io"),
        hired(3, "Sales", "Long", longName, "l".repeat(60) + "@x.io"),
        transferred(1, 2, "Sales", "Sales2"), departmentCreated("Sales2", "Sales 2"));

    runToQuiescence(projection, log);

    ModelCheck.assertViewsMatch(projection, HrModel.of(log), "hostile keys");
    Set<String> lastNamePartitions = ViewTables.lastNameIndex(projection.table(ViewTable.EMPLOYEES_BY_LAST_NAME)).keySet();
    assertThat(lastNamePartitions).contains("a%2Fb%5Cc%23d%3Fe%25f", "smile😀", Keys.key(longName.toLowerCase()));
    assertThat(Keys.unescape("a%2Fb%5Cc%23d%3Fe%25f")).isEqualTo("a/b\\c#d?e%f");
    assertThat(Keys.key(longName.toLowerCase())).hasSizeLessThanOrEqualTo(400).contains("~");
    assertThat(ViewTables.rows(projection.table(ViewTable.EMPLOYEE_INDEX))).containsKey("email_a%2Fb%23c%3Fd%25e@x.io");
  }

  /** A step message of these items, as a projector sends it. */
  private static String message(EmployeeStep step, String... items) {
    return StepMessages.write(new StepMessages.Message(StepMessages.FORMAT, step.name(), List.of(items), null));
  }
}
