package io.tablecast.bench;

import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventMetadata;
import io.tablecast.hr.tables.WorkQueue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The worker benchmark's events: batches of employees, each hired, then transferred once, then archived. */
final class WorkerWorkload {

  /** The three kinds of work, in the order a batch goes through them. */
  enum Kind {
    INDEX(WorkQueue.INDEX_MAINTENANCE, "index items (hires)"),
    TRANSFER(WorkQueue.TRANSFER, "transfers"),
    ARCHIVE(WorkQueue.ARCHIVE, "archives");

    private final WorkQueue queue;
    private final String label;

    Kind(WorkQueue queue, String label) {
      this.queue = queue;
      this.label = label;
    }

    WorkQueue queue() {
      return queue;
    }

    String label() {
      return label;
    }
  }

  private final int departments;
  private Instant clock = Instant.parse("2026-01-01T00:00:00Z");
  private int nextId = 1;

  WorkerWorkload(int departments) {
    this.departments = departments;
  }

  List<DomainEvent> departments() {
    List<DomainEvent> events = new ArrayList<>();
    for (int d = 0; d < departments; d++) {
      events.add(new DepartmentCreated(meta(department(d), 1), new DepartmentId(department(d)), "Department " + d));
    }
    return events;
  }

  List<Integer> nextBatch(int size) {
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      ids.add(nextId++);
    }
    return ids;
  }

  /** The batch's events of one kind: hires (version 1), transfers (2), archives (3). */
  List<DomainEvent> events(Kind kind, List<Integer> ids) {
    List<DomainEvent> events = new ArrayList<>();
    for (int id : ids) {
      EmployeeId employee = new EmployeeId(id);
      String home = department(id);
      String next = department(id + 1);
      String aggregate = employee.canonical();
      switch (kind) {
        case INDEX -> events.add(new EmployeeHired(meta(aggregate, 1), employee, new DepartmentId(home),
            "First" + id % 97, "Last" + id % 211, "e" + id + "@example.com", 20 + id % 40));
        case TRANSFER -> events.add(new EmployeeTransferred(meta(aggregate, 2), employee, new DepartmentId(home), new DepartmentId(next)));
        case ARCHIVE -> events.add(new EmployeeArchived(meta(aggregate, 3), employee, new DepartmentId(next), Optional.of("bench")));
        default -> throw new IllegalArgumentException(kind.toString());
      }
    }
    return events;
  }

  private String department(int n) {
    return "D" + Math.floorMod(n, departments);
  }

  private EventMetadata meta(String aggregateId, long version) {
    clock = clock.plusMillis(1);
    UUID eventId = UUID.nameUUIDFromBytes((aggregateId + "/" + version).getBytes(StandardCharsets.UTF_8));
    return new EventMetadata(eventId, "bench-" + aggregateId + "-" + version, aggregateId, version, clock);
  }
}
