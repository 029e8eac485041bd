package io.tablecast.hr.steps;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.EmployeeId;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.hr.tables.rows.EmployeeDetails;
import io.tablecast.hr.tables.rows.LocatorRow;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One of HR's cross-partition items (SPEC §4), as it travels on its queue: a JSON object, its
 * {@code type} one of those of docs/work-items.md. Items are triggers, not orders: the step
 * reconciles the employee against its locator whatever the item says ({@link EmployeeStep}).
 *
 * @param employeeId the employee the item is about: the archived, transferred or reindexed one, or the manager
 * @param version the version of the event that asked for it: the employee's, or for {@link Type#MANAGER_ASSIGNED} the department's
 * @param departments the departments it names: the one archived from, the two of a transfer, the one managed
 * @param hire on the item of a hire, the employee as the hire made it
 */
public record EmployeeItem(Type type, String employeeId, long version, List<String> departments, Optional<Hire> hire) {

  /** The kinds of item, each on the queue SPEC §4 gives it. */
  public enum Type {
    ARCHIVE_EMPLOYEE("archive-employee", WorkQueue.ARCHIVE),
    TRANSFER_EMPLOYEE("transfer-employee", WorkQueue.TRANSFER),
    REINDEX_EMPLOYEE("reindex-employee", WorkQueue.INDEX_MAINTENANCE),
    MANAGER_ASSIGNED("manager-assigned", WorkQueue.INDEX_MAINTENANCE);

    private final String text;
    private final WorkQueue queue;

    Type(String text, WorkQueue queue) {
      this.text = text;
      this.queue = queue;
    }

    public WorkQueue queue() {
      return queue;
    }

    static Type of(String text) {
      for (Type type : values()) {
        if (type.text.equals(text)) {
          return type;
        }
      }
      throw new IllegalArgumentException("unknown item type '" + text + "'");
    }
  }

  /** An employee as its hire made it: the locator's properties at version 1. */
  public record Hire(String departmentId, String firstName, String lastName, String email, Integer age, Instant hiredAt, String eventId) {

    public static Hire of(EmployeeDetails employee, String departmentId, String eventId) {
      return new Hire(departmentId, employee.firstName(), employee.lastName(), employee.email(), employee.age(), employee.hiredAt(),
          eventId);
    }

    /** The locator the projector writes for this hire. */
    LocatorRow locator(String employeeId) {
      return LocatorRow.hired(new EmployeeDetails(employeeId, firstName, lastName, email, age, hiredAt), departmentId).stamped(1, eventId);
    }
  }

  private static final ObjectMapper JSON = JsonMapper.builder()
      .addModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .serializationInclusion(JsonInclude.Include.NON_NULL)
      .build();

  public EmployeeItem {
    Objects.requireNonNull(type, "'type' cannot be null.");
    employeeId = canonical(employeeId);
    departments = departments.stream().map(d -> DepartmentId.tryParse(d)
        .orElseThrow(() -> new IllegalArgumentException("department id '" + d + "' cannot exist")).value()).toList();
    int named = switch (type) {
      case ARCHIVE_EMPLOYEE, MANAGER_ASSIGNED -> 1;
      case TRANSFER_EMPLOYEE -> 2;
      case REINDEX_EMPLOYEE -> 0;
    };
    if (departments.size() != named) {
      throw new IllegalArgumentException("a " + type.text + " item names " + named + " department(s), not " + departments);
    }
    if (hire.isPresent() && (type != Type.REINDEX_EMPLOYEE || version != 1)) {
      throw new IllegalArgumentException("only the reindex of a hire (version 1) carries the hire");
    }
  }

  private static String canonical(String employeeId) {
    return EmployeeId.tryParse(employeeId).orElseThrow(() -> new IllegalArgumentException("employee id '" + employeeId
        + "' cannot exist")).canonical();
  }

  public static EmployeeItem archive(String employeeId, String departmentId, long version) {
    return new EmployeeItem(Type.ARCHIVE_EMPLOYEE, employeeId, version, List.of(departmentId), Optional.empty());
  }

  public static EmployeeItem transfer(String employeeId, String fromDepartmentId, String toDepartmentId, long version) {
    return new EmployeeItem(Type.TRANSFER_EMPLOYEE, employeeId, version, List.of(fromDepartmentId, toDepartmentId), Optional.empty());
  }

