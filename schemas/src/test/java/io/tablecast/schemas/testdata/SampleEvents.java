package io.tablecast.schemas.testdata;

import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventMetadata;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** One readable example of every event type, as a department's and an employee's history. */
public final class SampleEvents {

  public static final DepartmentId SALES = new DepartmentId("Sales");
  public static final DepartmentId RESEARCH = new DepartmentId("R-and-D");
  public static final EmployeeId ANA = EmployeeId.parse("123");
  /** A subject as Microsoft Entra ID issues them: an object id. */
  public static final Actor ADMIN = new Actor("3f2504e0-4f89-11d3-9a0c-0305e82c3301");

  private SampleEvents() {}

  public static EventMetadata metadata(String aggregateId, long version) {
    return new EventMetadata(
        UUID.nameUUIDFromBytes((aggregateId + "/" + version).getBytes(StandardCharsets.UTF_8)),
        "cmd-" + aggregateId + "-" + version,
        aggregateId,
        version,
        Instant.parse("2026-11-25T22:44:37.595Z").plusSeconds(version),
        ADMIN);
  }

  public static DepartmentCreated departmentCreated() {
    return new DepartmentCreated(metadata(SALES.value(), 1), SALES, "Sales & Marketing");
  }

  public static DepartmentManagerAssigned managerAssigned() {
    return new DepartmentManagerAssigned(
        metadata(SALES.value(), 2), SALES, ANA, "Ana", "O'Brien", "Ana.OBrien@example.com");
  }

  public static EmployeeHired employeeHired() {
    return new EmployeeHired(
        metadata(ANA.canonical(), 1), ANA, SALES, "Ana", "Müller 👩‍💼", "ana@example.com", 34);
  }

  public static EmployeeDetailsChanged detailsChanged() {
    return new EmployeeDetailsChanged(
        metadata(ANA.canonical(), 2), ANA, SALES, "Ana", "O'Brien", "ANA@example.com", 35);
  }

  public static EmployeeTransferred employeeTransferred() {
    return new EmployeeTransferred(metadata(ANA.canonical(), 3), ANA, SALES, RESEARCH);
  }

  public static EmployeeArchived employeeArchived(Optional<String> reason) {
    return new EmployeeArchived(metadata(ANA.canonical(), 4), ANA, RESEARCH, reason);
  }

  /** One event of each of the six types. */
  public static List<DomainEvent> oneOfEachType() {
    return List.of(
        departmentCreated(),
        managerAssigned(),
        employeeHired(),
        detailsChanged(),
        employeeTransferred(),
        employeeArchived(Optional.of("Moved abroad")));
  }
}
