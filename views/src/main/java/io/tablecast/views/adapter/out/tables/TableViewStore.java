package io.tablecast.views.adapter.out.tables;

import static io.tablecast.hr.tables.EmployeesLayout.VERSION;

import com.azure.data.tables.models.TableEntity;
import io.tablecast.common.concurrent.DaemonThreads;
import io.tablecast.common.concurrent.Parallel;
import io.tablecast.common.tables.Keys;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.ActivityLayout;
import io.tablecast.hr.tables.EmployeesLayout;
import io.tablecast.hr.tables.IndexLayout;
import io.tablecast.hr.tables.LastNameLayout;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.rows.DepartmentRow;
import io.tablecast.hr.tables.rows.EmailCopyRow;
import io.tablecast.hr.tables.rows.EmailEntryRow;
import io.tablecast.hr.tables.rows.LocatorRow;
import io.tablecast.views.application.ViewStore;
import io.tablecast.views.domain.ActivityView;
import io.tablecast.views.domain.DepartmentView;
import io.tablecast.views.domain.DepartmentView.ManagerView;
import io.tablecast.views.domain.EmailCopyView;
import io.tablecast.views.domain.EmployeeField;
import io.tablecast.views.domain.EmployeeView;
import io.tablecast.views.domain.Page;
import io.tablecast.viewstore.adapter.out.tables.TableRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;


/**
 * Answers view queries on the active generation's tables with the guide's query types: point
 * queries first, range queries within one partition second, never a scan. Follows
 * {@code ViewCatalog} flips through {@link ActiveTables}.
 */
public final class TableViewStore implements ViewStore, AutoCloseable {

  /** Point queries in flight at once for one last-name lookup. */
  private static final int LOOKUP_PARALLELISM = 16;

  /**
   * What an active employee's row is served from: {@code $select} leaves out the rest, the
   * {@code Timestamp} included, which the SDK would otherwise parse on every read.
   */
  private static final List<String> ACTIVE_COLUMNS =
      Arrays.stream(EmployeeField.values()).flatMap(f -> f.column().stream()).toList();

  private final ActiveTables tables;
  private final Queries queries;
  private final ExecutorService lookups = Executors.newFixedThreadPool(LOOKUP_PARALLELISM, DaemonThreads.named("views-lookup"));

  public TableViewStore(ActiveTables tables) {
    this.tables = tables;
    this.queries = new Queries(tables);
  }

  @Override
  public Optional<DepartmentView> department(DepartmentId department) {
    return queries.point(ViewTable.EMPLOYEES, department.value(), EmployeesLayout.DEPARTMENT)
        .map(row -> DepartmentRow.from(row.getProperties()))
        .filter(row -> row.name() != null) // a placeholder until DepartmentCreated
        .map(row -> new DepartmentView(
            department.value(),
            row.name(),
            row.employeeCount(),
            row.version(),
            Optional.ofNullable(row.managerId()).map(id ->
                new ManagerView(id, row.managerFirstName(), row.managerLastName(), row.managerEmail()))));
  }

  @Override
  public Optional<EmployeeView> employee(DepartmentId department, EmployeeId employee) {
    return queries.point(ViewTable.EMPLOYEES, department.value(), EmployeesLayout.employee(employee), ACTIVE_COLUMNS)
        .map(row -> EmployeeRows.active(department.value(), row));
  }

  @Override
  public Page<EmployeeView> employees(DepartmentId department, int pageSize, Optional<String> after, Set<EmployeeField> fields) {
    List<String> select = fields.stream().flatMap(f -> f.column().stream()).toList();
    return queries.range(ViewTable.EMPLOYEES, Filters.rowKeyPrefix(department.value(), EmployeesLayout.EMPLOYEE_PREFIX),
            pageSize, after, select)
        .map(row -> EmployeeRows.active(department.value(), row));
  }

  @Override
  public Page<EmailCopyView> emailCopies(DepartmentId department, String keyPrefix, int pageSize, Optional<String> after) {
    return queries.range(ViewTable.EMPLOYEES, Filters.rowKeyPrefix(department.value(), EmployeesLayout.EMAIL_PREFIX + keyPrefix),
            pageSize, after, List.of())
        .map(row -> EmailCopyRow.from(row.getProperties()).claim())
        .map(claim -> new EmailCopyView(claim.employeeId(), department.value(), claim.firstName(), claim.lastName(), claim.email()));
  }

