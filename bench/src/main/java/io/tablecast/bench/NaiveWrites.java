package io.tablecast.bench;

import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The entity writes of the naive baseline: a projector that handles one event at a time and
 * writes every entity the event changes with its own upsert, without batching and without
 * merging the writes of several events to one entity.
 *
 * <ul>
 *   <li>department created or manager assigned: the summary (1);
 *   <li>hire: the summary's count, the employee, its email copy, the locator, the activity row (5);
 *   <li>detail change: the employee, its email copy, the old copy's delete when the address
 *       changed, the locator, the activity row (4 or 5);
 *   <li>transfer, archive: the locator and the activity row (2); the move itself is queue work.
 * </ul>
 */
final class NaiveWrites {

  private NaiveWrites() {}

  /** The naive writes of each phase, given the phases in log order. */
  static List<Long> perPhase(List<List<DomainEvent>> phases) {
    Map<String, String> emails = new HashMap<>();
    List<Long> writes = new ArrayList<>();
    for (List<DomainEvent> phase : phases) {
      long sum = 0;
      for (DomainEvent event : phase) {
        sum += writes(event, emails);
      }
      writes.add(sum);
    }
    return writes;
  }

  private static int writes(DomainEvent event, Map<String, String> emails) {
    if (event instanceof DepartmentCreated || event instanceof DepartmentManagerAssigned) {
      return 1;
    }
    String id = event.metadata().aggregateId();
    if (event instanceof EmployeeHired hired) {
      emails.put(id, lower(hired.email()));
      return 5;
    }
    if (event instanceof EmployeeDetailsChanged changed) {
      boolean moved = !lower(changed.email()).equals(emails.put(id, lower(changed.email())));
      return moved ? 5 : 4;
    }
    return 2;
  }

  private static String lower(String email) {
    return email.toLowerCase(Locale.ROOT);
  }
}
