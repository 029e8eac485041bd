package io.tablecast.hr.tables;

import io.tablecast.common.tables.Keys;
import io.tablecast.events.EmployeeId;
import java.util.Locale;
import java.util.Map;

/**
 * The layout of the {@code Employees} table (SPEC §3, §9): RowKeys, {@code EntityType} values
 * and property names. Writers (projector, workers) and readers (views) share these, so the
 * layout is spelled in exactly one place.
 */
public final class EmployeesLayout {

  public static final String DEPARTMENT = "department";
  public static final String EMPLOYEE_PREFIX = "empid_";
  public static final String EMAIL_PREFIX = "email_";

  public static final String TYPE_DEPARTMENT = "Department";
  public static final String TYPE_EMPLOYEE = "Employee";
  public static final String TYPE_EMAIL = "EmployeeEmail";

  public static final String ENTITY_TYPE = "EntityType";
  public static final String VERSION = "Version";
  public static final String EVENT_ID = "EventId";
  public static final String NAME = "Name";
  public static final String EMPLOYEE_COUNT = "EmployeeCount";
  public static final String MANAGER_ID = "ManagerId";
  public static final String MANAGER_FIRST_NAME = "ManagerFirstName";
  public static final String MANAGER_LAST_NAME = "ManagerLastName";
  public static final String MANAGER_EMAIL = "ManagerEmail";
  public static final String EMPLOYEE_ID = "EmployeeId";
  public static final String FIRST_NAME = "FirstName";
  public static final String LAST_NAME = "LastName";
  public static final String EMAIL = "Email";
  public static final String AGE = "Age";
  public static final String HIRED_AT = "HiredAt";

  private EmployeesLayout() {}

  public static String employee(EmployeeId id) {
    return EMPLOYEE_PREFIX + id.canonical();
  }

  /** The aggregate version a row was last stamped with; 0 for a row no event has stamped yet. */
  public static long version(Map<String, Object> row) {
    return row.get(VERSION) instanceof Number version ? version.longValue() : 0;
  }

  /** Emails compare case-insensitively: the copy's key is the lower-cased, escaped email. */
  public static String email(String email) {
    return EMAIL_PREFIX + Keys.key(email.toLowerCase(Locale.ROOT));
  }
}
