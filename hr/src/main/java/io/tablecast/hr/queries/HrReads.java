package io.tablecast.hr.queries;

import io.tablecast.common.tables.Keys;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.ActivityLayout;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.LastNameLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.EmailClaim;
import io.tablecast.hr.tables.rows.EmailCopyRow;
import io.tablecast.hr.tables.rows.EmailEntryRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.ViewReader;
import io.tablecast.projection.ViewReader.RowPage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * HR's queries on its view set's rows, each one of the guide's query types: point queries first,
 * range queries within one partition second, never a scan.
 */
record HrReads(ViewReader views) {

  /**
   * What an active employee is served from: {@code $select} leaves out the rest, the {@code
   * Timestamp} included, which the SDK would otherwise parse on every read.
   */
  private static final Set<String> ACTIVE_COLUMNS =
      Arrays.stream(EmployeeField.values()).flatMap(f -> f.column().stream()).collect(Collectors.toUnmodifiableSet());
  /** Index entities per page when reading every shard of a last name. */
  private static final int SHARDS_PER_PAGE = 1_000;

  record Manager(String employeeId, String firstName, String lastName, String email) {}

  record Department(String departmentId, String name, int employeeCount, long version, Manager manager) {}

  /** An intra-partition email copy. */
  record EmailCopy(String employeeId, String departmentId, String firstName, String lastName, String email) {}

  /** SPEC §9's activity item, and who caused the event ({@code actor}), which SPEC leaves open. */
  record Activity(String eventType, Instant occurredAt, long version, String summary, String actor) {}

  /** Point query on the department summary. Empty until its {@code DepartmentCreated} is applied. */
  Optional<Department> department(DepartmentId department) {
    return views.row(new RowRef(ViewTable.EMPLOYEES, department.value(), EmployeesLayout.DEPARTMENT), Set.of())
        .map(DepartmentRow::from)
        .filter(row -> row.name() != null) // a placeholder until DepartmentCreated
        .map(row -> new Department(department.value(), row.name(), row.employeeCount(), row.version(),
            row.managerId() == null ? null
                : new Manager(row.managerId(), row.managerFirstName(), row.managerLastName(), row.managerEmail())));
  }

  /** Point query on {@code empid_} within the department partition. */
  Optional<EmployeeView> employee(DepartmentId department, EmployeeId employee) {
    return views.row(activeRow(department.value(), employee), ACTIVE_COLUMNS)
        .map(row -> EmployeeView.active(department.value(), row));
  }

  /** Range query on the {@code empid_} rows of one partition, in RowKey order, projected to {@code fields} server-side. */
  RowsPage<EmployeeView> employees(DepartmentId department, int pageSize, Optional<String> after, List<EmployeeField> fields) {
    Set<String> select = fields.stream().flatMap(f -> f.column().stream()).collect(Collectors.toSet());
    RowPage page = views.page(ViewTable.EMPLOYEES, department.value(), EmployeesLayout.EMPLOYEE_PREFIX, pageSize, after, select);
    return new RowsPage<>(page.rows().stream().map(row -> EmployeeView.active(department.value(), row.properties())).toList(),
        page.cursor());
  }

  /** Range query on the {@code email_} copies of one partition whose key starts with {@code keyPrefix}. */
  RowsPage<EmailCopy> emailCopies(DepartmentId department, String keyPrefix, int pageSize, Optional<String> after) {
    RowPage page = views.page(ViewTable.EMPLOYEES, department.value(), EmployeesLayout.EMAIL_PREFIX + keyPrefix, pageSize, after,
        Set.of());
    return new RowsPage<>(page.rows().stream().map(row -> EmailCopyRow.from(row.properties()).claim())
        .map(claim -> emailCopy(claim, department)).toList(), page.cursor());
  }

  private static EmailCopy emailCopy(EmailClaim claim, DepartmentId department) {
    return new EmailCopy(claim.employeeId(), department.value(), claim.firstName(), claim.lastName(), claim.email());
  }

  /** The locator, then a point query on the department partition; an archived employee too. */
  Optional<EmployeeView> employee(EmployeeId employee) {
    return views.row(new RowRef(ViewTable.EMPLOYEE_INDEX, IndexLayout.locatorPartition(employee), IndexLayout.ROW), Set.of())
        .map(row -> followLocator(LocatorRow.from(row)));
  }

