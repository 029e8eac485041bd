package io.tablecast.workers.application.work;

import io.tablecast.events.EmployeeId;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.hr.work.WorkerState;
import io.tablecast.viewstore.domain.SourcePosition;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Port: the views as the queue workers reach them. Every write is conditional (an insert, or
 * {@code If-Match} on the row as read). A write that loses a race with another writer of a
 * shared row (the projector, another employee's worker) reads again and retries inside the
 * adapter; one that keeps losing throws {@link WorkDeferred}.
 */
public interface WorkerStores {

  /** A value as stored, with the ETag to send back in {@code If-Match}; empty for a row not yet written. */
  record Stored<T>(T value, Optional<String> etag) {
    /** No state written yet: what a worker assumes, without reading, for an employee just hired. */
    public static Stored<WorkerState> none() {
      return new Stored<>(WorkerState.NONE, Optional.empty());
    }
  }

  /** The workers' state of an employee ({@link WorkerState#NONE} if there is none yet). */
  Stored<WorkerState> state(EmployeeId employee);

  /** The employee's locator, read fresh (SPEC §4); empty if it has none. */
  Optional<ViewEntity> truth(EmployeeId employee);

  /**
   * Writes a state if the row is still the one read; with no ETag, if there is no row.
   *
   * @throws StateNotAbsent if there was to be no row and there is one, not this write's own
   * @throws WorkDeferred if another worker wrote it since
   */
  Stored<WorkerState> saveState(EmployeeId employee, Stored<WorkerState> before, WorkerState after);

  /**
   * Whether this generation's projector has passed the event at {@code position}: applied it, or
   * parked it as unappliable. Until then the truth may still change to reflect it.
   */
  boolean projected(SourcePosition position);

  /**
   * Makes one {@code Employees} partition hold each employee as given: its row, or no row. The
   * count and the email copies change with them, in as few EGTs as possible.
   */
  void place(String departmentId, Map<EmployeeId, Optional<ViewEntity>> employees);

  /** Inserts or replaces rows in one {@code ArchivedEmployees} partition. */
  void archive(String departmentId, List<ViewEntity> rows);

  /** Removes the entries of these (lower-cased) addresses that still name the employee. */
  void removeEmailEntries(EmployeeId employee, Collection<String> emails);

  /**
   * Writes an email entry, unless a newer claim on the address holds it ({@code EmailClaims}).
   *
   * @param probablyAbsent whether the entry is likely not to exist yet, as for a new address: then
   *     it is inserted without reading first, and read only if the insert finds one
   */
  void putEmailEntry(ViewEntity entry, boolean probablyAbsent);

  /**
   * Adds and removes ids in the index entities of one (lower-cased) last name, by department.
   */
  void updateLastName(String lastName, Map<String, Set<String>> addByDepartment, Map<String, Set<String>> removeByDepartment);

  /**
   * Makes the manager fields of these departments follow the manager's truth, where the
   * department still names the manager. Returns the departments that still do.
   */
  Set<String> followManager(String managerId, ViewEntity truth, Collection<String> departments);
}