  @Override
  public Optional<EmployeeView> employee(EmployeeId employee) {
    return queries.point(ViewTable.EMPLOYEE_INDEX, IndexLayout.locatorPartition(employee), IndexLayout.ROW)
        .map(row -> followLocator(LocatorRow.from(row.getProperties())));
  }

  /** An active employee from its department partition; the locator alone while a move is on its way there. */
  private EmployeeView followLocator(LocatorRow locator) {
    if (!locator.isActive()) {
      return EmployeeRows.fromLocator(locator);
    }
    String department = locator.departmentId();
    return queries.point(ViewTable.EMPLOYEES, department, EmployeesLayout.employee(locator.id()))
        .map(row -> EmployeeRows.active(department, row))
        .orElseGet(() -> EmployeeRows.fromLocator(locator));
  }

  @Override
  public Optional<EmployeeView> employeeByEmail(String email) {
    return queries.point(ViewTable.EMPLOYEE_INDEX, IndexLayout.emailPartition(email), IndexLayout.ROW)
        .flatMap(entry -> employee(EmployeeId.parse(EmailEntryRow.from(entry.getProperties()).claim().employeeId())))
        .filter(e -> e.status() == EmployeeView.Status.Active && e.email().equalsIgnoreCase(email));
  }

  @Override
  public Page<EmployeeView> employeesByLastName(String lastName, Optional<DepartmentId> department, int pageSize,
      Optional<String> afterId) {
    String partition = Keys.key(lastName.toLowerCase(Locale.ROOT));
    String filter = department.map(d -> Filters.rowKeyPrefix(partition, d.value() + "_")).orElse(Filters.partition(partition));
    TreeMap<String, String> departmentById = new TreeMap<>();
    for (TableEntity shard : queries.all(ViewTable.EMPLOYEES_BY_LAST_NAME, filter)) {
      String departmentId = LastNameLayout.departmentOf(shard.getRowKey());
      LastNameLayout.ids((String) shard.getProperty(LastNameLayout.EMPLOYEE_IDS)).forEach(id -> departmentById.put(id, departmentId));
    }
    Map<String, String> wanted = afterId.map(a -> departmentById.tailMap(a, false)).orElse(departmentById);
    List<Map.Entry<String, String>> page = wanted.entrySet().stream().limit(pageSize).toList();
    List<EmployeeView> employees = new ArrayList<>(
        Parallel.map(lookups, page, e -> employee(new DepartmentId(e.getValue()), EmployeeId.parse(e.getKey()))).stream()
            .flatMap(Optional::stream).filter(e -> e.lastName().equalsIgnoreCase(lastName)).toList());
    employees.sort(Comparator.comparing(EmployeeView::employeeId));
    boolean more = wanted.size() > page.size();
    return new Page<>(employees, more ? Optional.of(page.get(page.size() - 1).getKey()) : Optional.empty());
  }

  @Override
  public Optional<EmployeeView> archivedEmployee(DepartmentId department, EmployeeId employee) {
    return queries.point(ViewTable.ARCHIVED_EMPLOYEES, department.value(), EmployeesLayout.employee(employee))
        .map(row -> EmployeeRows.archived(department.value(), row));
  }

  @Override
  public List<ActivityView> activity(EmployeeId employee, int top) {
    return queries.range(ViewTable.EMPLOYEE_ACTIVITY, Filters.partition(employee.canonical()), top, Optional.empty(), List.of())
        .items().stream()
        .map(row -> new ActivityView((String) row.getProperty(ActivityLayout.EVENT_TYPE),
            TableRows.instant(row, ActivityLayout.OCCURRED_AT), ((Number) row.getProperty(VERSION)).longValue(),
            (String) row.getProperty(ActivityLayout.SUMMARY), actor(row)))
        .toList();
  }

  /** An anonymous event's row, like one written before actors were recorded, has no {@code Actor}. */
  private static String actor(TableEntity row) {
    Object actor = row.getProperty(ActivityLayout.ACTOR);
    return actor == null ? ActivityLayout.ANONYMOUS : (String) actor;
  }

  @Override
  public void close() {
    lookups.shutdownNow();
  }
}
