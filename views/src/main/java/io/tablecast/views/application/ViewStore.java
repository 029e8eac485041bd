package io.tablecast.views.application;

import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.views.domain.ActivityView;
import io.tablecast.views.domain.DepartmentView;
import io.tablecast.views.domain.EmailCopyView;
import io.tablecast.views.domain.EmployeeField;
import io.tablecast.views.domain.EmployeeView;
import io.tablecast.views.domain.Page;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Port: the read-only queries of the views, each one of the guide's query types: point queries
 * first, range queries within one partition second, never a table scan.
 */
public interface ViewStore {

  /** Point query on the department summary. Empty until its {@code DepartmentCreated} is applied. */
  Optional<DepartmentView> department(DepartmentId department);

  /** Point query on {@code empid_} within the department partition. */
  Optional<EmployeeView> employee(DepartmentId department, EmployeeId employee);

  /**
   * Range query on the {@code empid_} rows of one partition, in RowKey order, projected to
   * {@code fields} server-side.
   *
   * @param after where the previous page stopped ({@link Page#next()}), empty for the first
   */
  Page<EmployeeView> employees(DepartmentId department, int pageSize, Optional<String> after, Set<EmployeeField> fields);

  /** Range query on the {@code email_} copies of one partition whose key starts with {@code keyPrefix}. */
  Page<EmailCopyView> emailCopies(DepartmentId department, String keyPrefix, int pageSize, Optional<String> after);

  /** The locator, then a point query on the department partition; an archived employee too. */
  Optional<EmployeeView> employee(EmployeeId employee);

  /** The inter-partition index entry of the address, then the employee. */
  Optional<EmployeeView> employeeByEmail(String email);

  /**
   * The index entities of the last name (one department, or every department), then point
   * queries on the employees, sorted by id: at most {@code pageSize} of them, after {@code afterId}.
   */
  Page<EmployeeView> employeesByLastName(String lastName, Optional<DepartmentId> department, int pageSize, Optional<String> afterId);

  /** Point query on the archive. */
  Optional<EmployeeView> archivedEmployee(DepartmentId department, EmployeeId employee);

  /** The newest {@code top} entries of the log tail, newest first. */
  List<ActivityView> activity(EmployeeId employee, int top);
}
