package io.tablecast.hr.work;

import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the queue workers know of one employee, kept in one row next to its locator
 * (docs/work-items.md): where its index entries are, which departments it manages, and who is
 * working on it.
 *
 * <p>Index entities are spread over many partitions, so no transaction can move an employee's
 * entries. Instead a worker takes the employee's {@link Lease} and writes its <em>intent</em> in
 * the same conditional write: the entries it is about to create ({@code indexed}) and every
 * entry that may still exist but must not ({@code stale}). Then it changes the entries, and
 * finally commits: stale cleared, lease gone. A worker that dies or fails half-way leaves the
 * intent and its lease behind, so the next one removes whatever the last one may have written.
 * Pure: every transition returns a new value.
 *
 * @param indexed where the employee's entries are, or are about to be
 * @param staleEmails email entries that may still name the employee but must not
 * @param staleLastNames last-name entries that may still list the employee but must not
 * @param managedDepartments departments whose manager fields this employee may be in
 * @param version the locator version of the last commit
 * @param lease the last worker's lease while its work is not committed; empty once it is
 */
public record WorkerState(
    IndexEntries indexed,
    Set<String> staleEmails,
    Set<LastNameEntry> staleLastNames,
    Set<String> managedDepartments,
    long version,
    Optional<Lease> lease) {

  public static final WorkerState NONE = new WorkerState(IndexEntries.NONE, Set.of(), Set.of(), Set.of(), 0, Optional.empty());

  public WorkerState {
    staleEmails = Set.copyOf(staleEmails.stream().map(e -> e.toLowerCase(Locale.ROOT)).toList());
    staleLastNames = Set.copyOf(staleLastNames);
    managedDepartments = Set.copyOf(managedDepartments);
  }

  /**
   * An employee's entry in {@code EmployeesByLastName}: a last name, lower-cased as the index
   * keys it, within a department.
   */
  public record LastNameEntry(String lastName, String departmentId) {
    public LastNameEntry {
      lastName = lastName.toLowerCase(Locale.ROOT);
    }
  }

  /**
   * The index entries an employee has: its email entry (the address lower-cased, as the index
   * keys it) and its last-name entry.
   */
  public record IndexEntries(Optional<String> email, Optional<LastNameEntry> lastName) {

    public static final IndexEntries NONE = new IndexEntries(Optional.empty(), Optional.empty());

    public IndexEntries {
      email = email.map(e -> e.toLowerCase(Locale.ROOT));
    }

    /** The entries the truth calls for: an active employee is indexed, an archived one is not. */
    public static IndexEntries of(Optional<ViewEntity> truth) {
      return truth.filter(TruthRows::isActive)
          .map(t -> new IndexEntries(Optional.of(t.string(EmployeesLayout.EMAIL)),
              Optional.of(new LastNameEntry(t.string(EmployeesLayout.LAST_NAME), t.string(IndexLayout.DEPARTMENT_ID)))))
          .orElse(NONE);
    }
  }

  /** A worker's claim on the employee, until the given instant (kept to the millisecond, as stored). */
  public record Lease(String owner, Instant until) {
    public Lease {
      until = until.truncatedTo(ChronoUnit.MILLIS);
    }

    public boolean heldAt(Instant now) {
      return now.isBefore(until);
    }
  }

  /** Whether another worker holds the employee now. */
  public boolean heldByOtherAt(String owner, Instant now) {
    return lease.filter(l -> l.heldAt(now) && !l.owner().equals(owner)).isPresent();
  }

  /** Whether a commit at {@code truthVersion} with these entries and departments would change nothing. */
  public boolean settled(IndexEntries desired, Set<String> departments, long truthVersion) {
    return committed() && staleEmails.isEmpty() && staleLastNames.isEmpty() && indexed.equals(desired)
        && managedDepartments.containsAll(departments) && version >= truthVersion;
  }

  /**
   * The state a worker writes before it touches any entry: its lease, the entries it will create,
   * and as stale every entry this state knew of that the truth no longer calls for.
   */
  public WorkerState intent(IndexEntries desired, Set<String> moreDepartments, Lease lease) {
    Set<String> emails = new LinkedHashSet<>(staleEmails);
    indexed.email().ifPresent(emails::add);
    desired.email().ifPresent(emails::remove);
    Set<LastNameEntry> lastNames = new LinkedHashSet<>(staleLastNames);
    indexed.lastName().ifPresent(lastNames::add);
    desired.lastName().ifPresent(lastNames::remove);
    Set<String> departments = new TreeSet<>(managedDepartments);
    departments.addAll(moreDepartments);
    return new WorkerState(desired, emails, lastNames, departments, version, Optional.of(lease));
  }

  /**
   * The state with {@code maybe} among the entries that may exist but must not, except those
   * {@code desired}: entries a worker may have written without recording them first, as the
   * first attempt at a hire does (docs/work-items.md).
   */
  public WorkerState mayAlsoHold(IndexEntries maybe, IndexEntries desired) {
    Set<String> emails = new LinkedHashSet<>(staleEmails);
    maybe.email().filter(e -> !desired.email().equals(Optional.of(e))).ifPresent(emails::add);
    Set<LastNameEntry> lastNames = new LinkedHashSet<>(staleLastNames);
    maybe.lastName().filter(l -> !desired.lastName().equals(Optional.of(l))).ifPresent(lastNames::add);
    return new WorkerState(indexed, emails, lastNames, managedDepartments, version, lease);
  }

  /**
   * The state with more departments to follow, for an employee whose locator the projector has
   * not written yet: its hire's work item will find them here and follow them.
   */
  public WorkerState managing(Set<String> moreDepartments) {
    Set<String> departments = new TreeSet<>(managedDepartments);
    departments.addAll(moreDepartments);
    return new WorkerState(indexed, staleEmails, staleLastNames, departments, version, lease);
  }

  /** The state once every entry is as intended: nothing stale, no lease. */
  public WorkerState committed(Set<String> stillManaged, long truthVersion) {
    return new WorkerState(indexed, Set.of(), Set.of(), stillManaged, Math.max(version, truthVersion), Optional.empty());
  }

  /**
   * The state given back after a failed attempt: the intent is kept, and the lease ends now, so
   * the next worker knows that the entries may be half-changed.
   */
  public WorkerState released(Instant now) {
    return new WorkerState(indexed, staleEmails, staleLastNames, managedDepartments, version,
        lease.map(l -> new Lease(l.owner(), now)));
  }

  /** Whether the last worker finished: its entries are exactly {@code indexed}. */
  public boolean committed() {
    return lease.isEmpty();
  }
}