  public static EmployeeItem reindex(String employeeId, long version) {
    return new EmployeeItem(Type.REINDEX_EMPLOYEE, employeeId, version, List.of(), Optional.empty());
  }

  public static EmployeeItem hired(String employeeId, Hire hire) {
    return new EmployeeItem(Type.REINDEX_EMPLOYEE, employeeId, 1, List.of(), Optional.of(hire));
  }

  public static EmployeeItem managerAssigned(String departmentId, String managerId, long version) {
    return new EmployeeItem(Type.MANAGER_ASSIGNED, managerId, version, List.of(departmentId), Optional.empty());
  }

  /** The employee's id as a value. */
  public EmployeeId employee() {
    return EmployeeId.tryParse(employeeId).orElseThrow();
  }

  /**
   * Whether the item asks to put the employee's rows where its locator says: transfers, archives,
   * and changes after the hire. A hire's rows are the projector's; a manager's are not touched.
   */
  public boolean places() {
    return type == Type.ARCHIVE_EMPLOYEE || type == Type.TRANSFER_EMPLOYEE || (type == Type.REINDEX_EMPLOYEE && version > 1);
  }

  /** The departments whose manager fields the item asks to follow the employee: the one of a manager assignment. */
  public List<String> managed() {
    return type == Type.MANAGER_ASSIGNED ? departments : List.of();
  }

  /** The departments where a row of the employee may be left over: those an archive or a transfer names. */
  public List<String> placedFrom() {
    return type == Type.MANAGER_ASSIGNED ? List.of() : departments;
  }

  /** Whether the item's version is the employee's (it must wait for a locator that new), not a department's. */
  public boolean employeeVersion() {
    return type != Type.MANAGER_ASSIGNED;
  }

  /** The locator of the hire the item carries. */
  public Optional<LocatorRow> hiredLocator() {
    return hire.map(h -> h.locator(employeeId));
  }

  /** The item as docs/work-items.md gives it. */
  public String text() {
    Text text = switch (type) {
      case ARCHIVE_EMPLOYEE -> new Text(type.text, employeeId, null, departments.get(0), null, null, version, null);
      case TRANSFER_EMPLOYEE -> new Text(type.text, employeeId, null, null, departments.get(0), departments.get(1), version, null);
      case REINDEX_EMPLOYEE -> new Text(type.text, employeeId, null, null, null, null, version, hire.orElse(null));
      case MANAGER_ASSIGNED -> new Text(type.text, null, employeeId, departments.get(0), null, null, version, null);
    };
    try {
      return JSON.writeValueAsString(text);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write " + this, e);
    }
  }

  /** @throws IllegalArgumentException for a text that is not an item */
  public static EmployeeItem parse(String json) {
    Text text;
    try {
      text = JSON.readValue(json, Text.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not an HR item: " + e.getOriginalMessage());
    }
    Type type = Type.of(Objects.requireNonNull(text.type(), "an item has a type"));
    return switch (type) {
      case ARCHIVE_EMPLOYEE -> archive(required(text.employeeId(), "employeeId"), required(text.departmentId(), "departmentId"),
          text.version());
      case TRANSFER_EMPLOYEE -> transfer(required(text.employeeId(), "employeeId"), required(text.fromDepartmentId(), "fromDepartmentId"),
          required(text.toDepartmentId(), "toDepartmentId"), text.version());
      case REINDEX_EMPLOYEE -> new EmployeeItem(type, required(text.employeeId(), "employeeId"), text.version(), List.of(),
          Optional.ofNullable(text.hire()));
      case MANAGER_ASSIGNED -> managerAssigned(required(text.departmentId(), "departmentId"), required(text.managerId(), "managerId"),
          text.version());
    };
  }

  private static String required(String value, String name) {
    if (value == null) {
      throw new IllegalArgumentException("an item of this type has a '" + name + "'");
    }
    return value;
  }

  /** The JSON form: the fields of every type, each type using its own. */
  private record Text(String type, String employeeId, String managerId, String departmentId, String fromDepartmentId,
      String toDepartmentId, long version, Hire hire) {}
}
