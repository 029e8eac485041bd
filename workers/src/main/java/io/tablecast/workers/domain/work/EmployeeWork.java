package io.tablecast.workers.domain.work;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.work.TruthRows;
import io.tablecast.hr.work.ViewEntity;
import io.tablecast.viewstore.domain.SourcePosition;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one message asks of one employee, merged over its items: the department partitions the
 * items name, the departments it was made manager of, and whether its rows must be placed. Pure.
 *
 * <p>Items are triggers: the named partitions are only where a stray row might be. Where the
 * employee belongs comes from the truth ({@link #placements}).
 *
 * @param place whether to put the employee's rows where the truth says (transfers, archives,
 *     changes after the hire); a hire's rows are the projector's
 * @param version the newest employee version the items were caused by; 0 when they only name
 *     departments it manages (those carry the department's version)
 * @param source where the event of that version is in the log, when the item says
 * @param hire the locator of the employee's hire, when an item carries it: what a worker's first
 *     attempt at the hire may have written
 */
public record EmployeeWork(EmployeeId employee, Set<String> namedDepartments, Set<String> managedDepartments, boolean place,
    long version, Optional<SourcePosition> source, Optional<ViewEntity> hire) {

  public EmployeeWork {
    namedDepartments = Set.copyOf(namedDepartments);
    managedDepartments = Set.copyOf(managedDepartments);
  }

  public EmployeeWork(EmployeeId employee, Set<String> namedDepartments, Set<String> managedDepartments, boolean place) {
    this(employee, namedDepartments, managedDepartments, place, 0, Optional.empty(), Optional.empty());
  }

  public EmployeeWork(EmployeeId employee, Set<String> namedDepartments, Set<String> managedDepartments, boolean place,
      long version, Optional<SourcePosition> source) {
    this(employee, namedDepartments, managedDepartments, place, version, source, Optional.empty());
  }

  /**
   * Merges a message's items by employee, in order of first mention.
   *
   * @throws IllegalArgumentException naming the first id that cannot exist
   */
  public static Map<EmployeeId, EmployeeWork> of(List<WorkItem> items) {
    Map<EmployeeId, EmployeeWork> work = new LinkedHashMap<>();
    for (WorkItem item : items) {
      EmployeeWork one = single(item);
      work.merge(one.employee(), one, EmployeeWork::and);
    }
    return work;
  }

  /** The employee an item is about, whose other items it is done with. */
  public static EmployeeId employeeOf(WorkItem item) {
    return single(item).employee();
  }

  private static EmployeeWork single(WorkItem item) {
    if (item instanceof WorkItem.ArchiveEmployee a) {
      return new EmployeeWork(employee(a.employeeId()), departments(a.departmentId()), Set.of(), true, a.version(), a.origin());
    } else if (item instanceof WorkItem.TransferEmployee t) {
      return new EmployeeWork(employee(t.employeeId()), departments(t.fromDepartmentId(), t.toDepartmentId()), Set.of(), true,
          t.version(), t.origin());
    } else if (item instanceof WorkItem.ReindexEmployee r) {
      return new EmployeeWork(employee(r.employeeId()), Set.of(), Set.of(), r.version() > 1, r.version(), r.origin(), r.hiredLocator());
    }
    WorkItem.ManagerAssigned m = (WorkItem.ManagerAssigned) item;
    return new EmployeeWork(employee(m.managerId()), Set.of(), departments(m.departmentId()), false);
  }

  /**
   * Whether all that is asked is to follow newly managed departments. Such work may reach a
   * worker before the manager's locator does: the department events are another topic, and a
   * rebuild reads them far ahead of the employee events.
   */
  public boolean onlyManages() {
    return !place && namedDepartments.isEmpty() && !managedDepartments.isEmpty();
  }

  private EmployeeWork and(EmployeeWork other) {
    Set<String> named = new TreeSet<>(namedDepartments);
    named.addAll(other.namedDepartments);
    Set<String> managed = new TreeSet<>(managedDepartments);
    managed.addAll(other.managedDepartments);
    EmployeeWork newer = other.version > version ? other : this;
    return new EmployeeWork(employee, named, managed, place || other.place, newer.version, newer.source, hire.or(other::hire));
  }

  /**
   * Whether all that is asked is the first work of a new employee, its hire's reindex: then no
   * worker has written its state yet, unless a manager assignment came first or an earlier attempt
   * at the same hire got as far as its lease.
   */
  public boolean onlyHired() {
    return version == 1 && !place && namedDepartments.isEmpty() && managedDepartments.isEmpty();
  }

  /**
   * Whether a worker may write the hire's entries as the item carries them, without reading the
   * locator or taking a lease: all that is asked is the hire, and the item carries it.
   */
  public boolean hireAsCarried() {
    return onlyHired() && hire.isPresent();
  }

  /** Whether the truth has not caught up with the items yet: no locator, or one older than the newest item. */
  public boolean aheadOf(Optional<ViewEntity> truth) {
    return version > 0 && truth.map(ViewEntity::version).orElse(0L) < version;
  }

  /**
   * Where the employee's row must be and must not be, by department: the row in the department
   * the truth names while it is active; no row in every other department the items name, nor in
   * its own once it is archived.
   */
  public Map<String, Optional<ViewEntity>> placements(ViewEntity truth) {
    if (!place) {
      return Map.of();
    }
    String home = TruthRows.locator(truth).departmentId();
    Map<String, Optional<ViewEntity>> placements = new LinkedHashMap<>();
    placements.put(home, TruthRows.isActive(truth) ? Optional.of(TruthRows.employee(truth)) : Optional.empty());
    namedDepartments.stream().filter(d -> !d.equals(home)).forEach(d -> placements.put(d, Optional.empty()));
    return placements;
  }

  /** The archive copy, once the truth says archived and the rows are to be placed. */
  public Optional<ViewEntity> archiveCopy(ViewEntity truth) {
    return place && !TruthRows.isActive(truth) ? Optional.of(TruthRows.archived(truth)) : Optional.empty();
  }

  private static EmployeeId employee(String id) {
    return EmployeeId.tryParse(id).orElseThrow(() -> new IllegalArgumentException("employee id '" + id + "' cannot exist"));
  }

  private static Set<String> departments(String... ids) {
    Set<String> departments = new TreeSet<>();
    for (String id : ids) {
      departments.add(DepartmentId.tryParse(id)
          .orElseThrow(() -> new IllegalArgumentException("department id '" + id + "' cannot exist")).value());
    }
    return departments;
  }
}