  /** An active employee from its department partition; the locator alone while a move is on its way there. */
  private EmployeeView followLocator(LocatorRow locator) {
    if (!locator.isActive()) {
      return EmployeeView.fromLocator(locator);
    }
    String department = locator.departmentId();
    return views.row(new RowRef(ViewTable.EMPLOYEES, department, EmployeesLayout.employee(locator.id())), Set.of())
        .map(row -> EmployeeView.active(department, row))
        .orElseGet(() -> EmployeeView.fromLocator(locator));
  }

  /** The inter-partition index entry of the address, then the employee. */
  Optional<EmployeeView> employeeByEmail(String email) {
    return views.row(new RowRef(ViewTable.EMPLOYEE_INDEX, IndexLayout.emailPartition(email), IndexLayout.ROW), Set.of())
        .flatMap(entry -> employee(EmployeeId.parse(EmailEntryRow.from(entry).claim().employeeId())))
        .filter(e -> e.status() == EmployeeView.Status.Active && e.email().equalsIgnoreCase(email));
  }

  /**
   * The index entities of the last name (one department, or every department), then point
   * queries on the employees side by side, sorted by id: at most {@code pageSize} of them, after
   * {@code afterId}.
   */
  RowsPage<EmployeeView> employeesByLastName(String lastName, Optional<DepartmentId> department, int pageSize,
      Optional<String> afterId) {
    TreeMap<String, String> departmentById = new TreeMap<>();
    String partition = Keys.key(lastName.toLowerCase(Locale.ROOT));
    String shards = department.map(d -> d.value() + "_").orElse("");
    Optional<String> cursor = Optional.empty();
    do {
      RowPage page = views.page(ViewTable.EMPLOYEES_BY_LAST_NAME, partition, shards, SHARDS_PER_PAGE, cursor, Set.of());
      for (ViewReader.Row shard : page.rows()) {
        String departmentId = LastNameLayout.departmentOf(shard.rowKey());
        LastNameLayout.ids((String) shard.properties().get(LastNameLayout.EMPLOYEE_IDS))
            .forEach(id -> departmentById.put(id, departmentId));
      }
      cursor = page.cursor();
    } while (cursor.isPresent());
    Map<String, String> wanted = afterId.map(a -> departmentById.tailMap(a, false)).orElse(departmentById);
    List<Map.Entry<String, String>> page = wanted.entrySet().stream().limit(pageSize).toList();
    List<RowRef> rows = page.stream().map(e -> activeRow(e.getValue(), EmployeeId.parse(e.getKey()))).toList();
    List<Optional<Map<String, Object>>> read = views.rows(rows, ACTIVE_COLUMNS);
    List<EmployeeView> employees = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      String departmentId = rows.get(i).partitionKey();
      read.get(i).map(row -> EmployeeView.active(departmentId, row)).ifPresent(employees::add);
    }
    employees.removeIf(e -> !e.lastName().equalsIgnoreCase(lastName));
    employees.sort(Comparator.comparing(EmployeeView::employeeId));
    boolean more = wanted.size() > page.size();
    return new RowsPage<>(employees, more ? Optional.of(page.get(page.size() - 1).getKey()) : Optional.empty());
  }

  /** Point query on the archive. */
  Optional<EmployeeView> archivedEmployee(DepartmentId department, EmployeeId employee) {
    return views.row(new RowRef(ViewTable.ARCHIVED_EMPLOYEES, department.value(), EmployeesLayout.employee(employee)), Set.of())
        .map(row -> EmployeeView.archived(department.value(), row));
  }

  /** The newest {@code top} entries of the log tail, newest first. */
  List<Activity> activity(EmployeeId employee, int top) {
    return views.page(ViewTable.EMPLOYEE_ACTIVITY, employee.canonical(), "", top, Optional.empty(), Set.of()).rows().stream()
        .map(ViewReader.Row::properties)
        .map(row -> new Activity((String) row.get(ActivityLayout.EVENT_TYPE), (Instant) row.get(ActivityLayout.OCCURRED_AT),
            ((Number) row.get(EmployeesLayout.VERSION)).longValue(), (String) row.get(ActivityLayout.SUMMARY),
            // An anonymous event's row, like one written before actors were recorded, has no Actor.
            (String) row.getOrDefault(ActivityLayout.ACTOR, ActivityLayout.ANONYMOUS)))
        .toList();
  }

  private static RowRef activeRow(String departmentId, EmployeeId employee) {
    return new RowRef(ViewTable.EMPLOYEES, departmentId, EmployeesLayout.employee(employee));
  }

  /** A page of what a query found, with the cursor of the next. */
  record RowsPage<T>(List<T> items, Optional<String> cursor) {}
}
