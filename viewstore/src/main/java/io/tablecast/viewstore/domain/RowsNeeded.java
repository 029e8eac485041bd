package io.tablecast.viewstore.domain;

import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.hr.tables.EmployeesLayout;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which rows of a partition the fold may read, so the adapter loads exactly those: the summary,
 * the employees named by the events, then the email copies of their current and new emails.
 */
public final class RowsNeeded {

  private RowsNeeded() {}

  /** First read: the summary and the {@code empid_} rows. */
  public static Set<String> summaryAndEmployees(List<? extends DomainEvent> events) {
    Set<String> rows = new LinkedHashSet<>();
    rows.add(EmployeesLayout.DEPARTMENT);
    for (DomainEvent event : events) {
      if (event instanceof EmployeeHired e) {
        rows.add(EmployeesLayout.employee(e.employeeId()));
      } else if (event instanceof EmployeeDetailsChanged e) {
        rows.add(EmployeesLayout.employee(e.employeeId()));
      }
    }
    return rows;
  }

  /**
   * The optimistic first read: like {@link #summaryAndEmployees} but without the rows that hires
   * create, which are assumed absent. The write that follows inserts them, and fails (409) if
   * one existed after all; the caller then reads everything.
   */
  public static Set<String> summaryAndChangedEmployees(List<? extends DomainEvent> events) {
    Set<String> rows = new LinkedHashSet<>();
    rows.add(EmployeesLayout.DEPARTMENT);
    for (DomainEvent event : events) {
      if (event instanceof EmployeeDetailsChanged e) {
        rows.add(EmployeesLayout.employee(e.employeeId()));
      }
    }
    return rows;
  }

  /**
   * The rows of the optimistic first read that are taken as absent unless known: the summary of a
   * department that {@code events} create. A department's summary exists before its {@code
   * DepartmentCreated} only as a placeholder that an employee event wrote first (they travel on
   * different topics), or when the event is delivered again; the write that follows inserts the
   * summary, and fails (409) in those cases, so the caller reads everything.
   */
  public static Set<String> createdBy(List<? extends DomainEvent> events) {
    return events.stream().anyMatch(DepartmentCreated.class::isInstance) ? Set.of(EmployeesLayout.DEPARTMENT) : Set.of();
  }

  /** The optimistic second read: only the copies of the employees' current emails. */
  public static Set<String> currentEmailCopies(Map<String, ViewEntity> employees) {
    return emailCopies(employees, List.of());
  }

  /** Second read: the {@code email_} rows of the employees' current and new emails. */
  public static Set<String> emailCopies(Map<String, ViewEntity> employees, List<? extends DomainEvent> events) {
    Set<String> rows = new LinkedHashSet<>();
    employees.values().stream()
        .filter(row -> row.rowKey().startsWith(EmployeesLayout.EMPLOYEE_PREFIX))
        .forEach(row -> rows.add(EmployeesLayout.email(row.string(EmployeesLayout.EMAIL))));
    for (DomainEvent event : events) {
      if (event instanceof EmployeeHired e) {
        rows.add(EmployeesLayout.email(e.email()));
      } else if (event instanceof EmployeeDetailsChanged e) {
        rows.add(EmployeesLayout.email(e.email()));
      }
    }
    return rows;
  }
}
